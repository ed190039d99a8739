"""Tests of the Python package's games: rules and presets, illegal moves
with their reasons and rules, suicide, scoring, undo, SGF, and the two
engines agreeing."""

import random
from pathlib import Path

import pytest

import tromp_taylor as tt


def play_all(game, vertices):
    for vertex in vertices:
        game.play(vertex)


# The ko: Black C2 is captured by White B2; Black retaking at C2 repeats the
# coloring before White's capture.
KO = ["B3", "C3", "A2", "D2", "C2", "C1", "B1", "B2"]


def test_rules_presets_and_compact_strings():
    assert str(tt.Rules()) == "koPOSITIONALscoreAREAsui1"
    assert str(tt.Rules("tromp-taylor")) == str(tt.Rules())
    chinese = tt.Rules("chinese")
    assert not chinese.suicide_allowed and chinese.illegal_loses_turn
    assert tt.Rules("new-zealand").superko == "situational"
    territory = tt.Rules("simple-ko-territory")
    assert territory.superko == "simple-ko" and territory.territory_scoring
    komi = tt.Rules("koPOSITIONALscoreAREAsui1komi7.5")
    assert komi.komi == 7.5
    assert tt.Rules(str(komi)) == komi
    assert [name for name, _ in tt.Rules.presets()] == [
        "tromp-taylor", "chinese", "new-zealand", "simple-ko-territory"]
    with pytest.raises(ValueError):
        tt.Rules("koBANANA")
    assert tt.Game(5, rules=chinese).rules == chinese
    assert repr(tt.Rules()) == "Rules('koPOSITIONALscoreAREAsui1')"


def test_sizes():
    assert tt.Game(9).size == (9, 9)
    assert tt.Game("9x9").size == (9, 9)
    assert tt.Game("5x3").size == (5, 3)
    assert tt.Game().size == (19, 19)
    for bad in (0, 53, "9y9", "x"):
        with pytest.raises(ValueError):
            tt.Game(bad)
    with pytest.raises(ValueError):
        tt.Game(5, engine="neither")


def test_ko_is_refused_as_superko_by_rule_6():
    for engine in ("spec", "fast"):
        game = tt.Game(5, engine=engine)
        play_all(game, KO)
        assert game.color_at("C2") is None and game.color_at("B2") == "W"
        assert not game.is_legal("C2")
        assert game.why_illegal("C2") == "superko"
        assert "C2" not in game.legal_moves()
        with pytest.raises(tt.IllegalMove) as refused:
            game.play("C2")
        error = refused.value
        assert isinstance(error, ValueError)
        assert (error.reason, error.rule, error.vertex) == ("superko", "rule 6", "C2")
        assert not error.lost_turn
        assert "repeats the grid coloring" in str(error)
        # Nothing changed: still Black to move, who may play elsewhere.
        assert game.to_move == "B"
        game.play("E5")


def test_simple_ko_is_refused_as_ko_by_seed_004():
    game = tt.Game(5, rules="simple-ko-territory")
    play_all(game, KO)
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("C2")
    assert (refused.value.reason, refused.value.rule) == ("ko", "seed 004")


def test_other_reasons():
    game = tt.Game(5)
    game.play("C3")
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("C3")
    assert (refused.value.reason, refused.value.rule) == ("occupied", "rule 7")
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("F1")
    assert (refused.value.reason, refused.value.rule) == ("off-board", "rule 1")
    assert not game.is_legal("Z25") and game.why_illegal("Z25") == "off-board"
    with pytest.raises(ValueError) as malformed:
        game.play("nowhere")
    assert not isinstance(malformed.value, tt.IllegalMove)
    game.play("pass")
    game.play("pass")
    assert game.is_over and game.legal_moves() == []
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("A1")
    assert (refused.value.reason, refused.value.rule) == ("game-over", "rule 8")


def test_suicide_allowed_forbidden_and_losing_the_turn():
    # White's A1 takes the last liberty of her own A1-A2-B1 string.
    moves = ["A3", "A2", "B2", "B1", "C1"]
    game = tt.Game(5)
    play_all(game, moves + ["A1"])
    assert [game.color_at(v) for v in ("A1", "A2", "B1")] == [None, None, None]
    assert game.prisoners() == (3, 0)

    game = tt.Game(5, rules="koPOSITIONALscoreAREAsui0")
    play_all(game, moves)
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("A1")
    assert (refused.value.reason, refused.value.rule) == ("suicide", "comment 7")
    assert game.to_move == "W"

    game = tt.Game(5, rules="chinese")
    play_all(game, moves)
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("A1")
    assert refused.value.reason == "suicide" and refused.value.lost_turn
    assert game.to_move == "B"
    assert game.moves[-1] == ("W", "A1")
    # The lost turn is in the record, and replays as lost.
    again = tt.Game.from_sgf(game.to_sgf())
    assert again.moves == game.moves and again.to_move == "B"
    assert game.undo() and game.to_move == "W" and game.moves[-1] == ("B", "C1")


