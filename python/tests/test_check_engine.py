"""Tests of check_engine on engines written in Python: a correct small
engine agrees, the same with a planted ko bug is caught with an SGF, and
what an engine lacks is skipped and said."""

import tromp_taylor as tt
from simple_engine import PlayOnly, SimpleEngine


def simple(width, height, rules):
    return SimpleEngine(width, height, rules)


def ko_bug(width, height, rules):
    return SimpleEngine(width, height, rules, planted_bug="ko")


def test_a_correct_engine_agrees():
    report = tt.check_engine(simple, games=40, sizes=["4x4", "5x5", "5x3"], seed=3)
    assert report.ok, str(report)
    assert bool(report)
    assert report.games > 0 and report.agreed == report.games
    assert report.divergences == []
    assert report.engine == "simple"
    # Every optional part is there: only the protocol's limits are noted.
    assert not any("missing" in note for note in report.skipped), report.skipped
    assert "simple checked against the rules" in str(report)


def test_komi_and_suicide_forbidden_agree():
    report = tt.check_engine(simple, games=20, sizes=[5], rules=[
        "koPOSITIONALscoreAREAsui0komi2.5", "tromp-taylor"], seed=4)
    assert report.ok, str(report)


def test_a_planted_ko_bug_is_found_with_an_sgf():
    report = tt.check_engine(ko_bug, games=40, sizes=["5x5"], seed=3)
    assert not report.ok
    assert report.agreed < report.games
    divergence = report.divergences[0]
    # is_legal lists the ko retake: the legal sets differ before it is played.
    assert divergence.kind == "legal-set", divergence.kind
    assert divergence.rule.startswith("Rule 6"), divergence.rule
    assert divergence.sgf.startswith("(;") and "FF[4]" in divergence.sgf and "SZ[5]" in divergence.sgf
    assert divergence.sgf in divergence.message
    # The report shows each kind's first divergence in the one report form.
    assert "== a NEW divergence, a different legal set" in str(report), str(report)
    assert "what the rules say" in str(report)
    # The SGF replays on the rules: they part on the legal set after its
    # last turn, so no turn is disputed.
    game = tt.Game.from_sgf(divergence.sgf)
    assert game.moves and game.disputed is None and divergence.disputed is None


def test_a_planted_ko_bug_is_found_by_play_alone():
    report = tt.check_engine(
        lambda w, h, r: PlayOnlyWrapper(ko_bug(w, h, r)), games=60, sizes=["4x4", "5x5"], seed=2,
        name="ko-bug-play-only")
    assert not report.ok
    kinds = {d.kind for d in report.divergences}
    # Without is_legal, the retake is caught when it is tried: play accepts it.
    assert kinds == {"accepts-illegal"}, str(report)
    divergence = report.divergences[0]
    assert divergence.rule.startswith("Rule 6") and "FF[4]" in divergence.sgf
    assert "spec: illegal: superko" in divergence.message, divergence.message


def test_missing_parts_are_skipped_and_said():
    report = tt.check_engine(PlayOnly, games=15, sizes=["5x5"], seed=5, name="play-only")
    assert report.ok, str(report)
    assert report.engine == "play-only"
    notes = "\n".join(report.skipped)
    for part in ("is_legal()", "board()", "score()"):
        assert f"{part} is missing" in notes, notes
    assert "Not compared" in str(report)


def test_a_factory_that_fails_is_a_divergence():
    def broken(width, height, rules):
        raise RuntimeError("no engine today")

    report = tt.check_engine(broken, games=3, sizes=[3])
    assert not report.ok
    assert report.divergences[0].kind == "start"
    assert "no engine today" in report.divergences[0].message


def test_an_engine_refusing_legal_moves_is_caught(capfd):
    class Stubborn(SimpleEngine):
        def play(self, color, vertex):
            if vertex == "B2":
                raise ValueError("never B2")
            super().play(color, vertex)

    report = tt.check_engine(
        lambda w, h, r: PlayOnlyWrapper(Stubborn(w, h, r)), games=20, sizes=[3], seed=1)
    assert not report.ok
    # A refusal is a verdict difference in the rules' words, not a panic.
    divergence = report.divergences[0]
    assert divergence.kind == "refuses-legal", str(report)
    assert divergence.rule.startswith("Rule 7"), divergence.rule
    assert "never B2" in divergence.message and "never B2" in divergence.refusal
    # Reported once, in the report: the panic hook does not print it too.
    assert "panicked at" not in capfd.readouterr().err


class PlayOnlyWrapper:
    """Only ``play`` of an engine, so that its refusals are seen in play."""

    def __init__(self, engine):
        self.engine = engine

    def play(self, color, vertex):
        self.engine.play(color, vertex)


class Cells(SimpleEngine):
    """``board()`` as lists of "B"/"W"/None, and as one text, by turns."""

    calls = 0

    def board(self):
        Cells.calls += 1
        rows = super().board()
        if Cells.calls % 2:
            return [[{"X": "B", "O": "W"}.get(c) for c in row] for row in rows]
        return "\n".join(rows)


class NoCaptures(SimpleEngine):
    """Shows captured stones still on the board."""

    def play(self, color, vertex):
        before = dict(self.grid)
        super().play(color, vertex)
        self.shown = {**before, **self.grid}

    def board(self):
        shown = getattr(self, "shown", self.grid)
        return [
            "".join({"B": "X", "W": "O"}.get(shown.get((x, y)), ".") for x in range(self.width))
            for y in reversed(range(self.height))
        ]


class NoKomi(SimpleEngine):
    """Forgets komi in its result."""

    def score(self):
        self.komi = 0.0
        return super().score()


class LegalityRaises(SimpleEngine):
    def is_legal(self, color, vertex):
        raise KeyError("nobody knows")


def test_board_forms_agree():
    report = tt.check_engine(Cells, games=10, sizes=["4x3"], seed=6)
    assert report.ok, str(report)
    assert Cells.calls > 0


def test_a_board_keeping_captured_stones_is_a_grid_divergence():
    report = tt.check_engine(NoCaptures, games=30, sizes=[4], seed=7)
    assert not report.ok
    assert {d.kind for d in report.divergences} == {"board"}, str(report)
    assert report.divergences[0].rule.startswith("Rule 7"), report.divergences[0].rule


def test_a_result_without_komi_is_an_outcome_divergence():
    report = tt.check_engine(NoKomi, games=10, sizes=[3], rules="koPOSITIONALscoreAREAsui1komi0.5")
    assert not report.ok
    assert {d.kind for d in report.divergences} == {"score"}, str(report)
    divergence = report.divergences[0]
    assert divergence.rules[-1].startswith("Rule 10") and "Comment 10" in divergence.rules[-1]
    assert "spec says W+0.5" in divergence.message


def test_an_exception_in_is_legal_is_reported():
    report = tt.check_engine(LegalityRaises, games=3, sizes=[3])
    assert not report.ok
    divergence = report.divergences[0]
    assert divergence.kind == "crash"
    assert "is_legal() raised KeyError" in divergence.message
