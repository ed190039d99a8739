#!/usr/bin/env python3
"""Checks the rules explorer (explorer/www, built by explorer/build.sh) in a real browser.

Usage: check_explorer.py [WWW_DIR] [--screenshot PNG] [--chromedriver PATH]
                         [--chromium PATH]

Serves WWW_DIR (default explorer/www) from a local static HTTP server (a
thread of this script) and drives headless Chromium through Debian's
chromedriver over W3C WebDriver (the WebDriver class of check_site.py;
Python's standard library only). It plays a superko on 2x1 with the mouse
and the keyboard and a ko fight on 9x9, and checks that each refusal names
rule 6 and the turn it repeats; reloads the permalink and sees the same
position and verdict; pastes an SGF with an illegal move and sees the move
and its rule; scores a finished game (regions shaded, result); opens a
malformed permalink and a malformed SGF and sees a clear message over an
empty board; opens a 52x52 game of 999 turns and plays on, timing each play;
checks that the page fits a phone (390 px); and fails on any SEVERE console
entry. It saves a PNG of the ko fight where --screenshot says (default
docs/explorer.png). Exits 0 when all holds, 1 otherwise (each failure said on
standard error), 2 when the page is not built or the browser cannot start.
"""

import argparse
import functools
import http.server
import os
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_site import PHONE, WIDTH, WebDriver  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
ENTER = "\ue007"
LEFT = "\ue012"

# The ko fight of the screenshot: Black retakes at F5 at once, which would
# repeat the coloring after turn 7 (rule 6).
KO = ["E6", "F6", "D5", "G5", "E4", "F4", "F5", "E5"]


