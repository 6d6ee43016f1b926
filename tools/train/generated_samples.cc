#include "tools/train/generated_samples.h"

#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "boards/game_list.h"
#include "engine/random.h"
#include "play/training_samples.h"

namespace lud64 {
namespace {

// A uniform number in [0, 1) fixed by a game's index (SplitMix64): which
// games are held out or trained on does not depend on the file's order.
double GameDraw(uint64_t index) {
  uint64_t state = index;
  return static_cast<double>(SplitMix64(state) >> 11) / static_cast<double>(uint64_t{1} << 53);
}

// One game's block as read: where its positions go and their targets.
struct Block {
  uint64_t index = 0;
  std::string game;
  uint64_t left = 0;  // position lines still to read
  std::vector<std::string> positions;
  std::vector<float> targets;
  std::vector<float> results;
};

}  // namespace

float GeneratedTarget(Score score, float result, absl::string_view table, double blend) {
  if (table.size() > 1 && (table[0] == 'w' || table[0] == 'l')) {
    int turns = 0;
    if (absl::SimpleAtoi(table.substr(1), &turns)) {
      return TableTarget(table[0] == 'w' ? 1 : -1, turns);
    }
  }
  if (table == "d") return TableTarget(0, 0);
  const double expected =
      IsProven(score) ? (score > 0 ? 1.0 : 0.0) : 1 / (1 + std::exp(-score / kLogisticScale));
  return static_cast<float>(blend * result + (1 - blend) * expected);
}

bool IsGeneratedFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char magic[8] = {};
  in.read(magic, sizeof(magic));
  return !in || std::string(magic, sizeof(magic)) != "LUD64SMP";
}

absl::Status ReadGeneratedSamples(const std::string& path, const GeneratedSampling& sampling,
                                  GeneratedSamples& into) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("generate file ", path, ": cannot open"));
  const auto bad = [&](int number, absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("generate file ", path, ": line ", number, ": ", why));
  };
  std::map<std::string, AnyGame, std::less<>> games;
  std::optional<Block> block;
  // A whole block's positions go to training or validation, or nowhere.
  const auto finish = [&](int number) -> absl::Status {
    ++into.games;
    const double draw = GameDraw(block->index);
    const bool held_out = draw < sampling.validation;
    const bool trained =
        !held_out && (draw - sampling.validation) < sampling.share * (1 - sampling.validation);
    if (!held_out && !trained) return absl::OkStatus();
    auto game = games.find(block->game);
    if (game == games.end()) {
      absl::StatusOr<AnyGame> made = MakeGame(block->game);
      if (!made.ok()) return bad(number, made.status().message());
      game = games.emplace(block->game, *made).first;
    }
    absl::StatusOr<std::vector<std::optional<TrainingSample>>> samples =
        PositionSamples(game->second, block->positions, sampling.whole_game);
    if (!samples.ok()) return bad(number, samples.status().message());
    for (size_t i = 0; i < samples->size(); ++i) {
      std::optional<TrainingSample>& sample = (*samples)[i];
      if (!sample) {
        ++into.left_out;
        continue;
      }
      sample->target = block->targets[i];
      if (trained) {
        into.training.push_back(*sample);
        continue;
      }
      into.validation.push_back(*sample);
      sample->target = block->results[i];
      into.validation_results.push_back(*sample);
    }
    return absl::OkStatus();
  };
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    // A last line without its newline, or a last block cut short, is a run
    // still writing (or stopped while writing): whole games only.
    if (in.eof()) break;
    if (number == 1 && line.starts_with("#")) continue;
    if (!block) {
      const std::vector<std::string> words = absl::StrSplit(line, ' ');
      block.emplace();
      if (words.size() != 6 || words[0] != "game" || !absl::SimpleAtoi(words[1], &block->index) ||
          !absl::SimpleAtoi(words[5], &block->left)) {
        return bad(number, "expected a line `game <index> <game> <result> <plies> <positions>`");
      }
      block->game = words[2];
    } else {
      const std::vector<absl::string_view> words = absl::StrSplit(line, absl::MaxSplits(' ', 3));
      Score score = 0;
      float result = 0;
      if (words.size() != 4 || !absl::SimpleAtoi(words[0], &score) ||
          !absl::SimpleAtof(words[1], &result) || (result != 0 && result != 0.5f && result != 1)) {
        return bad(number, "expected a line `<score> <result> <table> <position>`");
      }
      block->positions.emplace_back(words[3]);
      block->targets.push_back(GeneratedTarget(score, result, words[2], sampling.blend));
      block->results.push_back(result);
      --block->left;
    }
    if (block->left == 0) {
      if (absl::Status done = finish(number); !done.ok()) return done;
      block.reset();
    }
  }
  if (in.bad())
    return absl::InvalidArgumentError(absl::StrCat("generate file ", path, ": read failed"));
  return absl::OkStatus();
}

}  // namespace lud64
