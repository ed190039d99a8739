"""The protocol's optional ``legal_moves(color)``: the legal set in one call
a step, compared like ``is_legal``'s (a bug in it is a legal-set
divergence, an answer that is no list of vertices a crash), with or
without the pass; and ``claims`` that cannot be read are refused."""

import pytest
import tromp_taylor as tt
from simple_engine import SimpleEngine


class ListsOnly:
    """Only ``play`` and ``legal_moves`` of the simple engine, with the pass
    listed or not."""

    def __init__(self, width, height, rules, planted_bug=None, with_pass=False):
        self.engine = SimpleEngine(width, height, rules, planted_bug=planted_bug)
        self.with_pass = with_pass

    def play(self, color, vertex):
        self.engine.play(color, vertex)

    def legal_moves(self, color):
        listed = self.engine.legal_moves(color)
        return (["pass"] if self.with_pass else []) + listed


def test_legal_moves_alone_agree_with_or_without_the_pass():
    for with_pass in (False, True):
        report = tt.check_engine(
            lambda w, h, r: ListsOnly(w, h, r, with_pass=with_pass),
            games=15, sizes=[4, "5x3"], seed=4, name="lists")
        assert report.ok, str(report)
        assert not any("is_legal() is missing" in n for n in report.skipped), report.skipped


def test_a_bug_in_legal_moves_is_a_legal_set_divergence():
    report = tt.check_engine(
        lambda w, h, r: ListsOnly(w, h, r, planted_bug="ko"),
        games=40, sizes=[5], seed=3, name="lists-ko")
    assert not report.ok
    divergence = report.divergences[0]
    assert divergence.kind == "legal-set", str(report)
    assert divergence.rule.startswith("Rule 6"), divergence.rule


def test_legal_moves_that_are_no_vertices_are_a_crash():
    class Garbage(ListsOnly):
        def legal_moves(self, color):
            return ["Z99"]

    report = tt.check_engine(Garbage, games=2, sizes=[3])
    assert not report.ok
    divergence = report.divergences[0]
    assert divergence.kind == "crash", str(report)
    assert "legal_moves() listed" in divergence.message, divergence.message


def test_claims_that_cannot_be_read_are_refused():
    with pytest.raises(ValueError):
        tt.check_engine(SimpleEngine, games=1, claims=[])
    with pytest.raises(ValueError):
        tt.check_engine(SimpleEngine, games=1, claims="no such rules")
