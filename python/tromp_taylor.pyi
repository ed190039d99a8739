"""Type stubs of ``tromp_taylor``: the Tromp-Taylor rules of Go, executable
(games on the literal rules, ``spec``, or the optimised engine, ``fast``),
and the differential check of an engine written in Python against them."""

from typing import Callable, List, Optional, Protocol, Sequence, Tuple, Union, final

__all__ = ["CheckReport", "Divergence", "Game", "IllegalMove", "Rules", "__version__", "check_engine"]

__version__: str

_Vertex = str
"""A GTP vertex: ``"D4"`` (columns A-Z without I, row 1 at the bottom) or ``"pass"``."""

_Color = str
"""``"B"`` or ``"W"``."""

class IllegalMove(ValueError):
    """A turn the rules refuse."""

    reason: str
    """``occupied``, ``suicide``, ``superko``, ``ko``, ``game-over`` or ``off-board``."""
    rule: str
    """The text that forbids it: ``rule 6``, ``comment 6``, ``comment 7``, ``rule 7``,
    ``rule 8``, ``rule 1`` or ``seed 004``."""
    vertex: str
    """The turn refused, in GTP form."""
    lost_turn: bool
    """Whether the refusal also lost the turn (rules where an illegal move loses it)."""
    message: str

@final
class Rules:
    """A preset name (``tromp-taylor``, ``chinese``, ``new-zealand``,
    ``simple-ko-territory``), a compact rule string (``koPOSITIONALscoreAREAsui1komi7.5``)
    or a name other programs write (``japanese``, ``aga``, ...)."""

    def __new__(cls, text: str = "tromp-taylor") -> "Rules": ...
    @staticmethod
    def presets() -> List[Tuple[str, str]]: ...
    @property
    def superko(self) -> str:
        """``positional``, ``situational`` or ``simple-ko``."""
    @property
    def suicide_allowed(self) -> bool: ...
    @property
    def agreement_ending(self) -> bool: ...
    @property
    def territory_scoring(self) -> bool: ...
    @property
    def illegal_loses_turn(self) -> bool: ...
    @property
    def komi(self) -> float: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

_Size = Union[int, str]
"""A side (``9``) or a text: ``"9x9"``, ``"5x3"``, ``"7:3"``."""

_RulesLike = Union[Rules, str]

@final
class Game:
    """A game of Go under the Tromp-Taylor rules (or a variation of them)."""

    def __new__(
        cls, size: Optional[_Size] = None, rules: Optional[_RulesLike] = None, engine: str = "fast"
    ) -> "Game":
        """``size`` defaults to 19, ``rules`` to ``tromp-taylor``; ``engine`` is ``fast`` or ``spec``."""
    @staticmethod
    def from_sgf(text: str, engine: str = "fast") -> "Game":
        """The main line of an SGF record, replayed; ValueError if it cannot be.
        A reproducer's disputed turn (its last node, marked ``TTV``) is not
        played but kept in ``disputed``."""
    @property
    def disputed(self) -> Optional[Tuple[_Color, _Vertex, str]]:
        """``(color, vertex, note)`` of a reproducer's disputed turn, not played; else None."""
    def play(self, vertex: _Vertex) -> None:
        """Plays for the player to move; raises IllegalMove if the rules refuse it."""
    def is_legal(self, vertex: _Vertex) -> bool: ...
    def why_illegal(self, vertex: _Vertex) -> Optional[str]:
        """The reason the rules would refuse ``vertex``, or None."""
    def legal_moves(self) -> List[_Vertex]:
        """``"pass"`` first, then vertices in point order; empty once the game is over."""
    def undo(self) -> bool: ...
    @property
    def grid(self) -> str:
        """The board as GTP prints it: ``X`` black, ``O`` white, ``.`` empty."""
    def grid_rows(self) -> List[str]:
        """Rows of ``X``, ``O`` and ``.``, top row first."""
    @property
    def board(self) -> List[List[Optional[_Color]]]:
        """Rows (top first) of ``"B"``, ``"W"`` or None."""
    def color_at(self, vertex: _Vertex) -> Optional[_Color]: ...
    def score(self) -> Tuple[int, int]:
        """``(black, white)`` as the position stands, without komi."""
    def prisoners(self) -> Tuple[int, int]: ...
    def result(self) -> str:
        """With komi: ``"B+3.5"``, ``"W+1"``, or ``"0"`` for a tie."""
    def to_sgf(self) -> str: ...
    @property
    def to_move(self) -> _Color: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def consecutive_passes(self) -> int: ...
    @property
    def moves(self) -> List[Tuple[_Color, str]]: ...
    @property
    def size(self) -> Tuple[int, int]:
        """``(width, height)``."""
    @property
    def rules(self) -> Rules: ...
    @property
    def engine(self) -> str: ...

class _PythonEngine(Protocol):
    """What ``check_engine``'s factory returns. Only ``play`` is required;
    ``legal_moves(color) -> list of vertices`` (the legal set in one call,
    ``"pass"`` optional), ``is_legal(color, vertex) -> bool``, ``board()``
    (rows top first, as text or cells) and ``score() -> str`` (``"B+3.5"``)
    are compared when present."""

    def play(self, color: _Color, vertex: _Vertex) -> object:
        """Plays, or raises any exception to refuse."""

@final
class Divergence:
    kind: str
    """``refuses-legal``, ``accepts-illegal``, ``other-reason``, ``legal-set``,
    ``board``, ``score``, ``crash``, ``start``, ..."""
    group: str
    """The kind, the rule at stake and what the move does."""
    rule: str
    rules: List[str]
    message: str
    sgf: str
    game: int
    minimised: bool
    rules_text: str
    """The game's rules, as a compact rule string."""
    size: Tuple[int, int]
    """``(width, height)``."""
    moves: List[Tuple[_Color, _Vertex]]
    """The turns tried before the disputed one (refused attempts included)."""
    disputed: Optional[Tuple[_Color, _Vertex]]
    refusal: Optional[str]
    """The engine's own words on a turn it refused that the rules allow."""

@final
class CheckReport:
    engine: str
    rules: List[str]
    """The rules checked, as compact rule strings."""
    claims: Optional[List[str]]
    """The claims as stated, or None (held to the rules checked)."""
    games: int
    agreed: int
    turns: int
    skipped_games: int
    divergences: List[Divergence]
    skipped: List[str]
    ok: bool
    stopped: bool
    """True for the report of a check stopped early: the ``report`` of the
    ``KeyboardInterrupt`` (Ctrl-C) or ``SystemExit`` that stopped it,
    covering the games finished before it."""
    text: str
    def __bool__(self) -> bool: ...

def check_engine(
    factory: Callable[[int, int, str], _PythonEngine],
    games: int = 100,
    sizes: Optional[Union[_Size, Sequence[_Size]]] = None,
    rules: Optional[Union[_RulesLike, Sequence[_RulesLike]]] = None,
    seed: int = 0,
    jobs: Optional[int] = None,
    name: Optional[str] = None,
    claims: Optional[Union[_RulesLike, Sequence[_RulesLike]]] = None,
) -> CheckReport:
    """Plays ``games`` generated games on the rules and on the engine that
    ``factory(width, height, rules)`` starts (sizes default to 5x5 and 9x9,
    rules to ``tromp-taylor``), within the rules it ``claims`` (None: held
    to ``rules``), and reports where they part. Ctrl-C, or a
    ``KeyboardInterrupt`` or ``SystemExit`` raised by the engine, stops it
    within a second and is raised unchanged (never counted as a refusal),
    its attribute ``report`` the ``CheckReport`` of the games finished
    before it (``stopped`` true)."""
