# engines/python/dlgo_gtp.py: a GTP adapter over dlgo (PyPI `dlgo` 0.2, the book "Deep Learning and the Game of Go"): its GameState decides every verdict.
"""GTP over `dlgo.goboard.GameState` (and `dlgo.scoring`).

Every verdict is dlgo's: `play` asks `GameState.is_valid_move` and applies
the move with `GameState.apply_move`; `is_legal` and `all_legal` ask
`is_valid_move` and `legal_moves`; `list_stones` reads `Board.get`;
`final_score` is `dlgo.scoring.compute_game_result`. What dlgo decides:
no suicide (`is_move_self_capture`), situational superko by Zobrist hash
(`does_move_violate_ko`), two passes end the game (`is_over`), area
scoring with every stone alive and a fixed komi of 7.5. So the adapter
accepts `komi 7.5` only and refuses any other komi (dlgo cannot score it);
hold it to `koSITUATIONALscoreAREAsui0komi7.5`.

What the adapter itself does, none of it a rule: GTP parsing; a `play` for
the player not to move is refused (a GameState alternates: it has no way to
play out of turn); a vertex off the board is refused before dlgo is asked
(dlgo asserts on it); dlgo tracks no captures, so there is no `captures`.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gtp_loop import GtpError, color, diagram, game_handlers, package_version, serve, vertex, vertex_name  # noqa: E402

from dlgo import goboard, scoring  # noqa: E402
from dlgo.gotypes import Player, Point  # noqa: E402

DLGO_VERSION = package_version("dlgo")

MAX_SIZE = 19  # dlgo.zobrist.HASH_CODE covers 19x19 points only
KOMI = 7.5  # dlgo.scoring.compute_game_result: komi=7.5, fixed


class Adapter:
    def __init__(self, seed):
        self.size = 19
        self.state = goboard.GameState.new_game(self.size)
        self.rng = random.Random(seed)

    # -- helpers ---------------------------------------------------------
    def player(self, word):
        return Player.black if color(word) == "b" else Player.white

    def point(self, word):
        """A GTP vertex as a dlgo Point (rows and columns from 1), None for pass."""
        v = vertex(word)
        if v is None:
            return None
        col, row = v
        return Point(row=row + 1, col=col + 1)

    def move(self, word):
        p = self.point(word)
        return goboard.Move.pass_turn() if p is None else goboard.Move.play(p)

    def valid(self, player, move):
        """dlgo's verdict, for the player to move; False for the other player."""
        if player != self.state.next_player:
            return False
        if move.is_play and not self.state.board.is_on_grid(move.point):
            return False
        return self.state.is_valid_move(move)

    # -- commands --------------------------------------------------------
    def boardsize(self, args):
        n = int(args[0])
        if not 1 <= n <= MAX_SIZE:
            raise GtpError("unacceptable size")
        self.size = n
        self.state = goboard.GameState.new_game(n)
        return ""

    def clear_board(self, args):
        self.state = goboard.GameState.new_game(self.size)
        return ""

    def komi(self, args):
        k = float(args[0])
        if k != KOMI:
            raise GtpError("dlgo scores with a fixed komi of 7.5 (dlgo/scoring.py compute_game_result)")
        return ""

    def play(self, args):
        player = self.player(args[0])
        move = self.move(args[1])
        if player != self.state.next_player:
            raise GtpError("illegal move: not that player's turn (a dlgo GameState alternates)")
        if not self.valid(player, move):
            raise GtpError("illegal move")
        self.state = self.state.apply_move(move)
        return ""

    def is_legal(self, args):
        return "1" if self.valid(self.player(args[0]), self.move(args[1])) else "0"

    def all_legal(self, args):
        if self.player(args[0]) != self.state.next_player:
            return ""
        return " ".join(
            vertex_name(m.point.col - 1, m.point.row - 1) for m in self.state.legal_moves() if m.is_play
        )

    def genmove(self, args):
        player = self.player(args[0])
        if player != self.state.next_player:
            raise GtpError("not that player's turn")
        moves = [m for m in self.state.legal_moves() if m.is_play]
        move = self.rng.choice(moves) if moves else goboard.Move.pass_turn()
        self.state = self.state.apply_move(move)
        return "pass" if move.is_pass else vertex_name(move.point.col - 1, move.point.row - 1)

    def list_stones(self, args):
        player = self.player(args[0])
        board = self.state.board
        return " ".join(
            vertex_name(c - 1, r - 1)
            for r in range(1, board.num_rows + 1)
            for c in range(1, board.num_cols + 1)
            if board.get(Point(row=r, col=c)) == player
        )

    def showboard(self, args):
        board = self.state.board
        marks = {Player.black: "X", Player.white: "O"}
        return diagram(
            board.num_cols, board.num_rows, lambda c, r: marks.get(board.get(Point(row=r + 1, col=c + 1)), ".")
        )

    def final_score(self, args):
        return str(scoring.compute_game_result(self.state))

    def handlers(self):
        return game_handlers(self, "dlgo", DLGO_VERSION)

if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    serve(Adapter(seed).handlers())
