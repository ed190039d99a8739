# engines/python/openspiel_gtp.py: a GTP adapter over OpenSpiel's Go (PyPI `open-spiel` 2.0.2, `pyspiel.load_game("go", ...)`), every verdict the library's own.
"""GTP over OpenSpiel's game of Go (`pyspiel.load_game("go", params)`).

The game is loaded with the parameters OpenSpiel documents for it
(open_spiel/games/go/go.cc:55-63): `board_size` (from `boardsize`), `komi`
(from `komi`), `handicap` 0, and `max_game_length` from the command line
(default 1000000, far beyond any game the auditor plays: OpenSpiel's default
is twice the points of the board, go.h:68-70, and ends a game there).

Every verdict is OpenSpiel's:
  - a move is legal when its action is in `state.legal_actions()`;
    `play` is `state.apply_action_with_legality_check(action)` and a move it
    raises on is `? illegal move: ` and its words (`pyspiel.SpielError`),
    on one line, without the serialized game the check appends after
    "Serialized state:" (a dump of the moves, not a verdict);
  - `is_legal` / `all_legal` read `state.legal_actions()`;
  - the board (`list_stones`, `showboard`) is `state.observation_tensor()`'s
    black and white planes;
  - the end of the game is `state.is_terminal()`: after it `legal_actions()`
    is empty, so every move is refused and `genmove` answers `?`;
  - `genmove` is a uniformly random action among `state.legal_actions()`
    (pass included, as an environment's random agent plays), drawn by
    Python's `random.Random(--seed)`;
  - `final_score`: OpenSpiel gives only `state.returns()` (+1, -1 or 0 for
    Black), not the margin of its `TrompTaylorScore` (go_board.cc:641-683,
    `score = occupied_delta - komi`). The adapter finds the margin from the
    library's own verdicts: it replays the game's actions on games loaded
    with komi k + 0.5 and finds by bisection the integer `occupied_delta`
    at which Black's return turns from +1 to -1, then answers
    `occupied_delta - komi`, after checking that its sign is the one
    `state.returns()` gives at the game's komi. A terminal state whose
    returns are a draw at every komi (OpenSpiel's superko ending, go.cc:235-241)
    is answered `0`, its draw.

What the adapter itself does, none of it a rule: GTP parsing; a vertex off
the board is refused before OpenSpiel is asked (its actions are the board's
points, row-major, then pass at board_size**2: an off-board vertex has no
action, and the arithmetic would land on another point or on pass); a
`play`, `genmove`, `is_legal` or `all_legal` for the color OpenSpiel does
not have to move is refused (`? ...`), as OpenSpiel's state has a player to
move and no move for the other (the auditor keeps turns and does not ask
it). OpenSpiel counts no prisoners, so there is no `captures`; it is square
only, so there is no `rectangular_boardsize`.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gtp_loop import GtpError, color, diagram, game_handlers, package_version, serve, vertex, vertex_name  # noqa: E402

import pyspiel  # noqa: E402

OPENSPIEL_VERSION = package_version("open-spiel")

PLAYER = {"b": 0, "w": 1}  # pyspiel: ColorToPlayer(kBlack) = 0, kWhite = 1 (go.h:72)


def words(error):
    """A SpielError's words on one line, without the serialized game."""
    text = str(error).split("Serialized state:", 1)[0].strip()
    return text.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n") or type(error).__name__


