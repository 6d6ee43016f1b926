"""Board pictures: valid SVG, one piece element per piece, the same as the command."""
import random
import xml.etree.ElementTree as ElementTree

import lud64
from conftest import board_cells, run_command, text_fields

SVG = "{http://www.w3.org/2000/svg}"


def elements(svg, cls):
    root = ElementTree.fromstring(svg)
    return [e for e in root.iter() if e.get("class") == cls]


def test_pictures_show_every_piece(game):
    rng = random.Random(4)
    p = game.start()
    for _ in range(40):
        if p.is_over:
            break
        svg = p._repr_svg_()
        cells = board_cells(game, p.text()).values()
        assert len(elements(svg, "piece p1")) == sum(c == "x" for c in cells)
        assert len(elements(svg, "piece p2")) == sum(c == "o" for c in cells)
        assert len(elements(svg, "blocked")) == sum(c == "-" for c in cells)
        if game.name.startswith("davxar"):
            hands = text_fields(p.text()).get("hand")
            if hands:
                assert len(elements(svg, "hand p1")) == int(hands.split(",")[0])
        if p.last and p.last != "pass":
            assert elements(svg, "last")
        p = p.play(rng.choice(p.legal()))


def test_davxar_draws_its_lines_between_points():
    svg = lud64.Game("davxar").start().svg()
    assert len(elements(svg, "line")) == 80 and len(elements(svg, "point")) == 32


def test_show_svg_writes_the_same_picture():
    p = lud64.Game("guettal").start().play("G3").play("D3")
    out = run_command("show", "--game=guettal", f"--position={p.text()}", "--svg")
    assert out == p.game.position(p.text()).svg()
