"""A small engine of the Tromp-Taylor rules in plain Python, for the tests
of ``check_engine``: the protocol's ``play``, ``legal_moves``, ``is_legal``,
``board`` and ``score``, positional superko (rule 6), suicide allowed or
forbidden, area scoring (rule 9) and komi, read from its rules text with
``tt.Rules``.

Planted bugs, each one ``check_engine`` must find:

- ``"ko"`` forgets rule 6 for moves that capture, so a ko can be retaken
  at once;
- ``"superko"`` remembers only the coloring before the last (simple ko),
  so a longer cycle (rule 6's superko) can be played;
- ``"suicide-accepted"`` plays suicide under rules that forbid it (comment 7);
- ``"suicide-refused"`` refuses suicide under rules that allow it (rule 7);
- ``"refuse-corner"`` refuses every move on A1, legal or not.

``SimpleEngine.without_legal_moves`` is the same engine asked point by
point through ``is_legal`` alone, for timing the two.
"""

import tromp_taylor as tt

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class SimpleEngine:
    """One game, its grid a dict from (x, y) to "B" or "W"."""

    def __init__(self, width, height, rules, planted_bug=None):
        rules = tt.Rules(rules)
        if rules.superko != "positional" or rules.territory_scoring:
            raise ValueError(f"only positional superko and area scoring: {rules}")
        self.width, self.height = width, height
        self.suicide_allowed = rules.suicide_allowed
        self.komi = rules.komi
        self.planted_bug = planted_bug
        self.grid = {}
        self.earlier = {frozenset()}
        self.last_two = [frozenset(), frozenset()]

    def _point(self, vertex):
        """(x, y) of a vertex, None for a pass; ValueError off the board."""
        if vertex.lower() == "pass":
            return None
        x, y = LETTERS.index(vertex[0].upper()), int(vertex[1:]) - 1
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"{vertex} is off the board")
        return (x, y)

    def _neighbours(self, point):
        x, y = point
        for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= n[0] < self.width and 0 <= n[1] < self.height:
                yield n

    def _cleared(self, grid, color):
        """``grid`` with every stone of ``color`` that does not reach empty removed."""
        reaching = set()
        frontier = [
            p for p, c in grid.items()
            if c == color and any(n not in grid for n in self._neighbours(p))
        ]
        while frontier:
            p = frontier.pop()
            if p in reaching:
                continue
            reaching.add(p)
            frontier.extend(n for n in self._neighbours(p) if grid.get(n) == color)
        return {p: c for p, c in grid.items() if c != color or p in reaching}

    def _after(self, color, point):
        """The grid after ``color`` plays at ``point`` (rule 7), and whether it was suicide."""
        opponent = "W" if color == "B" else "B"
        grid = dict(self.grid)
        grid[point] = color
        grid = self._cleared(grid, opponent)
        after = self._cleared(grid, color)
        return after, len(after) < len(grid)

    def _why_not(self, color, vertex):
        point = self._point(vertex)
        if point is None:
            return None
        if point in self.grid:
            return "occupied"
        if self.planted_bug == "refuse-corner" and point == (0, 0):
            return "the corner, for no reason"
        after, suicide = self._after(color, point)
        if suicide and self.planted_bug == "suicide-refused":
            return "suicide"
        if suicide and not self.suicide_allowed and self.planted_bug != "suicide-accepted":
            return "suicide"
        captures = len(after) < len(self.grid) + 1 and not suicide
        if self.planted_bug == "ko" and captures:
            return None
        earlier = self.last_two if self.planted_bug == "superko" else self.earlier
        if frozenset(after.items()) in earlier:
            return "superko"
        return None

    def is_legal(self, color, vertex):
        try:
            return self._why_not(color, vertex) is None
        except ValueError:
            return False

    def legal_moves(self, color):
        """Every legal vertex for ``color`` in one call (the pass is implied)."""
        return [
            f"{LETTERS[x]}{y + 1}"
            for y in range(self.height)
            for x in range(self.width)
            if self._why_not(color, f"{LETTERS[x]}{y + 1}") is None
        ]

    def play(self, color, vertex):
        why = self._why_not(color, vertex)
        if why is not None:
            raise ValueError(f"{color} {vertex}: {why}")
        point = self._point(vertex)
        if point is not None:
            self.grid, _ = self._after(color, point)
            coloring = frozenset(self.grid.items())
            self.earlier.add(coloring)
            self.last_two = [self.last_two[1], coloring]

    def board(self):
        return [
            "".join({"B": "X", "W": "O"}.get(self.grid.get((x, y)), ".") for x in range(self.width))
            for y in reversed(range(self.height))
        ]

    def score(self):
        """Rule 9's area score with komi, as a result: ``B+3.5``, ``W+1``, ``0``."""
        points = {"B": 0, "W": 0}
        for p, c in self.grid.items():
            points[c] += 1
        seen = set()
        for x in range(self.width):
            for y in range(self.height):
                start = (x, y)
                if start in self.grid or start in seen:
                    continue
                region, borders, frontier = set(), set(), [start]
                while frontier:
                    p = frontier.pop()
                    if p in region:
                        continue
                    region.add(p)
                    for n in self._neighbours(p):
                        if n in self.grid:
                            borders.add(self.grid[n])
                        else:
                            frontier.append(n)
                seen |= region
                if len(borders) == 1:
                    points[borders.pop()] += len(region)
        margin = points["B"] - points["W"] - self.komi
        if margin == 0:
            return "0"
        text = f"{abs(margin):g}"
        return ("B+" if margin > 0 else "W+") + text


class WithoutLegalMoves(SimpleEngine):
    """The engine without ``legal_moves``: its legal set is asked through
    ``is_legal``, point by point."""

    def __getattribute__(self, name):
        if name == "legal_moves":
            raise AttributeError(name)
        return super().__getattribute__(name)


class PlayOnly:
    """The protocol's one required method: play, refusing with an exception."""

    def __init__(self, width, height, rules):
        self.engine = SimpleEngine(width, height, rules)

    def play(self, color, vertex):
        self.engine.play(color, vertex)
