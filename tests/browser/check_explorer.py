#!/usr/bin/env python3
"""Checks the rules explorer (explorer/www, built by explorer/build.sh) in a real browser.

Usage: check_explorer.py [WWW_DIR] [--screenshot PNG] [--phone-screenshot PNG]
                         [--chromedriver PATH] [--chromium PATH]

Serves WWW_DIR (default explorer/www) from a local static HTTP server (a
thread of this script) and drives headless Chromium through Debian's
chromedriver over W3C WebDriver (the WebDriver class of check_site.py;
Python's standard library only). It plays a superko on 2x1 with the mouse
and the keyboard and a ko fight on 9x9, and checks that each refusal names
rule 6 and the turn it repeats, drawn on a small board beside the board;
reloads the permalink and sees the same position and verdict; checks the
board as Go players read it (GTP coordinates without I on all four sides,
star points, the stone under the pointer, the last move marked, a small
board drawn large); pastes an SGF with an illegal move and one that gives a
move to the player not to move; scores a finished game (regions shaded,
result) and a tie; opens malformed links (a bad size, a key given twice, an
unknown key) and a malformed SGF, sees a message naming the fault over an
empty board and the bad link left in the address bar; checks that every
rule link resolves (in the book: the rules page beside it has the anchor;
alone: the absolute address build.sh wrote); a legal suicide called one;
"Replay under these settings" keeping the refused move; a free handicap of
2,703 stones; a preset shown by its name; a link of another version opening
with a note; opens the 52x52 link of 20,000 turns (explorer/tests/
long-52x52.txt), sees fast's position and verdict drawn first, marked as
fast's, then spec's once it has checked every turn, and a play made
meanwhile wait for spec and get spec's verdict; plays on, timing each play
(bounds that only catch a hang: docs/benchmarks.md has the figures, from
bench_explorer.py); checks
that the page fits a phone (390 px), with a 52x52 board's points at least
24 px and the verdict in the first screen; and fails on any SEVERE console
entry. It saves PNGs of the ko fight, on a desktop where --screenshot says
(default docs/explorer-desktop.png) and on a phone where --phone-screenshot
says (default: --screenshot's name with -phone, or
docs/explorer-phone.png). Exits 0 when all holds, 1 otherwise (each
failure said on standard error), 2 when the page is not built or the
browser cannot start.
"""

import argparse
import functools
import http.server
import os
import re
import statistics
import sys
import threading
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_site import DESKTOP, PHONE, WIDTH, WebDriver  # noqa: E402

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