def test_single_stone_suicide_repeats_a_coloring():
    game = tt.Game(5)
    play_all(game, ["A2", "E5", "B1"])
    with pytest.raises(tt.IllegalMove) as refused:
        game.play("A1")
    assert refused.value.reason == "superko"


def test_scoring():
    game = tt.Game(5)
    play_all(game, ["C3", "pass", "pass"])
    assert game.is_over
    assert game.score() == (25, 0)
    assert game.result() == "B+25"
    game = tt.Game(5, rules="koPOSITIONALscoreAREAsui1komi7.5")
    play_all(game, ["C3", "D3"])
    assert game.score() == (1, 1)
    assert game.result() == "W+7.5"
    game = tt.Game(3)
    assert game.result() == "0"


def test_grid_and_board():
    game = tt.Game("3x2")
    play_all(game, ["A1", "C2"])
    assert game.grid_rows() == ["..O", "X.."]
    assert game.board == [[None, None, "W"], ["B", None, None]]
    assert game.grid.splitlines() == [
        "   A B C",
        " 2 . . O 2",
        " 1 X . . 1",
        "   A B C",
    ]
    assert str(game) == game.grid


def test_undo():
    game = tt.Game(5)
    assert not game.undo()
    play_all(game, KO)
    before = game.grid
    game.play("E5")
    assert game.undo()
    assert game.grid == before and game.to_move == "B"
    assert len(game.moves) == len(KO)
    while game.undo():
        pass
    assert game.grid_rows() == ["....."] * 5 and game.moves == []


def test_sgf_round_trip():
    for engine in ("spec", "fast"):
        game = tt.Game("7x5", rules="new-zealand", engine=engine)
        play_all(game, ["D3", "C3", "pass", "E4", "D4", "pass", "pass"])
        text = game.to_sgf()
        assert text.startswith("(;FF[4]") and "SZ[7:5]" in text and "RE[" in text
        again = tt.Game.from_sgf(text, engine=engine)
        assert again.grid == game.grid
        assert again.rules == game.rules
        assert again.moves == game.moves
        assert again.to_sgf() == text
        assert again.is_over and again.result() == game.result()
    with pytest.raises(ValueError):
        tt.Game.from_sgf("(;FF[4]GM[1]SZ[5];B[cc];W[cc])")
    with pytest.raises(ValueError):
        tt.Game.from_sgf("not an sgf")


def test_both_engines_agree_on_random_games():
    chooser = random.Random(15)
    for number in range(12):
        size = chooser.choice([2, 3, 4, "5x3"])
        rules = chooser.choice(["tromp-taylor", "chinese", "new-zealand", "simple-ko-territory"])
        spec, fast = tt.Game(size, rules, "spec"), tt.Game(size, rules, "fast")
        for _ in range(80):
            assert spec.legal_moves() == fast.legal_moves(), (number, spec.moves)
            assert spec.grid == fast.grid and spec.to_move == fast.to_move
            legal = fast.legal_moves()
            if not legal:
                break
            # Mostly moves, now and then an illegal attempt, or a pass.
            if chooser.random() < 0.1:
                vertex = chooser.choice(["A1", "B2", "pass"])
            else:
                vertex = chooser.choice(legal[1:] or legal)
            outcomes = []
            for game in (spec, fast):
                try:
                    game.play(vertex)
                    outcomes.append(None)
                except tt.IllegalMove as error:
                    outcomes.append((error.reason, error.lost_turn))
            assert outcomes[0] == outcomes[1], (number, vertex, spec.moves)
        assert spec.score() == fast.score() and spec.result() == fast.result()
        assert spec.to_sgf() == fast.to_sgf()


def test_rules_read_the_same_names_as_every_other_reader():
    # testdata/rule-names.txt: the names every reader (the command line, GTP,
    # manifests, SGF RU; tests/rule_names.rs) accepts or refuses alike.
    names = Path(__file__).resolve().parents[2] / "testdata" / "rule-names.txt"
    checked = 0
    for line in names.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, accepted = line.rsplit(" ", 1)
        if accepted == "yes":
            tt.Rules(name)
        else:
            with pytest.raises(ValueError):
                tt.Rules(name)
        checked += 1
    assert checked >= 20
