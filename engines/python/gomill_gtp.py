# engines/python/gomill_gtp.py: a GTP adapter over gomill's board (PyPI `gomill` 0.8.3, `gomill.boards.Board`), with the ko rule stated on its command line.
"""GTP over `gomill.boards.Board`.

gomill's board plays a stone, captures, allows suicide (`Board.play`: "Allows
self-captures. Doesn't enforce any ko rule."), returns the point that simple
ko forbids next, and scores by area with every stone alive
(`Board.area_score`). It has no ko rule of its own, so the adapter adds one,
chosen on its command line and held to the matching rules:

  --ko simple      (default) the point `Board.play` returned is refused to
                   the opponent on the very next turn, and to no one after
                   any other turn (a pass included): seed 004's simple ko,
                   as our docs/rules.md reads it. gomill's own ko point, no
                   more: hold it to `koSIMPLEscoreAREAsui1`.
  --ko positional  the adapter keeps every earlier board (the empty start
                   included) and refuses a move whose board, after gomill
                   has played it on a copy, is one of them: rule 6's
                   positional superko, the adapter's check over gomill's
                   boards. Hold it to `tromp-taylor`. This profile audits
                   gomill's captures and suicides on superko-seeking games;
                   the superko verdicts themselves are the adapter's.

Every other verdict is gomill's: a move is legal when `Board.play` on a copy
raises nothing (it raises ValueError on an occupied point and IndexError off
the board) and the ko rule above allows it; the board is `Board.get`; the
score is `Board.area_score()` less the komi. Two passes end the game (GTP
leaves that to the controller; gomill has no game state): after them `play`
refuses moves. gomill counts no captures, so there is no `captures`.

gomill 0.8.3 is Python 2 code; the only Python 2 name its board uses is
`xrange` (in `Board.copy`), so the adapter defines `builtins.xrange = range`
before importing it. Nothing else of gomill is changed.
"""

import argparse
import builtins
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gtp_loop import GtpError, color, diagram, game_handlers, package_version, serve, vertex, vertex_name  # noqa: E402

builtins.xrange = range  # gomill 0.8.3's Board.copy is Python 2 code
from gomill import boards  # noqa: E402

GOMILL_VERSION = package_version("gomill")

OTHER = {"b": "w", "w": "b"}


def snapshot(board):
    return tuple(tuple(row) for row in board.board)


class Adapter:
    def __init__(self, ko, seed):
        self.ko = ko
        self.rng = random.Random(seed)
        self.size = 19
        self.komi_points = 0.0
        self.clear()

    def clear(self):
        self.board = boards.Board(self.size)
        self.ko_point = None  # (row, col) gomill forbids next, and for whom
        self.ko_color = None
        self.history = {snapshot(self.board)}
        self.passes = 0

    # -- gomill's verdict -------------------------------------------------
    def try_play(self, who, v):
        """The board after `who` plays at vertex v (column, row), played by
        gomill on a copy, and the ko point gomill returns; or the reason
        it is refused."""
        if self.passes >= 2:
            return None, None, "the game is over (two passes)"
        col, row = v
        trial = self.board.copy()
        try:
            ko_point = trial.play(row, col, who)
        except ValueError:
            return None, None, "occupied (gomill raised ValueError)"
        except IndexError:
            return None, None, "off the board (gomill raised IndexError)"
        if self.ko == "simple" and self.ko_color == who and self.ko_point == (row, col):
            return None, None, "simple ko (the point gomill's Board.play returned last turn)"
        if self.ko == "positional" and snapshot(trial) in self.history:
            return None, None, "positional superko (the adapter's check: an earlier board)"
        return trial, ko_point, None

    # -- commands --------------------------------------------------------
    def boardsize(self, args):
        n = int(args[0])
        try:
            boards.Board(n)
        except ValueError:
            raise GtpError("unacceptable size")
        if n > 25:
            raise GtpError("unacceptable size")
        self.size = n
        self.clear()
        return ""

    def clear_board(self, args):
        self.clear()
        return ""

    def komi(self, args):
        self.komi_points = float(args[0])
        return ""

    def play(self, args):
        who = color(args[0])
        v = vertex(args[1])
        if v is None:
            if self.passes >= 2:
                raise GtpError("illegal move: the game is over (two passes)")
            self.passes += 1
            self.ko_point = self.ko_color = None
            return ""
        trial, ko_point, why = self.try_play(who, v)
        if trial is None:
            raise GtpError("illegal move: " + why)
        self.board = trial
        self.history.add(snapshot(trial))
        self.passes = 0
        self.ko_point, self.ko_color = ko_point, (OTHER[who] if ko_point else None)
        return ""

    def is_legal(self, args):
        who = color(args[0])
        v = vertex(args[1])
        if v is None:
            return "1" if self.passes < 2 else "0"
        return "1" if self.try_play(who, v)[0] is not None else "0"

    def legal_vertices(self, who):
        return [
            (col, row)
            for row in range(self.size)
            for col in range(self.size)
            if self.try_play(who, (col, row))[0] is not None
        ]

    def all_legal(self, args):
        return " ".join(vertex_name(c, r) for c, r in self.legal_vertices(color(args[0])))

    def genmove(self, args):
        who = color(args[0])
        moves = self.legal_vertices(who)
        if not moves:
            self.play([who, "pass"])
            return "pass"
        c, r = self.rng.choice(moves)
        self.play([who, vertex_name(c, r)])
        return vertex_name(c, r)

    def list_stones(self, args):
        who = color(args[0])
        return " ".join(
            vertex_name(c, r) for (colour, (r, c)) in self.board.list_occupied_points() if colour == who
        )

    def showboard(self, args):
        marks = {"b": "X", "w": "O"}
        return diagram(self.size, self.size, lambda c, r: marks.get(self.board.get(r, c), "."))

    def final_score(self, args):
        margin = self.board.area_score() - self.komi_points  # Black's score minus White's, komi added to White
        if margin == 0:
            return "0"
        return ("B+%g" % margin) if margin > 0 else ("W+%g" % -margin)

    def handlers(self):
        return game_handlers(self, "gomill board (ko: %s, by the adapter)" % self.ko, GOMILL_VERSION)

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="GTP over gomill.boards.Board")
    parser.add_argument("--ko", choices=["simple", "positional"], default="simple")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    serve(Adapter(options.ko, options.seed).handlers())