# The longest link: 20,000 legal turns on 52x52 (the most a link holds).
LONG = os.path.join(ROOT, "explorer", "tests", "long-52x52.txt")


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
        self.check(labels[:2] == ["A1, empty, refused", "B1, white, last move"], f"2x1: the board after the refusal is {labels}")
        self.check(not self.driver.run("return document.getElementById('earlier').hidden"),
                   "2x1: the coloring after turn 1 is not drawn beside the board")
        self.keys(self.cell("A1"), "u")
        self.check(self.board()[1] == "B1, empty", "U did not undo White's move")
        self.keys(self.cell("A1"), "p")
        self.check("passes" in self.text("#verdict-body"), "P did not pass")
        self.console()

    def ko_fight(self, screenshot, phone_screenshot):
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
        if phone_screenshot:
            self.driver.size(*PHONE)
            self.driver.run("window.dispatchEvent(new Event('resize')); window.scrollTo(0, 0)")
            time.sleep(0.3)
            self.driver.screenshot(phone_screenshot)
            self.driver.size(*DESKTOP)
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

    def board_looks(self):
        """Coordinates on four sides without I, star points, the shadow
        stone, the last move, and a small board drawn large."""
        self.load("#size=19&turns=D4")
        coords = self.driver.run("return Array.from(document.querySelectorAll('#board .coord')).map(t => t.textContent)")
        self.check(len(coords) == 4 * 19, f"19x19: {len(coords)} coordinates, not 76 (both sides of each line)")
        self.check(coords.count("T") == 2 and coords.count("19") == 2 and "I" not in coords,
                   f"19x19: the coordinates are not GTP's on all four sides: {coords[:40]}")
        stars = self.driver.run("return document.querySelectorAll('#board .star').length")
        self.check(stars == 9, f"19x19: {stars} star points, not 9")
        last = self.driver.run("return document.querySelectorAll('#board .last').length")
        self.check(last == 1, f"19x19: {last} last-move marks after D4, not 1")
        self.driver.run(
            "document.querySelector('#board .cell[data-x=\"10\"][data-y=\"10\"]')"
            ".dispatchEvent(new PointerEvent('pointermove', {bubbles: true}))"
        )
        shadow = self.driver.run("const s = document.getElementById('shadow'); "
                                 "return [s.getAttribute('visibility'), s.getAttribute('class'), s.getAttribute('cx')]")
        self.check(shadow == ["visible", "w", "10"], f"the shadow stone under the pointer at L11: {shadow}")
        self.load("#size=3")
        width = self.driver.run("return document.getElementById('board').getBoundingClientRect().width")
        self.check(width >= 300, f"3x3 is drawn {width:.0f} px wide on a desktop, not large")
        self.console()

    def defects(self):
        """Each mended defect, as a user meets it."""
        # A key given twice, an unknown key: refused by name, the link kept.
        for fragment, says in (("#size=9&size=5", "the key size is given twice"),
                               ("#size=9&colour=b", 'a key "colour"'),
                               ("#size=3&first=W&turns=A1", "first=W needs a setup"),
                               ("#size=9&turns=A1,,,,B2", "turn 2: it is empty")):
            self.load(fragment)
            message = self.text("#message")
            self.check(says in message and message.startswith("The link could not be read"),
                       f"{fragment}: {message!r}")
            time.sleep(0.4)
            address = urllib.parse.unquote(self.driver.run("return location.hash"))
            self.check(address == fragment, f"{fragment}: the address bar now says {address!r}")
        self.load("#size=9&turns=A0,B1")
        self.check("column I" not in self.text("#message"), f"A0: {self.text('#message')!r}")
        # An SGF giving a move to the player not to move.
        self.fill("#sgf", "(;SZ[9];B[aa];B[aa])")
        self.click("#open-sgf")
        message = self.text("#message")
        self.check("gives turn 2 of 2 (A9) to Black, but White is to move" in message, f"SGF colours: {message!r}")
        # A legal suicide is called one (docs/rules.md's rule 7 link).
        self.load("#size=3x3&turns=B1,A1,B2,pass,A3,A2")
        verdict = self.text("#verdict-body")
        self.check("suicide" in verdict and "comment 7" in verdict, f"a legal suicide: {verdict!r}")
        # Replay under these settings keeps the refused move.
        self.load("#size=2x1&turns=A1,B1,A1")
        self.fill("#rules", "new-zealand")
        self.click("#apply")
        verdict = self.text("#verdict-body")
        self.check("Refused" in verdict and "A1" in verdict, f"replay dropped the refused move: {verdict!r}")
        self.check(self.driver.run("return document.getElementById('rules').value") == "new-zealand",
                   "the rules field does not show the preset's name")
        # A preset by its name.
        self.load("#size=9&rules=koPOSITIONALscoreAREAsui1")
        rules = self.driver.run("return document.getElementById('rules').value")
        self.check(rules == "tromp-taylor", f"the rules field shows {rules!r}, not tromp-taylor")
        # A free handicap up to the link's limit, and no stray count beside "none".
        self.check(self.driver.run("return document.getElementById('handicap-stones-label').hidden"),
                   "the handicap's stones are shown beside none")
        self.fill("#size", "52")
        self.driver.run("const k = document.getElementById('handicap-kind'); k.value = 'free'; k.dispatchEvent(new Event('change'))")
        self.fill("#handicap-stones", "2703")
        self.click("#new-game")
        status = self.text("#status")
        self.check("handicap free 2703" in status, f"a free handicap of 2703: {status!r} {self.text('#message')!r}")
        # A tie said as a tie.
        self.load("#size=3x1&turns=A1,C1,pass,pass")
        result = self.text("#result")
        self.check("tie" in result, f"a tie shows {result!r}")
        # A link of another version opens with a note.
        self.load("#v=0.0.1&size=2x1&turns=A1")
        message = self.text("#message")
        self.check("version 0.0.1" in message, f"another version: {message!r}")
        self.check(self.board()[0] == "A1, black, last move", "another version's link did not open its position")
        self.console()

    def rule_links(self):
        """Every rule link: to the book's rules page beside the explorer
        (which must have the anchor), or to the address build.sh wrote."""
        hrefs = []
        for fragment in ("#size=2x1&turns=A1,B1,A1", "#size=2x1&turns=A1,B1"):
            self.load(fragment)
            hrefs += self.driver.run(
                "return Array.from(document.querySelectorAll('a.rule')).map(a => [a.getAttribute('href'), a.href])"
            )
        self.check(len(hrefs) >= 8, f"only {len(hrefs)} rule links")
        with open(os.path.join(self.www, "pkg", "config.js")) as f:
            base = re.search(r'RULES_URL = "([^"]*)"', f.read()).group(1)
        pages = {}
        for raw, absolute in hrefs:
            self.check(raw.startswith(base + "#"), f"the rule link {raw!r} is not under {base!r}")
            page, _, anchor = absolute.partition("#")
            if page.startswith(self.origin):
                if page not in pages:
                    try:
                        with urllib.request.urlopen(page) as answer:
                            pages[page] = answer.read().decode()
                    except OSError as e:
                        self.fail(f"the rule link {raw!r} does not resolve: {e}")
                        pages[page] = ""
                self.check(re.search(rf'id="?{re.escape(anchor)}"?[ >]', pages[page]) is not None,
                           f"the rules page has no anchor {anchor!r} ({raw!r})")
            else:
                with open(os.path.join(ROOT, "docs", "rules.md")) as f:
                    self.check(f"id={anchor}>" in f.read(), f"docs/rules.md has no anchor {anchor!r}")
                self.check(absolute.startswith("https://"), f"the rule link {absolute!r} is not absolute")

    def long_game(self):
        with open(LONG) as f:
            turns = next(line for line in f if not line.startswith("#")).strip()
        self.fast_first("#size=52&turns=" + turns)
        self.check(self.text("#message") == "", f"52x52: {self.text('#message')!r}")
        self.check("turn 20001" in self.text("#status"), f"52x52: {self.text('#status')!r}")
        items = self.driver.run("return document.querySelectorAll('#turns .turn').length")
        self.check(0 < items < 200, f"the turn list draws {items} rows, not only those in sight")
        self.driver.run("window.explorerTimings.plays = []; window.explorerTimings.engines = []; window.explorerTimings.frames = []")
        empty = self.driver.run(
            "const v = []; document.querySelectorAll('#board .cell').forEach(c => "
            "{ if (c.getAttribute('aria-label').endsWith(', empty')) v.push([c.dataset.x, c.dataset.y]); }); return v;"
        )
        for x, y in empty[::max(1, len(empty) // 40)][:21]:
            self.click(f'#board .cell[data-x="{x}"][data-y="{y}"]')
        plays = self.driver.run("return window.explorerTimings.plays")
        engines = self.driver.run("return window.explorerTimings.engines")
        time.sleep(0.5)
        frames = self.driver.run("return window.explorerTimings.frames")
        self.figures["play on 52x52 after turn 20,000 (ms, median of 21)"] = round(statistics.median(plays), 1)
        self.figures["of which the wasm (ms, median)"] = round(statistics.median(engines), 1)
        self.figures["play on 52x52 after turn 20,000, to the next frame (ms, median)"] = round(statistics.median(frames), 1)
        self.figures["play on 52x52 after turn 20,000 (ms, slowest)"] = round(max(plays), 1)
        self.check(max(plays) < 2000, f"52x52: a play took {max(plays):.0f} ms")
        self.check(self.text("#disagreement") == "", f"52x52: {self.text('#disagreement')!r}")
        self.console()
        self.queued_play("#size=52&turns=" + turns)

    def fast_first(self, fragment):
        """The long link opens with fast's position and verdict, marked as
        fast's while spec checks it, then shows spec's."""
        start = time.time()
        self.load(fragment)
        opened = time.time() - start
        self.figures["open 52x52 at turn 20,000, fast's verdict drawn (s)"] = round(opened, 2)
        self.check(opened < 30, f"52x52: fast's position took {opened:.0f} s to draw")
        verdict = self.text("#verdict-body")
        checking = self.driver.run("return document.body.dataset.checked") != "true"
        if checking:
            self.check("fast says: legal" in verdict and "turn 20000" in verdict,
                       f"52x52: fast's verdict is not drawn as fast's: {verdict!r}")
            self.check("Checking with spec" in verdict, f"52x52: no progress of spec's check: {verdict!r}")
            busy = self.driver.run("return document.getElementById('verdict').getAttribute('aria-busy')")
            self.check(busy == "true" or self.driver.run("return document.body.dataset.checked") == "true",
                       f"52x52: the verdict panel is aria-busy={busy!r} while spec checks")
            self.check("fast's position" in self.text("#status"), f"52x52: {self.text('#status')!r}")
            self.check("spec" in self.text("#score-body"), f"52x52: a score before spec's: {self.text('#score-body')!r}")
        if self.wait("return document.body.dataset.checked === 'true'", "spec to check the long link", 300):
            self.figures["open 52x52 at turn 20,000, spec's verdict drawn (s)"] = round(time.time() - start, 2)
        verdict = self.text("#verdict-body")
        self.check("fast says" not in verdict and "Legal" in verdict and "turn 20000" in verdict,
                   f"52x52: spec's verdict is not drawn once checked: {verdict!r}")
        busy = self.driver.run("return document.getElementById('verdict').getAttribute('aria-busy')")
        self.check(busy == "false", f"52x52: the verdict is still aria-busy={busy!r} once checked")
        self.check("Result" in self.text("#score-body"), "52x52: no score once spec has checked")
        self.console()

    def queued_play(self, fragment):
        """A play while spec checks waits for it, then gets spec's verdict.
        The click and what the page says of it are one script, so that
        spec cannot finish between them."""
        self.load(fragment)
        checking, note = self.driver.run(
            "const checking = document.body.dataset.checked !== 'true';"
            "const c = Array.from(document.querySelectorAll('#board .cell'))"
            ".find(c => c.getAttribute('aria-label').endsWith(', empty'));"
            "c.dispatchEvent(new MouseEvent('click', {bubbles: true}));"
            "return [checking, document.getElementById('checking')?.innerText ?? ''];"
        )
        if not checking:
            self.fail("52x52: spec had checked the link before a play could be queued")
            return
        self.check("1 action waiting" in note, f"52x52: the play is not said to wait for spec: {note!r}")
        self.wait("return document.body.dataset.checked === 'true'", "spec to check the long link", 300)
        self.wait("return document.getElementById('verdict-body').innerText.includes('turn 20001')",
                  "the queued play's verdict", 30)
        verdict = self.text("#verdict-body")
        self.check("fast says" not in verdict and "rule" in verdict,
                   f"52x52: the queued play's verdict is not spec's: {verdict!r}")
        self.console()

    def phone(self, superko):
        self.driver.size(*PHONE)
        for fragment in ("#size=19", "#size=52&turns=" + superko):
            self.load(fragment)
            scroll, inner, wide = self.driver.run(WIDTH)
            self.check(scroll <= inner, f"{fragment[:20]}: {scroll} px wide on a {inner} px screen ({', '.join(wide)})")
        pitch = float(self.driver.run("return document.getElementById('board').dataset.pitch"))
        self.check(pitch >= 24, f"52x52 on a phone: {pitch:.1f} px a point, under 24")
        box = self.driver.run("const s = document.getElementById('board-scroll'); return [s.scrollWidth, s.clientWidth]")
        self.check(box[0] > box[1], f"52x52 on a phone: the board does not scroll in its box ({box})")
        top, height = self.driver.run(
            "return [document.querySelector('#verdict-body p').getBoundingClientRect().top, window.innerHeight]"
        )
        self.check(top < height - 20, f"on a phone the verdict starts at {top:.0f} px, below the first screen ({height} px)")
        verdict = self.text("#verdict-body")
        self.check("Refused" in verdict, f"52x52 on a phone: {verdict!r}")
        self.driver.size(*DESKTOP)


def point_of(name):
    """The (x, y) of a vertex such as D4 or AB52."""
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    head = "".join(c for c in name if c.isalpha())
    x = letters.index(head) if len(head) == 1 else (letters.index(head[0]) + 1) * 25 + letters.index(head[1])
    return x, int(name[len(head):]) - 1


def explorer_parser(description):
    """The command line of the explorer's browser scripts: the page's folder and the browser."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("www", nargs="?", default=os.path.join(ROOT, "explorer", "www"))
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    return parser


def is_built(www):
    """Whether the page's wasm is built in `www`; says so on standard error when not."""
    if os.path.isfile(os.path.join(www, "pkg", "tromp_taylor_explorer_bg.wasm")):
        return True
    print(f"error: {www}/pkg is not built (run explorer/build.sh)", file=sys.stderr)
    return False


def start_browser(args, server):
    """Headless Chromium from `args`; None, said on standard error, with `server` shut down, when it cannot start."""
    try:
        return WebDriver(args.chromedriver, args.chromium)
    except (OSError, RuntimeError) as e:
        print(f"error: the browser cannot be started: {e}", file=sys.stderr)
        server.shutdown()
        return None


def main():
    parser = explorer_parser(__doc__.splitlines()[0])
    parser.add_argument("--screenshot", default=os.path.join(ROOT, "docs", "explorer-desktop.png"))
    parser.add_argument("--phone-screenshot", default=None)
    args = parser.parse_args()
    if not is_built(args.www):
        return 2
    # Inside the book (a rules.html beside the explorer's folder), the book
    # is served, so that the rule links to ../rules.html can be followed.
    www = os.path.abspath(args.www)
    book = os.path.dirname(www)
    in_book = os.path.isfile(os.path.join(book, "rules.html"))
    server = serve(book if in_book else www)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    if in_book:
        base += urllib.parse.quote(os.path.basename(www)) + "/"
    driver = start_browser(args, server)
    if driver is None:
        return 2
    phone_screenshot = args.phone_screenshot
    if phone_screenshot is None and args.screenshot:
        stem = args.screenshot[:-4] if args.screenshot.endswith(".png") else args.screenshot
        phone_screenshot = (os.path.join(ROOT, "docs", "explorer-phone.png")
                            if stem.endswith(os.path.join("docs", "explorer-desktop")) else stem + "-phone.png")
    page = Explorer(driver, base)
    page.www = args.www
    page.origin = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        driver.size(*DESKTOP)
        page.load()
        page.figures["first verdict on a cold page (ms)"] = round(
            driver.run("return window.explorerTimings.firstVerdictMs"), 1
        )
        page.superko_2x1()
        page.ko_fight(args.screenshot, phone_screenshot)
        page.board_looks()
        page.sgf()
        page.score()
        page.bad_input()
        page.defects()
        page.rule_links()
        page.long_game()
        page.phone("A1,B1,A2,B2,A1")
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
    print("check_explorer: superko (2x1, 9x9 ko), permalink, the board's look, SGF, score, bad input, each mended defect, rule links, 52x52 x 20,000 turns, phone, no console error")
    return 0


if __name__ == "__main__":
    sys.exit(main())
