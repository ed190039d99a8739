"""The cost of the legal set, asked point by point (``is_legal``) or in one
call a step (``legal_moves``), on the simple engine: the same check, timed
both ways. Not a test; run it as ``python python/tests/time_legal_moves.py
[games]`` with the package installed. The two checks compare the same
games, so their reports agree."""

import sys
import time

import tromp_taylor as tt
from simple_engine import SimpleEngine, WithoutLegalMoves


def timed(factory, games):
    started = time.perf_counter()
    report = tt.check_engine(factory, games=games, seed=0, jobs=1)
    assert report.ok, str(report)
    return time.perf_counter() - started, report


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    one_call, a = timed(SimpleEngine, games)
    per_point, b = timed(WithoutLegalMoves, games)
    assert (a.games, a.turns) == (b.games, b.turns)
    print(f"{games} games ({a.turns} turns) on 5x5 and 9x9, one job:")
    print(f"  is_legal per point: {per_point:.1f} s")
    print(f"  legal_moves:        {one_call:.1f} s ({per_point / one_call:.1f}x faster)")


if __name__ == "__main__":
    main()