class Quiet(http.server.SimpleHTTPRequestHandler):
    """The static server: the right types for modules and wasm, no log."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, *args):
        pass


def serve(directory):
    handler = functools.partial(Quiet, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def long_game(turns):
    """`turns` turns on 52x52, every one legal: Black on distinct points of
    the lower 26 rows, White on distinct points of the upper 26 (neither
    half ever fills, so no string loses its last liberty, and the number of
    stones grows, so no coloring repeats)."""
    out = []
    for i in range(turns):
        p = (i // 2 * 7919) % 1352
        x, y = p % 52, p // 52 + (26 if i % 2 else 0)
        out.append(column(x) + str(y + 1))
    return out


def column(x):
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    return letters[x] if x < 25 else letters[x // 25 - 1] + letters[x % 25]


class Explorer:
    """The page, driven: loads, clicks, keys, and what it shows."""

    def __init__(self, driver, base):
        self.driver = driver
        self.base = base
        self.failures = []
        self.figures = {}

    def fail(self, text):
        self.failures.append(text)
        print("FAIL:", text, file=sys.stderr)

    def check(self, condition, text):
        if not condition:
            self.fail(text)
        return condition

    def find(self, css):
        answer = self.driver.call(
            "POST", self.driver.session + "/element", {"using": "css selector", "value": css}
        )
        if ELEMENT not in answer:
            raise RuntimeError(f"no element {css}: {answer!r}")
        return answer[ELEMENT]

    def click(self, css):
        self.driver.call("POST", f"{self.driver.session}/element/{self.find(css)}/click", {})

    def keys(self, css, text):
        self.driver.call("POST", f"{self.driver.session}/element/{self.find(css)}/value", {"text": text})

    def fill(self, css, text):
        element = self.find(css)
        self.driver.call("POST", f"{self.driver.session}/element/{element}/clear", {})
        self.driver.call("POST", f"{self.driver.session}/element/{element}/value", {"text": text})

    def cell(self, name):
        x, y = point_of(name)
        return f'#board .cell[data-x="{x}"][data-y="{y}"]'

    def text(self, css):
        return self.driver.run(f"return document.querySelector({css!r})?.innerText ?? ''")

    def wait(self, script, what, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.driver.run(script):
                return True
            time.sleep(0.05)
        self.fail(f"timed out waiting for {what}")
        return False

    def load(self, fragment=""):
        """A cold load of the page (a blank page first, so that a new
        fragment reloads it)."""
        self.driver.go("about:blank")
        self.driver.go(self.base + "index.html" + fragment)
        self.wait("return document.body && document.body.dataset.ready === 'true'", "the page to start")
        self.console()

    def console(self):
        for entry in self.driver.console():
            if entry.get("level") == "SEVERE":
                self.fail(f"console: {entry.get('message')}")

    def board(self):
        """The aria-labels of the grid's cells, top row first."""
        return self.driver.run(
            "return Array.from(document.querySelectorAll('#board [role=gridcell]'))"
            ".map(c => c.getAttribute('aria-label'))"
        )

    def empty_board(self, what):
        labels = self.board()
        self.check(
            len(labels) == 81 and all(label.endswith(", empty") for label in labels),
            f"{what}: not an empty 9x9 board ({len(labels)} cells)",
        )
        self.check(self.text("#status") != "", f"{what}: the status line is blank")

    def superko_2x1(self):
        self.load()
        self.fill("#size", "2x1")
        self.click("#new-game")
        self.click(self.cell("A1"))
        self.click(self.cell("B1"))
        # The keyboard: from B1 (focused by the click) left to A1, Enter.
        self.keys(self.cell("B1"), LEFT)
        focused = self.driver.run("return document.activeElement.getAttribute('aria-label')")
        self.check(focused.startswith("A1, empty"), f"the arrow key moved the focus to {focused!r}, not A1")
        self.keys(self.cell("A1"), ENTER)
        verdict = self.text("#verdict-body")
        self.check("Refused" in verdict and "rule 6" in verdict, f"2x1: the refusal does not name rule 6: {verdict!r}")
        self.check("turn 1" in verdict, f"2x1: the refusal does not name turn 1: {verdict!r}")
        self.check(
            self.driver.run("return document.querySelector('#turn-1').classList.contains('repeated')"),
            "2x1: turn 1 is not highlighted in the turns",
        )
        labels = self.board()
        self.check(labels[:2] == ["A1, empty, refused", "B1, white"], f"2x1: the board after the refusal is {labels}")
        self.keys(self.cell("A1"), "u")
        self.check(self.board()[1] == "B1, empty", "U did not undo White's move")
        self.keys(self.cell("A1"), "p")
        self.check("passes" in self.text("#verdict-body"), "P did not pass")
        self.console()

    def ko_fight(self, screenshot):
        """A 9x9 ko under positional superko; the permalink reloaded."""
        self.load()
        self.fill("#size", "9")
        self.click("#new-game")
        for move in KO:
            self.click(self.cell(move))
        cleared = self.driver.run("return document.querySelectorAll('#board .cleared').length")
        self.check(cleared == 1, f"the capture at E5 marks {cleared} cleared points, not 1 (F5)")
        self.check("rule 4" in self.text("#verdict-body"), "the capture does not name rule 4")
        self.click(self.cell("F5"))
        verdict = self.text("#verdict-body")
        self.check("rule 6" in verdict and "turn 7" in verdict, f"9x9 ko: {verdict!r}")
        self.check(not self.driver.run("return document.getElementById('earlier').hidden"),
                   "9x9 ko: the coloring after turn 7 is not shown")
        board, link = self.board(), self.driver.run("return document.getElementById('permalink').href")
        if screenshot:
            self.driver.run("window.scrollTo(0, 0)")
            self.driver.screenshot(screenshot)
        self.driver.go("about:blank")
        self.driver.go(link)
        self.wait("return document.body && document.body.dataset.ready === 'true'", "the permalink")
        self.check(self.board() == board, "the permalink reopens another position")
        self.check(self.text("#verdict-body") == verdict, f"the permalink shows another verdict: {self.text('#verdict-body')!r}")
        self.console()

    def sgf(self):
        self.load()
        self.fill("#sgf", "(;FF[4]GM[1]SZ[9]KM[6.5];B[ee];W[dd];B[dd];W[cc])")
        self.click("#open-sgf")
        verdict, message = self.text("#verdict-body"), self.text("#message")
        self.check("D6" in verdict and "rule 7" in verdict, f"SGF: the illegal move and its rule: {verdict!r}")
        self.check("turn 3 of 4 (D6) is refused" in message, f"SGF: the message {message!r}")
        self.click("#export-sgf")
        exported = self.driver.run("return document.getElementById('sgf').value")
        self.check(exported.startswith("(;") and "W[dd]" in exported, f"SGF export: {exported!r}")
        self.console()

    def score(self):
        turns = ",".join(f"C{r},D{r}" for r in range(1, 6)) + ",pass,pass"
        self.load(f"#size=5&komi=0.5&turns={turns}")
        result = self.text("#result")
        self.check("B+4.5" in result, f"score: the result is {result!r}, not B+4.5")
        shaded = self.driver.run(
            "return ['area-b','area-w'].map(c => document.querySelectorAll('#board .' + c).length)"
        )
        self.check(shaded == [10, 5], f"score: {shaded} points shaded Black's and White's, not [10, 5]")
        regions = self.driver.run("return document.querySelectorAll('#regions li').length")
        self.check(regions == 2, f"score: {regions} regions listed, not 2")
        self.console()

    def bad_input(self):
        self.load("#size=99&turns=Q")
        message = self.text("#message")
        self.check("could not be read" in message and "not a board size" in message, f"bad link: {message!r}")
        self.empty_board("a malformed permalink")
        self.load()
        self.fill("#sgf", "(;FF[4]GM[1]SZ[9];B[dd]")
        self.click("#open-sgf")
        message = self.text("#message")
        self.check(message.startswith("The SGF could not be read"), f"bad SGF: {message!r}")
        self.empty_board("a malformed SGF")
        self.console()

    def long_game(self):
        turns = long_game(1000)
        start = time.time()
        self.load("#size=52&turns=" + ",".join(turns[:999]))
        self.figures["open 52x52 at turn 999 (s)"] = round(time.time() - start, 2)
        self.check(self.text("#message") == "", f"52x52: {self.text('#message')!r}")
        self.driver.run("window.explorerTimings.plays = []; window.explorerTimings.engines = []; window.explorerTimings.frames = []")
        x, y = point_of(turns[999])
        self.click(f'#board .cell[data-x="{x}"][data-y="{y}"]')
        status = self.text("#status")
        self.check("turn 1001" in status, f"52x52: after the 1000th turn the status says {status!r}")
        for i in range(20):
            self.click(f'#board .cell[data-x="{(i * 5) % 52}"][data-y="{25 + i % 2}"]')
        plays = self.driver.run("return window.explorerTimings.plays")
        engines = self.driver.run("return window.explorerTimings.engines")
        self.figures["of which the wasm (ms, median)"] = round(statistics.median(engines), 1)
        time.sleep(0.5)
        frames = self.driver.run("return window.explorerTimings.frames")
        self.figures["play on 52x52 at turn 1000 (ms, median of 21)"] = round(statistics.median(plays), 1)
        self.figures["play on 52x52 at turn 1000, to the next frame (ms, median)"] = round(statistics.median(frames), 1)
        self.figures["play on 52x52 at turn 1000 (ms, slowest)"] = round(max(plays), 1)
        self.check(max(plays) < 1000, f"52x52: a play took {max(plays):.0f} ms")
        self.check(self.text("#disagreement") == "", f"52x52: {self.text('#disagreement')!r}")
        self.console()

    def phone(self):
        self.driver.size(*PHONE)
        for fragment in ("#size=19", "#size=52"):
            self.load(fragment)
            scroll, inner, wide = self.driver.run(WIDTH)
            self.check(scroll <= inner, f"{fragment}: {scroll} px wide on a {inner} px screen ({', '.join(wide)})")


