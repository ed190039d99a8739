# engines/python/pettingzoo_gtp.py: a GTP adapter over PettingZoo's Go environment (PyPI `pettingzoo` 1.27.0, `pettingzoo.classic.go_v5`, minigo's rules): every verdict is the environment's.
"""GTP over `pettingzoo.classic.go_v5`, driven through its AEC API.

The environment is built as its users build it, `go_v5.env(board_size=N,
komi=K)` (with PettingZoo's own wrappers: TerminateIllegalWrapper,
AssertOutOfBoundsWrapper, OrderEnforcingWrapper), and `reset(seed=SEED)`.
A GTP vertex is its flat action `N * row_from_top + column`, a pass the
action `N * N` (go.py's action table).

Every verdict is the environment's:
  play         `env.step(action)`. The move is taken when the step neither
               raises nor ends the episode by truncation. An illegal action
               is the environment's refusal: TerminateIllegalWrapper ends
               the episode with the mover losing; the answer is
               `? illegal move: ` followed by its warning (EnvLogger's
               words) and the rewards it gave. A step that raises (after
               the game ended: "when an agent is dead, the only valid
               action is None") is `? illegal move: ` and its exception's
               words. Either way the adapter restores the position before
               the move by `reset(seed)` and stepping the same actions
               again (the environment has no undo).
  is_legal,    `env.observe(agent)["action_mask"]` for the agent GTP names
  all_legal    (all zeros for the agent not to move, as the environment
               says; after the game's end it holds the pass alone).
  genmove      the action of a uniform random choice among the legal
               actions of the action mask (the pass included), from a
               `random.Random(--seed)`; then `play`s it. This is an RL
               random agent's move: the environment has no policy.
  list_stones, the position the environment keeps, `env.unwrapped._go`
  showboard,   (minigo's `Position`, which go.py builds its observations
  captures,    and rewards from): its `board`, its `caps` and
  final_score  `Position.score()` (area: stones plus empty regions that
               reach one colour only, less the komi) as `B+x`/`W+x`/`0`.

What the adapter itself does, none of it a rule: GTP parsing; a vertex off
the board is refused before the environment is asked (no action of its
`Discrete(N*N+1)` names it); a `play` for the agent not to move is refused
(`env.step` takes no colour: the agents alternate); `komi` and `boardsize`
build a new environment (go_v5 takes both only at construction), `komi`
then steps the game's actions again. PettingZoo's warnings are kept off
standard output (`EnvLogger.suppress_output()`, PettingZoo's switch) and
read from `EnvLogger.mqueue`.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gtp_loop import GtpError, color, diagram, game_handlers, package_version, serve, vertex, vertex_name  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # go.py imports pygame; stdout is GTP's
try:
    from pettingzoo.classic import go_v5
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as e:  # one line, as the matrix shows a row it skips
    sys.exit("pettingzoo_gtp.py: cannot import pettingzoo.classic.go_v5 (%s): run engines/install/pettingzoo-go.sh" % e)

EnvLogger.suppress_output()

PETTINGZOO_VERSION = package_version("pettingzoo")
AGENTS = {"b": "black_0", "w": "white_0"}
BLACK, WHITE = 1, -1  # minigo's colours in Position.board (go_base.py: WHITE, EMPTY, BLACK = -1, 0, 1)


def one_line(text):
    """Words of the environment, made one line for GTP."""
    return " ".join(str(text).split())


class Adapter:
    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed)
        self.size = 19
        self.komi_points = 7.5  # go_v5's default komi
        self.build()

    # -- the environment -------------------------------------------------
    def build(self):
        """A new environment of the current size and komi, reset."""
        self.env = go_v5.env(board_size=self.size, komi=self.komi_points)
        self.env.reset(seed=self.seed)
        self.actions = []

    def replay(self):
        """The position after self.actions, stepped again from reset()."""
        actions = self.actions
        self.env.reset(seed=self.seed)
        self.actions = []
        for action in actions:
            self.env.step(action)
            self.actions.append(action)

    def position(self):
        return self.env.unwrapped._go

    def flat(self, v):
        """A GTP vertex (column, row from the bottom) as go_v5's action;
        None for a vertex off the board."""
        if v is None:
            return self.size * self.size
        col, row = v
        if col >= self.size or row >= self.size:
            return None
        return self.size * (self.size - 1 - row) + col

    def vertex_of(self, action):
        r, c = divmod(int(action), self.size)
        return vertex_name(c, self.size - 1 - r)

    def mask(self, agent):
        return self.env.observe(agent)["action_mask"]

    def step(self, who, v):
        """Steps the move for `who`; None when taken, else the refusal's words."""
        action = self.flat(v)
        if action is None:
            return "off the board: no action of go_v5's Discrete(%d) names it (the adapter's check)" % (
                self.size * self.size + 1
            )
        agent = AGENTS[who]
        if self.env.agent_selection != agent:
            return "not %s's turn: env.agent_selection is %s (the adapter's check)" % (
                agent,
                self.env.agent_selection,
            )
        EnvLogger.flush()
        try:
            self.env.step(action)
        except Exception as e:  # the environment's refusal, in its words
            why = "%s: %s" % (type(e).__name__, one_line(e) or "(no message)")
            self.replay()
            return why
        raw = self.env.unwrapped
        if any(raw.truncations.values()):  # TerminateIllegalWrapper ended the episode
            words = []
            for m in EnvLogger.mqueue:
                m = one_line(m)
                if m not in words:
                    words.append(m)
            rewards = ", ".join("%s %g" % (a, raw.rewards[a]) for a in sorted(raw.rewards))
            why = "%s (rewards: %s)" % (" ".join(words) or "the episode was truncated", rewards)
            EnvLogger.flush()
            self.replay()
            return why
        self.actions.append(action)
        return None

    # -- commands --------------------------------------------------------
    def boardsize(self, args):
        n = int(args[0])
        if not 1 <= n <= 25:
            raise GtpError("unacceptable size")
        old = self.size
        self.size = n
        try:
            self.build()
        except Exception as e:
            self.size = old
            self.build()
            raise GtpError("unacceptable size: %s" % one_line(e))
        return ""

    def clear_board(self, args):
        self.build()
        return ""

    def komi(self, args):
        self.komi_points = float(args[0])
        actions = self.actions
        self.build()
        self.actions = actions
        self.replay()
        return ""

    def play(self, args):
        who = color(args[0])
        why = self.step(who, vertex(args[1]))
        if why is not None:
            raise GtpError("illegal move: " + why)
        return ""

    def is_legal(self, args):
        who = color(args[0])
        v = vertex(args[1])
        action = self.flat(v)
        if action is None:
            return "0"
        return "1" if self.mask(AGENTS[who])[action] else "0"

    def all_legal(self, args):
        mask = self.mask(AGENTS[color(args[0])])
        return " ".join(self.vertex_of(a) for a in range(self.size * self.size) if mask[a])

    def genmove(self, args):
        who = color(args[0])
        legal = [a for a, ok in enumerate(self.mask(AGENTS[who])) if ok]
        if not legal:
            raise GtpError("no legal action in the action mask of %s" % AGENTS[who])
        action = self.rng.choice(legal)
        answer = "pass" if action == self.size * self.size else self.vertex_of(action)
        why = self.step(who, None if answer == "pass" else vertex(answer))
        if why is not None:
            raise GtpError("illegal move: " + why)
        return answer

    def stone(self, col, row):
        return self.position().board[self.size - 1 - row, col]

    def list_stones(self, args):
        want = BLACK if color(args[0]) == "b" else WHITE
        return " ".join(
            vertex_name(c, r)
            for r in range(self.size - 1, -1, -1)
            for c in range(self.size)
            if self.stone(c, r) == want
        )

    def captures(self, args):
        caps = self.position().caps  # (by Black, by White): go_base.py's Position.caps
        return str(caps[0] if color(args[0]) == "b" else caps[1])

    def showboard(self, args):
        marks = {BLACK: "X", WHITE: "O"}
        return diagram(self.size, self.size, lambda c, r: marks.get(self.stone(c, r), "."))

    def final_score(self, args):
        margin = float(self.position().score())  # Black's area less White's, less the komi
        if margin == 0:
            return "0"
        return ("B+%g" % margin) if margin > 0 else ("W+%g" % -margin)

    def handlers(self):
        h = game_handlers(self, "PettingZoo go_v5 (minigo rules)", PETTINGZOO_VERSION)
        h["captures"] = self.captures
        return h


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="GTP over pettingzoo.classic.go_v5")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    serve(Adapter(options.seed).handlers())
