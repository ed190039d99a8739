#!/usr/bin/env python3
"""A hostile GTP engine for tests/hostile.rs: our referee (`tromp-taylor gtp`,
the binary named by $TROMP_TAYLOR) behind a proxy whose every word of its own
carries markup, backticks, `|`, `-->`, terminal escapes and bidi overrides.

Its one argument says how it diverges from the rules, so that findings
quote its words:
  refuse  refuses every legal move at B2, with a hostile message of two lines
          (the second a Markdown heading);
  accept  accepts every move that repeats a coloring (superko), with a hostile answer;
  score   answers final_score with hostile words instead of a score;
  board   hides list_stones, and answers showboard with hostile words once
          White has a stone on the board (the probe of showboard has none).
Whatever the mode, name, version and standard error are hostile too.
"""

import os
import subprocess
import sys

# Terminal escapes (a title, a color), BEL, a C1 control, bidi overrides and
# isolates, HTML, a link, an image, backtick runs of 1 and 3, a table's `|`,
# a comment's end, an entity for ESC.
WORDS = (
    "\x1b]0;owned\x07\x1b[31mred\x1b[0m \u202eevil\u202c \u2066iso\u2069\u200f "
    "<img src=x onerror=alert(1)> [link](http://x) ![image](http://x/i.png) "
    "`tick` ```fence``` | cell | --> &#27; \x9b1m"
)
MODE = sys.argv[1] if len(sys.argv) > 1 else "refuse"
REFEREE = os.environ.get("TROMP_TAYLOR", "tromp-taylor")


def say(text):
    sys.stdout.write(text + "\n\n")
    sys.stdout.flush()


def complain():
    sys.stderr.write("hostile stderr: " + WORDS + "\n")
    sys.stderr.flush()


def main():
    referee = subprocess.Popen(
        [REFEREE, "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    complain()
    for line in sys.stdin:
        command = line.strip()
        if not command:
            continue
        words = command.split()
        referee.stdin.write(command + "\n")
        referee.stdin.flush()
        answer = []
        for reply in referee.stdout:
            if not reply.strip():
                break
            answer.append(reply.rstrip("\n"))
        answer = "\n".join(answer)
        say(edit(words, answer))
        if words[0] == "quit":
            break


def edit(words, answer):
    """The referee's answer to `words`, as the hostile engine gives it."""
    name = words[0].lower()
    if name == "name":
        return "= hostile " + WORDS
    if name == "version":
        return "= 1 " + WORDS
    if name == "list_commands" and MODE == "board":
        return "\n".join(l for l in answer.split("\n") if l.strip("= ") != "list_stones")
    if name == "play" and len(words) == 3:
        if MODE == "refuse" and words[2].upper() == "B2" and answer.startswith("="):
            return "? " + WORDS + "\n# <img src=x onerror=alert(2)> `tail"
        if MODE == "accept" and answer.startswith("?") and "superko" in answer:
            return "= " + WORDS
    if name == "final_score" and MODE == "score":
        complain()
        return "= " + WORDS
    if name == "showboard" and MODE == "board" and " O " in answer:
        complain()
        return "= " + WORDS + "\n" + WORDS
    return answer


if __name__ == "__main__":
    main()
