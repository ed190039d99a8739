"""A small engine of the Tromp-Taylor rules in plain Python, for the tests
of ``check_engine``: the protocol's ``play``, ``is_legal``, ``board`` and
``score``, positional superko (rule 6), suicide allowed or forbidden, area
scoring (rule 9) and komi.

``planted_bug="ko"`` forgets rule 6 for moves that capture, so a ko can be
retaken at once: the bug ``check_engine`` must find.
"""

import re

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class SimpleEngine:
    """One game, its grid a dict from (x, y) to "B" or "W"."""

    def __init__(self, width, height, rules, planted_bug=None):
        if "koPOSITIONAL" not in rules or "scoreAREA" not in rules:
            raise ValueError(f"only positional superko and area scoring: {rules}")
        self.width, self.height = width, height
        self.suicide_allowed = "sui1" in rules
        komi = re.search(r"komi(-?[0-9.]+)", rules)
        self.komi = float(komi.group(1)) if komi else 0.0
        self.planted_bug = planted_bug
        self.grid = {}
        self.earlier = {frozenset()}

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
        after, suicide = self._after(color, point)
        if suicide and not self.suicide_allowed:
            return "suicide"
        captures = len(after) < len(self.grid) + 1 and not suicide
        if self.planted_bug == "ko" and captures:
            return None
        if frozenset(after.items()) in self.earlier:
            return "superko"
        return None

    def is_legal(self, color, vertex):
        try:
            return self._why_not(color, vertex) is None
        except ValueError:
            return False

    def play(self, color, vertex):
        why = self._why_not(color, vertex)
        if why is not None:
            raise ValueError(f"{color} {vertex}: {why}")
        point = self._point(vertex)
        if point is not None:
            self.grid, _ = self._after(color, point)
            self.earlier.add(frozenset(self.grid.items()))

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


class PlayOnly:
    """The protocol's one required method: play, refusing with an exception."""

    def __init__(self, width, height, rules):
        self.engine = SimpleEngine(width, height, rules)

    def play(self, color, vertex):
        self.engine.play(color, vertex)
