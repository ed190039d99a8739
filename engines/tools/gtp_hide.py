# engines/tools/gtp_hide.py: a GTP pass-through that hides some commands of an engine, to stand in for a manifest's skip_checks when running `tromp-taylor audit` by hand.
"""Runs an engine and passes GTP through, hiding the commands named.

    gtp_hide.py --hide showboard,final_score -- /usr/games/leelaz --gtp ...

`list_commands` is answered without them, `known_command NAME` answers
`false` for them, and the commands themselves are refused with `? unknown
command` without reaching the engine. Everything else goes to the engine and
its answer comes back unchanged. This changes no verdict of the engine: it
only stops the auditor from asking what a manifest's `skip_checks` switches
off (the matrix does that itself; this is for runs of `audit` and `vectors
run`, which have no such option).
"""

import argparse
import subprocess
import sys


def read_answer(child):
    """One GTP answer from the child: lines up to the empty line."""
    lines = []
    while True:
        line = child.stdout.readline()
        if not line:
            return None
        if line.strip() == "" and lines:
            return "".join(lines)
        if line.strip() == "" and not lines:
            continue
        lines.append(line)


def main():
    parser = argparse.ArgumentParser(description="hide GTP commands of an engine")
    parser.add_argument("--hide", required=True, help="comma-separated command names")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    hidden = {h for h in options.hide.split(",") if h}
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        ident = words[0] if words[0].isdigit() else ""
        rest = words[1:] if ident else words
        name = rest[0] if rest else ""
        if name in hidden:
            sys.stdout.write("?%s unknown command\n\n" % ident)
            sys.stdout.flush()
            continue
        if name == "known_command" and len(rest) > 1 and rest[1] in hidden:
            sys.stdout.write("=%s false\n\n" % ident)
            sys.stdout.flush()
            continue
        child.stdin.write(line if line.endswith("\n") else line + "\n")
        child.stdin.flush()
        answer = read_answer(child)
        if answer is None:
            sys.exit(1)
        if name == "list_commands" and answer.startswith("="):
            head, _, body = answer.partition(" ")
            names = [n for n in body.split() if n not in hidden]
            answer = "%s %s\n" % (head, "\n".join(names))
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
        if name == "quit":
            break
    child.wait()


if __name__ == "__main__":
    main()
