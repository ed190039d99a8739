# engines/python/gtp_loop.py: the GTP plumbing shared by the Python adapters (reading commands, vertices, answers); no rules here.
"""A minimal GTP version 2 server loop.

An adapter gives `serve` a dict of handlers, `name -> function(args) -> str`.
A handler answers by returning the text after `= `, or refuses by raising
`GtpError(text)`, answered `? text`. Vertices are GTP's: columns A to Z
without I, rows from 1 at the bottom; `vertex` and `vertex_name` convert
them to and from (column, row) counted from 0 at the bottom left.
"""

import sys

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class GtpError(Exception):
    """A refusal: answered `? MESSAGE`."""


def color(word):
    """`b`/`black` -> 'b', `w`/`white` -> 'w'."""
    w = word.lower()
    if w in ("b", "black"):
        return "b"
    if w in ("w", "white"):
        return "w"
    raise GtpError("syntax error: not a color: " + word)


def vertex(word):
    """A GTP vertex -> (column, row) from 0, or None for pass. The point may
    lie off the board: the adapter asks its library about it."""
    w = word.upper()
    if w == "PASS":
        return None
    if len(w) < 2 or w[0] not in COLUMNS or not w[1:].isdigit():
        raise GtpError("syntax error: not a vertex: " + word)
    row = int(w[1:])
    if row < 1:
        raise GtpError("syntax error: not a vertex: " + word)
    return COLUMNS.index(w[0]), row - 1


def vertex_name(col, row):
    """(column, row) from 0 -> a GTP vertex."""
    return "%s%d" % (COLUMNS[col], row + 1)


def package_version(name):
    """The installed version of the distribution `name`, or "unknown"."""
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:  # pragma: no cover - metadata missing
        return "unknown"


def diagram(width, height, mark):
    """`showboard`'s text: rows numbered from the top one down, each point
    `mark(column, row)` (from 0 at the bottom left)."""
    rows = [""]
    for r in range(height - 1, -1, -1):
        rows.append("%2d %s" % (r + 1, " ".join(mark(c, r) for c in range(width))))
    return "\n".join(rows)


# The game commands an adapter answers with its methods of the same names.
GAME_COMMANDS = (
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "is_legal",
    "all_legal",
    "list_stones",
    "showboard",
    "final_score",
)


def game_handlers(adapter, name, version):
    """The handlers of `adapter`: `name` and `version` answered as given,
    and each of GAME_COMMANDS by the adapter's method of that name."""
    handlers = {command: getattr(adapter, command) for command in GAME_COMMANDS}
    handlers["name"] = lambda args: name
    handlers["version"] = lambda args: version
    return handlers


def clean(line):
    """GTP 3.1: control characters dropped (tab made a space), `#` comments cut."""
    line = line.replace("\t", " ")
    line = "".join(ch for ch in line if ch >= " " or ch == "\n")
    return line.split("#", 1)[0].strip()


def serve(handlers, stdin=sys.stdin, stdout=sys.stdout):
    """Answers GTP commands from stdin until `quit` or end of input."""
    handlers = dict(handlers)
    handlers.setdefault("protocol_version", lambda args: "2")
    handlers.setdefault("known_command", lambda args: "true" if args and args[0] in handlers else "false")
    handlers.setdefault("list_commands", lambda args: "\n".join(sorted(handlers)))
    handlers.setdefault("quit", lambda args: "")
    for raw in stdin:
        line = clean(raw)
        if not line:
            continue
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                continue
        name, args = words[0], words[1:]
        handler = handlers.get(name)
        try:
            if handler is None:
                raise GtpError("unknown command")
            answer = handler(args)
            stdout.write("=%s %s\n\n" % (ident, answer))
        except GtpError as e:
            stdout.write("?%s %s\n\n" % (ident, e))
        except (IndexError, ValueError) as e:
            stdout.write("?%s syntax error: %s\n\n" % (ident, e))
        stdout.flush()
        if name == "quit":
            return
