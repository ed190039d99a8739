"""The speed of the package's ``Game.play`` and ``Game.legal_moves``, per
call, on 9x9 and 19x19, beside sgfmill's ``boards.Board.play`` (a pure-Python
board that Python users use), in one run. Not a test; run it with the
package and sgfmill installed::

    python python/bench/bench_play.py [rounds]

The workload: fixed games (seeded with ``random.Random``), each a run of
moves drawn uniformly from ``legal_moves()`` without the pass, made once
with the package before timing (9x9: 32 games of up to 60 moves; 19x19: 16
games of up to 250). Then, each timed round, both boards replay every game
from the empty board (the boards are made before the clock starts), and the
package's ``legal_moves`` is asked once at every tenth position of the
games. sgfmill's ``play`` checks no legality (only that the point is
empty), and the games contain no passes, so both boards end every game with
the same coloring (checked). Beside them, in the same rounds, the cheapest
call on the same kind of object: a property read (``Game.is_over``, a bool
from Rust), as many times as there are moves, in the same loop, so that
``Game.play`` is also given as a multiple of the cost of any call into the
package (issue 39: the CPython floor for a method call, and the vertex
string's parsing, are in every ``play``). Prints calls per second, best of
``rounds`` (default 20), and the ratios.
"""

import random
import sys
import time

import tromp_taylor as tt
from sgfmill import boards

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def make_games(size, games, length, seed):
    """Move lists (GTP vertices, no passes), drawn with the package."""
    rng = random.Random(seed)
    made = []
    for _ in range(games):
        game = tt.Game(size)
        moves = []
        for _ in range(length):
            legal = [v for v in game.legal_moves() if v != "pass"]
            if not legal:
                break
            vertex = rng.choice(legal)
            game.play(vertex)
            moves.append(vertex)
        made.append(moves)
    return made


def sgfmill_point(vertex):
    """(row, col) of sgfmill (row 0 at the bottom) for a GTP vertex."""
    return int(vertex[1:]) - 1, COLUMNS.index(vertex[0])


def time_package_play(size, games):
    boards_ = [tt.Game(size) for _ in games]
    started = time.perf_counter()
    for game, moves in zip(boards_, games):
        play = game.play
        for vertex in moves:
            play(vertex)
    elapsed = time.perf_counter() - started
    return elapsed, boards_


def time_property_read(size, games):
    """The same loop as ``time_package_play`` with a property read
    (``Game.is_over``) where it plays: the cheapest call on the object."""
    boards_ = [tt.Game(size) for _ in games]
    started = time.perf_counter()
    for game, moves in zip(boards_, games):
        for _vertex in moves:
            game.is_over
    return time.perf_counter() - started


def time_sgfmill_play(size, games):
    points = [[sgfmill_point(v) for v in moves] for moves in games]
    boards_ = [boards.Board(size) for _ in games]
    started = time.perf_counter()
    for board, moves in zip(boards_, points):
        play = board.play
        colour = "b"
        for row, col in moves:
            play(row, col, colour)
            colour = "w" if colour == "b" else "b"
    elapsed = time.perf_counter() - started
    return elapsed, boards_


def time_legal_moves(size, games):
    positions = []
    for moves in games:
        game = tt.Game(size)
        for k, vertex in enumerate(moves):
            if k % 10 == 0:
                positions.append(game)
                game = tt.Game.from_sgf(game.to_sgf())
            game.play(vertex)
    started = time.perf_counter()
    for game in positions:
        game.legal_moves()
    return time.perf_counter() - started, len(positions)


def same_colorings(ours, theirs, size):
    for game, board in zip(ours, theirs):
        rows = game.board  # top row first
        for y in range(size):
            for x in range(size):
                mine = rows[size - 1 - y][x]
                other = board.get(y, x)
                if (mine or "").lower() != (other or ""):
                    return False
    return True


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"tromp_taylor {tt.__version__} (engine fast), sgfmill boards; best of {rounds} rounds")
    for size, count, length in [(9, 32, 60), (19, 16, 250)]:
        games = make_games(size, count, length, seed=size)
        plays = sum(len(moves) for moves in games)
        best_ours = best_theirs = best_legal = best_read = float("inf")
        checked = False
        positions = 0
        for _ in range(rounds):
            ours, our_boards = time_package_play(size, games)
            theirs, their_boards = time_sgfmill_play(size, games)
            best_read = min(best_read, time_property_read(size, games))
            legal, positions = time_legal_moves(size, games)
            if not checked:
                assert same_colorings(our_boards, their_boards, size), "the boards differ"
                checked = True
            best_ours = min(best_ours, ours)
            best_theirs = min(best_theirs, theirs)
            best_legal = min(best_legal, legal)
        ours_rate = plays / best_ours
        theirs_rate = plays / best_theirs
        read_rate = plays / best_read
        print(
            f"{size}x{size}: Game.play {ours_rate:,.0f} calls/s, "
            f"sgfmill Board.play {theirs_rate:,.0f} calls/s, "
            f"ratio {ours_rate / theirs_rate:.1f}x ({plays} moves); "
            f"Game.is_over (a property read) {read_rate:,.0f} calls/s, "
            f"play/read {best_ours / best_read:.1f}x; "
            f"Game.legal_moves {positions / best_legal:,.0f} calls/s ({positions} positions)"
        )


if __name__ == "__main__":
    main()
