"""Planted bugs found with the right kind, the rule at stake quoted, an SGF
and a header that says what the engine claims (as stated, or "not
stated"): a superko bug, suicide played where the rules forbid it and
refused where they allow it, and a legal move refused, which is a verdict
difference in the rules' words (``refuses-legal``), not a crash."""

import tromp_taylor as tt
from simple_engine import SimpleEngine, WithoutLegalMoves

NOT_STATED = "claims: not stated (held to the rules checked)"


def planted(bug):
    """A factory of the simple engine with ``bug``, named after it."""
    def factory(width, height, rules):
        return SimpleEngine(width, height, rules, planted_bug=bug)
    factory.__name__ = bug
    return factory


class PlayOnly:
    """Only ``play`` of an engine, so that its refusals are seen in play."""

    def __init__(self, engine):
        self.engine = engine

    def play(self, color, vertex):
        self.engine.play(color, vertex)


def play_only(bug):
    def factory(width, height, rules):
        return PlayOnly(SimpleEngine(width, height, rules, planted_bug=bug))
    factory.__name__ = f"{bug}-play-only"
    return factory


def assert_found(divergence, rule_start):
    assert divergence.rule.startswith(rule_start), divergence.rule
    assert '"' in divergence.rule, divergence.rule  # quoted
    assert divergence.rules and divergence.rules[0] == divergence.rule
    assert divergence.sgf.startswith("(;") and "FF[4]" in divergence.sgf, divergence.sgf
    assert divergence.sgf in divergence.message


def test_a_superko_bug_is_a_legal_set_divergence_on_rule_6():
    report = tt.check_engine(planted("superko"), games=60, sizes=["4x4", "5x5"], seed=1)
    assert not report.ok, str(report)
    kinds = {d.kind for d in report.divergences}
    assert kinds == {"legal-set"}, str(report)
    assert_found(report.divergences[0], "Rule 6")
    text = str(report)
    assert NOT_STATED in text, text
    assert "rules checked: koPOSITIONALscoreAREAsui1" in text, text
    assert report.claims is None and report.rules == ["koPOSITIONALscoreAREAsui1"]


def test_suicide_accepted_where_forbidden_is_found_within_the_claims():
    claims = ["koPOSITIONALscoreAREAsui0"]
    report = tt.check_engine(planted("suicide-accepted"), games=30, sizes=[4, 5],
                             rules=claims, claims=claims, seed=2)
    assert not report.ok, str(report)
    divergence = report.divergences[0]
    assert divergence.kind == "legal-set", str(report)
    assert_found(divergence, "The no-suicide variation of rule 7")
    assert "claims: koPOSITIONALscoreAREAsui0 (as stated)" in str(report), str(report)
    assert NOT_STATED not in str(report)
    assert report.claims == claims


def test_suicide_refused_where_allowed_is_a_verdict_difference():
    report = tt.check_engine(play_only("suicide-refused"), games=40, sizes=[4, 5],
                             rules="tromp-taylor", claims=[tt.Rules("tromp-taylor")], seed=3)
    assert not report.ok, str(report)
    kinds = {d.kind for d in report.divergences}
    assert kinds == {"refuses-legal"}, str(report)
    divergence = report.divergences[0]
    assert_found(divergence, "Rule 7")
    assert any(r.startswith("Comment 7") for r in divergence.rules), divergence.rules
    assert divergence.refusal and "suicide" in divergence.refusal, divergence.refusal
    # A Rules claimed is stated as its compact string.
    assert "claims: koPOSITIONALscoreAREAsui1 (as stated)" in str(report)