def point_of(name):
    """The (x, y) of a vertex such as D4 or AB52."""
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    head = "".join(c for c in name if c.isalpha())
    x = letters.index(head) if len(head) == 1 else (letters.index(head[0]) + 1) * 25 + letters.index(head[1])
    return x, int(name[len(head):]) - 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("www", nargs="?", default=os.path.join(ROOT, "explorer", "www"))
    parser.add_argument("--screenshot", default=os.path.join(ROOT, "docs", "explorer.png"))
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.www, "pkg", "tromp_taylor_explorer_bg.wasm")):
        print(f"error: {args.www}/pkg is not built (run explorer/build.sh)", file=sys.stderr)
        return 2
    server = serve(args.www)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        driver = WebDriver(args.chromedriver, args.chromium)
    except (OSError, RuntimeError) as e:
        print(f"error: the browser cannot be started: {e}", file=sys.stderr)
        server.shutdown()
        return 2
    page = Explorer(driver, base)
    try:
        page.load()
        page.figures["first verdict on a cold page (ms)"] = round(
            driver.run("return window.explorerTimings.firstVerdictMs"), 1
        )
        page.superko_2x1()
        page.ko_fight(args.screenshot)
        page.sgf()
        page.score()
        page.bad_input()
        page.long_game()
        page.phone()
    except RuntimeError as e:
        page.fail(f"WebDriver: {e}")
    finally:
        driver.quit()
        server.shutdown()
    for name, value in page.figures.items():
        print(f"check_explorer: {name}: {value}")
    if page.failures:
        print(f"{len(page.failures)} failures", file=sys.stderr)
        return 1
    print("check_explorer: superko (2x1, 9x9 ko), permalink, SGF, score, bad input, 52x52 x 1000 turns, phone width, no console error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
