"""The shapes of OpenSpiel, PettingZoo and Pgx (lud64.load_game, lud64.pettingzoo,
lud64.pgx): their APIs and errors (random games through each against `lud64
replay`: test_replay_every_api.py)."""
import pickle
import random

import numpy as np
import pytest

import lud64


def spiel_games(name, count, seed):
    game = lud64.load_game(name)
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        games.append(state)
    return games


def test_spiel_state_api():
    game = lud64.load_game("davxar", {"pieces": 6})
    assert str(game) == "davxar:pieces=6" and game.num_players() == 2
    assert game.num_distinct_actions() == 225 and game.observation_tensor_shape() == [6, 32]
    assert game.max_game_length() == 5000
    state = game.new_initial_state()
    assert state.current_player() == 0 and not state.is_terminal()
    assert state.legal_actions_mask().dtype == np.int8
    assert sum(state.legal_actions_mask()) == len(state.legal_actions())
    a = state.legal_actions()[3]
    child = state.child(a)
    assert state.history() == [] and child.history() == [a]
    assert child.action_to_string(a) == game.game.action_text(a)
    assert child.string_to_action(child.action_to_string(a)) == a
    copy = child.clone()
    copy.apply_action(copy.legal_actions()[0])
    copy.undo_action(1, copy.history()[-1])
    assert copy == child and copy.returns() == [0.0, 0.0] and copy.rewards() == [0.0, 0.0]
    assert game.deserialize_state(child.serialize()) == child
    assert pickle.loads(pickle.dumps(child)) == child
    assert len(state.observation_tensor()) == 6 * 32
    with pytest.raises(ValueError, match=r"illegal .*; legal: "):
        state.apply_action(224)
    with pytest.raises(TypeError, match="action"):
        state.apply_action("E4")
    with pytest.raises(ValueError, match="not the last action"):
        child.undo_action(0, a + 1)
    over = spiel_games("guettal", 1, 3)[0]
    with pytest.raises(ValueError, match="the game is over"):
        over.apply_action(0)
    assert over.legal_actions() == []
    start = lud64.Game("davxar").start().play("E4")
    assert lud64.load_game("davxar").new_initial_state(start).position() == start


def test_pettingzoo_api_checks():
    """The checks of PettingZoo's api_test (pettingzoo.test.api_test), for lud64."""
    env = lud64.pettingzoo.env("guettal", render_mode="ansi")
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1"] and env.agents == env.possible_agents
    assert env.num_agents == 2 and env.max_num_agents == 2
    for agent in env.agents:
        assert env.observation_space(agent).contains(env.observe(agent))
        assert env.action_space(agent).n == env.game.num_actions
    assert isinstance(env.rewards, dict) and isinstance(env.terminations, dict)
    assert isinstance(env.truncations, dict) and isinstance(env.infos, dict)
    assert env.agent_selection == "player_0" and isinstance(env.render(), str)
    observation, reward, termination, truncation, info = env.last()
    assert observation["action_mask"].dtype == np.int8 and reward == 0
    other = env.observe("player_1")["action_mask"]
    assert not other.any()  # only the agent to act has legal actions
    cumulative = {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        assert agent == env.agent_selection
        observation, reward, termination, truncation, info = env.last()
        assert env.observation_space(agent).contains(observation)
        cumulative[agent] += 0  # rewards are cumulative per agent (last())
        if termination or truncation:
            with pytest.raises(ValueError):
                env.step(0)
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(observation["action_mask"]))
    assert env.agents == [] and env.rewards == {}
    # An illegal action ends the game with -1 for its agent, as classic games do.
    env.reset()
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"] == 0)[0]))
    assert all(env.terminations.values()) and env._cumulative_rewards["player_0"] == -1
    assert env._cumulative_rewards["player_1"] == 0


def test_pgx_state_and_errors():
    env = lud64.pgx.make("davxar", max_steps=3)
    state = env.init(5, seed=0, positions=["start"])
    assert state.observation.shape == (5, 6, 32) and state.observation.dtype == np.float32
    assert state.legal_action_mask.shape == (5, 225) and state.rewards.shape == (5, 2)
    assert state.current_player.dtype == np.int32 and list(state.current_player) == [0] * 5
    for _ in range(3):
        state = env.step(state, lud64.pgx.random_actions(state, seed=1))
    assert state.truncated.all() and not state.terminated.any()
    assert not state.legal_action_mask.any()
    frozen = env.step(state, np.zeros(5, dtype=np.int64))  # finished: unchanged, no reward
    assert np.array_equal(frozen.observation, state.observation) and not frozen.rewards.any()
    fresh = env.init(2)
    illegal = int(np.flatnonzero(~fresh.legal_action_mask[0])[0])
    after = env.step(fresh, np.array([illegal, fresh.legal_action_mask[1].argmax()]))
    assert after.terminated[0] and after.rewards[0].tolist() == [-1.0, 1.0]
    assert not after.terminated[1]
    with pytest.raises(TypeError, match="actions"):
        env.step(fresh, np.zeros(2, dtype=np.float32))
    with pytest.raises(ValueError, match="actions"):
        env.step(fresh, np.zeros(3, dtype=np.int32))
    with pytest.raises(ValueError, match=r"actions\[1\]=225"):
        env.step(fresh, np.array([0, 225]))
    with pytest.raises(ValueError, match="max_steps"):
        lud64.pgx.make("davxar", max_steps=-1)


@pytest.mark.parametrize("name", ["davxar", "davxar:lines=ludii,pieces=6", "damdaman",
                                  "guettal"])
def test_pgx_masks_and_observations_are_the_positions(name):
    env = lud64.pgx.make(name, auto_reset=True)
    state = env.init(16)
    for step in range(40):
        state = env.step(state, lud64.pgx.random_actions(state, seed=step))
        for i in range(16):
            position = state.position(i)
            assert np.array_equal(state.legal_action_mask[i], position.legal_mask())
            assert np.array_equal(state.observation[i], position.planes())


def test_pgx_final_observations_are_zero_but_where_a_game_ended():
    env = lud64.pgx.make("guettal", auto_reset=True)
    state = env.init(64)
    ended_any = False
    for step in range(20):
        state = env.step(state, lud64.pgx.random_actions(state, seed=step))
        ended = state.terminated | state.truncated
        assert not state.final_observation[~ended].any()
        assert all(state.final_observation[i].any() for i in np.flatnonzero(ended))
        ended_any |= ended.any()
    assert ended_any


def test_pgx_arrays_are_shared_by_torch_without_a_copy():
    torch = pytest.importorskip("torch")
    state = lud64.pgx.make("guettal").init(4)
    tensor = torch.from_numpy(state.observation)
    tensor[0, 0, 0, 0] = 7
    assert state.observation[0, 0, 0, 0] == 7