class Adapter:
    def __init__(self, max_game_length, seed):
        self.max_game_length = max_game_length
        self.rng = random.Random(seed)
        self.size = 19
        self.komi_points = 7.5  # OpenSpiel's default (go.h:47) until `komi`
        self.load(self.size, self.komi_points)

    # -- OpenSpiel's game and state ------------------------------------------
    def params(self, size, komi):
        return {
            "board_size": size,
            "komi": float(komi),
            "handicap": 0,
            "max_game_length": self.max_game_length,
        }

    def load(self, size, komi, history=()):
        """Loads the game and a state that replays `history`; raises SpielError."""
        game = pyspiel.load_game("go", self.params(size, komi))
        state = game.new_initial_state()
        for action in history:
            state.apply_action_with_legality_check(action)
        self.game, self.state = game, state

    def to_move(self, who, what):
        """Refuses a command for the color OpenSpiel does not have to move."""
        if self.state.is_terminal():
            return
        if self.state.current_player() != PLAYER[who]:
            mover = "Black" if self.state.current_player() == 0 else "White"
            raise GtpError(
                "%s: OpenSpiel's state has %s to play and no move for the other color" % (what, mover)
            )

    def action(self, v):
        """A GTP vertex (column, row), or None for pass, as OpenSpiel's action."""
        if v is None:
            return self.size * self.size
        col, row = v
        if col >= self.size or row >= self.size:
            return None
        return row * self.size + col  # go.h:92-95: (row, col) is row * board_size + col

    def vertex_of(self, action):
        if action == self.size * self.size:
            return "pass"
        return vertex_name(action % self.size, action // self.size)

    def terminal_note(self):
        return " (the state is terminal: is_terminal() is true, returns() = %s)" % (self.state.returns(),)

    # -- commands ------------------------------------------------------------
    def boardsize(self, args):
        n = int(args[0])
        try:
            self.load(n, self.komi_points)
        except pyspiel.SpielError as e:
            self.load(self.size, self.komi_points)
            raise GtpError("unacceptable size: " + words(e))
        self.size = n
        return ""

    def clear_board(self, args):
        self.load(self.size, self.komi_points)
        return ""

    def komi(self, args):
        k = float(args[0])
        history = list(self.state.history())
        try:
            self.load(self.size, k, history)
        except pyspiel.SpielError as e:
            self.load(self.size, self.komi_points, history)
            raise GtpError("komi not accepted: " + words(e))
        self.komi_points = k
        return ""

    def play(self, args):
        who = color(args[0])
        v = vertex(args[1])
        action = self.action(v)
        if action is None:
            raise GtpError("illegal move: off the board (checked by the adapter: OpenSpiel has no action for it)")
        self.to_move(who, "illegal move")
        terminal = self.state.is_terminal()
        try:
            self.state.apply_action_with_legality_check(action)
        except pyspiel.SpielError as e:
            raise GtpError("illegal move: " + words(e) + (self.terminal_note() if terminal else ""))
        return ""

    def is_legal(self, args):
        who = color(args[0])
        action = self.action(vertex(args[1]))
        if action is None:
            return "0"
        self.to_move(who, "is_legal")
        return "1" if action in self.state.legal_actions() else "0"

    def all_legal(self, args):
        who = color(args[0])
        self.to_move(who, "all_legal")
        passing = self.size * self.size
        return " ".join(self.vertex_of(a) for a in self.state.legal_actions() if a != passing)

    def genmove(self, args):
        who = color(args[0])
        self.to_move(who, "genmove")
        actions = self.state.legal_actions()
        if not actions:
            raise GtpError("no move: legal_actions() is empty" + self.terminal_note())
        action = self.rng.choice(actions)
        try:
            self.state.apply_action_with_legality_check(action)
        except pyspiel.SpielError as e:
            raise GtpError("genmove: OpenSpiel raised on its own legal action: " + words(e))
        return self.vertex_of(action)

    def planes(self):
        """OpenSpiel's observation: planes black, white, empty (go.cc:146-152)."""
        values = self.state.observation_tensor(0)
        n = self.size * self.size
        return values[0:n], values[n : 2 * n]

    def list_stones(self, args):
        who = color(args[0])
        plane = self.planes()[PLAYER[who]]
        return " ".join(self.vertex_of(a) for a in range(self.size * self.size) if plane[a] == 1.0)

    def showboard(self, args):
        black, white = self.planes()

        def mark(c, r):
            a = r * self.size + c
            return "X" if black[a] == 1.0 else "O" if white[a] == 1.0 else "."

        return diagram(self.size, self.size, mark)

    def black_return(self, komi, history):
        game = pyspiel.load_game("go", self.params(self.size, komi))
        state = game.new_initial_state()
        for action in history:
            state.apply_action_with_legality_check(action)
        if not state.is_terminal():
            raise GtpError("final_score: the replay at komi %g is not terminal" % komi)
        return state.returns()[0]

    def final_score(self, args):
        if not self.state.is_terminal():
            raise GtpError("cannot score: the game has not ended (OpenSpiel scores a terminal state only)")
        history = list(self.state.history())
        at_komi = self.state.returns()[0]
        n = self.size * self.size
        low, high = -n, n  # occupied_delta, Black's points less White's, lies in [-n, n]
        if self.black_return(low - 0.5, history) == 0 and self.black_return(high + 0.5, history) == 0:
            return "0"  # a draw at every komi: OpenSpiel's superko ending (go.cc:235-241)
        while low < high:  # the least d with Black losing at komi d + 0.5, i.e. occupied_delta
            mid = (low + high) // 2
            if self.black_return(mid + 0.5, history) > 0:
                low = mid + 1
            else:
                high = mid
        margin = low - self.komi_points
        if (margin > 0) != (at_komi > 0) or (margin < 0) != (at_komi < 0):
            raise GtpError("final_score: the margin found, %g, disagrees with returns() %s" % (margin, at_komi))
        if margin == 0:
            return "0"
        return ("B+%g" % margin) if margin > 0 else ("W+%g" % -margin)

    def handlers(self):
        return game_handlers(self, "OpenSpiel go", OPENSPIEL_VERSION)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="GTP over OpenSpiel's Go (pyspiel)")
    parser.add_argument("--max-game-length", type=int, default=1000000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    serve(Adapter(options.max_game_length, options.seed).handlers())