def test_a_refused_legal_move_is_a_verdict_difference_not_a_panic(capfd):
    report = tt.check_engine(play_only("refuse-corner"), games=20, sizes=[3], seed=1)
    assert not report.ok
    assert {d.kind for d in report.divergences} == {"refuses-legal"}, str(report)
    divergence = report.divergences[0]
    assert_found(divergence, "Rule 7")
    assert divergence.disputed is not None and divergence.disputed[1] == "A1"
    # The engine's own words, in the divergence and in the report.
    assert "the corner, for no reason" in divergence.refusal
    assert "the corner, for no reason" in divergence.message
    text = str(report)
    assert "the corner, for no reason" in text
    assert "panic" not in text, text
    assert "panicked at" not in capfd.readouterr().err
    assert NOT_STATED in text
    # Advice in Python, not the Rust call.
    assert "tromp_taylor_harness" not in text, text
    assert "game.disputed" in text and "tt.Game.from_sgf" in text


def test_is_legal_saying_no_to_a_legal_move_is_not_a_panic():
    class Unsure(WithoutLegalMoves):
        def is_legal(self, color, vertex):
            return vertex != "B2" and super().is_legal(color, vertex)

    report = tt.check_engine(
        lambda w, h, r: Unsure(w, h, r), games=10, sizes=[3], seed=1, name="unsure")
    assert not report.ok
    kinds = {d.kind for d in report.divergences}
    assert "crash" not in kinds, str(report)
    assert all(d.rule for d in report.divergences), str(report)


def test_rules_not_claimed_are_skipped_not_blamed():
    # Suicide is played under sui0, but it claims only tromp-taylor (sui1).
    report = tt.check_engine(planted("suicide-accepted"), games=30, sizes=[4],
                             rules=["tromp-taylor", "koPOSITIONALscoreAREAsui0"],
                             claims="tromp-taylor", seed=2)
    assert report.ok, str(report)
    assert report.skipped_games > 0
    assert any("suicide forbidden" in note for note in report.skipped), report.skipped
    assert "claims: tromp-taylor (as stated)" in str(report)
    assert "rules checked: koPOSITIONALscoreAREAsui1, koPOSITIONALscoreAREAsui0" in str(report)


def test_the_same_engine_without_stated_claims_is_blamed():
    report = tt.check_engine(planted("suicide-accepted"), games=30, sizes=[4],
                             rules=["tromp-taylor", "koPOSITIONALscoreAREAsui0"], seed=2)
    assert not report.ok
    assert not any("suicide" in note for note in report.skipped), report.skipped
    assert NOT_STATED in str(report)


def test_a_divergence_replays_as_a_regression_test():
    """The advice of the report, followed: the turns before the disputed one
    replayed on tt.Game and on the engine, then the disputed turn asked."""
    report = tt.check_engine(play_only("refuse-corner"), games=20, sizes=[3], seed=1)
    divergence = report.divergences[0]
    width, height = divergence.size
    game = tt.Game(f"{width}x{height}", divergence.rules_text)
    engine = SimpleEngine(width, height, divergence.rules_text, planted_bug="refuse-corner")
    for color, vertex in divergence.moves:
        try:
            game.play(vertex)
            engine.play(color, vertex)
        except tt.IllegalMove:
            pass
    color, vertex = divergence.disputed
    assert game.to_move == color
    try:
        engine.play(color, vertex)
        accepted = True
    except ValueError:
        accepted = False
    assert game.is_legal(vertex) and not accepted


def test_the_sgf_replays_up_to_the_disputed_turn():
    report = tt.check_engine(play_only("refuse-corner"), games=20, sizes=[3], seed=1)
    for divergence in report.divergences:
        game = tt.Game.from_sgf(divergence.sgf)
        color, vertex, note = game.disputed
        assert (color, vertex) == divergence.disputed, divergence.sgf
        assert note, divergence.sgf
        # Not played: the rules allow it, and it is the player's to move.
        assert game.to_move == color and game.is_legal(vertex)
        # The regression test of docs/python.md: the engine still refuses it.
        width, height = game.size
        engine = SimpleEngine(width, height, str(game.rules), planted_bug="refuse-corner")
        for move_color, move in game.moves:
            engine.play(move_color, move)
        try:
            engine.play(color, vertex)
            accepted = True
        except Exception:
            accepted = False
        assert accepted != game.is_legal(vertex), note
    # A game that is no reproducer has no disputed turn.
    assert tt.Game.from_sgf(tt.Game(3).to_sgf()).disputed is None
