"""Nanoseconds a call of ``Game``'s cheapest calls beside ``Game.play``, on
the 19x19 games of ``bench_play.py`` and in its loop shape: a property read
(``Game.is_over``), ``is_legal("pass")`` (a method taking a string that does
next to nothing), ``is_legal`` of each game's moves on the empty board (the
string read as a point, and a judgement), and ``play``. The gaps say where
a play's time goes: the call, the string, the turn itself. Not a test; run
it with the package and sgfmill installed::

    python python/bench/time_calls.py [rounds]

Prints the best of ``rounds`` (default 20) for each, in ns a call.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_play  # noqa: E402  (the games, drawn as bench_play draws them)
import tromp_taylor as tt  # noqa: E402


def timed(games, call):
    """Seconds for `call(game, vertex)` at every move of `games`, each on a
    game of its own made before the clock starts."""
    boards = [tt.Game(19) for _ in games]
    started = time.perf_counter()
    for game, moves in zip(boards, games):
        call(game, moves)
    return time.perf_counter() - started


def read(game, moves):
    for _vertex in moves:
        game.is_over


def legal_pass(game, moves):
    is_legal = game.is_legal
    for _vertex in moves:
        is_legal("pass")


def legal_on_empty(game, moves):
    is_legal = game.is_legal
    for vertex in moves:
        is_legal(vertex)


def play(game, moves):
    play_ = game.play
    for vertex in moves:
        play_(vertex)


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    games = bench_play.make_games(19, 16, 250, seed=19)
    calls = sum(len(moves) for moves in games)
    for name, call in [
        ("Game.is_over (a property read)", read),
        ('Game.is_legal("pass")', legal_pass),
        ("Game.is_legal(vertex) on the empty board", legal_on_empty),
        ("Game.play(vertex)", play),
    ]:
        best = min(timed(games, call) for _ in range(rounds))
        print(f"19x19: {name}: {best / calls * 1e9:.1f} ns a call ({calls} calls)")


if __name__ == "__main__":
    main()
