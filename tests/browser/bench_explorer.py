#!/usr/bin/env python3
"""Times the rules explorer on the longest link in headless Chromium: docs/benchmarks.md's figures.

Usage: bench_explorer.py [WWW_DIR] [--turns FILE] [--plays N] [--runs N]
                         [--chromedriver PATH] [--chromium PATH]

Serves WWW_DIR (default explorer/www, built by explorer/build.sh) as
check_explorer.py does and opens the 52x52 link of FILE's turns (default
explorer/tests/long-52x52.txt: 20,000 legal turns, the most a link holds,
written by `cargo run --release -p tromp-taylor-explorer --example
long_link`). For each of --runs cold loads it prints the seconds from the
navigation to the page showing the position and its verdict (for a link
of 1,000 turns or more, `fast`'s, marked as such), the milliseconds the
page spent opening the link (the wasm's replay in `fast` and the drawing),
and the seconds from the navigation to `spec`'s verdict drawn, once `spec`
has checked every turn a slice at a time; then it plays --plays moves on the position, clicking empty
points, and prints the median and slowest time from the click to the
verdict drawn, and to the next frame. Last, the machine (`nproc`, `lscpu`'s
model name). Exits 2 when the page is not built or the browser cannot start.
"""

import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_explorer import ROOT, explorer_parser, is_built, serve, start_browser  # noqa: E402
from check_site import DESKTOP  # noqa: E402


def machine():
    cores = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    model = ""
    for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
        if line.startswith("Model name:"):
            model = line.split(":", 1)[1].strip()
    return f"nproc = {cores}, lscpu model name = {model}"


def seconds_until(driver, condition, start, what):
    """Seconds from `start` until the page's `condition` holds (polled every 10 ms); a RuntimeError after 600 s."""
    while not driver.run(f"return {condition}"):
        if time.time() - start > 600:
            raise RuntimeError(f"{what} in 600 s")
        time.sleep(0.01)
    return time.time() - start


def main():
    parser = explorer_parser(__doc__.splitlines()[0])
    parser.add_argument("--turns", default=os.path.join(ROOT, "explorer", "tests", "long-52x52.txt"))
    parser.add_argument("--plays", type=int, default=21)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not is_built(args.www):
        return 2
    with open(args.turns) as f:
        turns = next(line for line in f if not line.startswith("#")).strip()
    count = turns.count(",") + 1
    server = serve(args.www)
    base = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    driver = start_browser(args, server)
    if driver is None:
        return 2
    try:
        driver.size(*DESKTOP)
        opens, in_page, checked, in_check = [], [], [], []
        for _ in range(args.runs):
            driver.go("about:blank")
            start = time.time()
            driver.go(f"{base}#size=52&turns={turns}")
            opens.append(seconds_until(driver, "document.body && document.body.dataset.ready === 'true'",
                                       start, "the page did not open"))
            in_page.append(driver.run("const t = window.explorerTimings; return [t.linkMs, t.openMs[0]]"))
            checked.append(seconds_until(driver, "document.body.dataset.checked === 'true'",
                                         start, "spec did not check the link"))
            in_check.append(driver.run("const t = window.explorerTimings; return [t.checkMs, t.slices]"))
            message = driver.run("return document.getElementById('message').innerText")
            if message:
                raise RuntimeError(f"the link opened with a message: {message}")
        print(f"open a {count}-turn 52x52 link, navigation to verdict (s): "
              + ", ".join(f"{t:.2f}" for t in opens) + f" (median {statistics.median(opens):.2f})")
        print("  of which the wasm opening the link, then the page drawing it (ms): "
              + ", ".join(f"{a:.0f} + {b:.0f}" for a, b in in_page))
        print("navigation to spec's verdict drawn, every turn checked (s): "
              + ", ".join(f"{t:.2f}" for t in checked) + f" (median {statistics.median(checked):.2f})")
        print("  of which the wasm checking, in slices between which the page stays live (ms): "
              + ", ".join(f"{a:.0f} in {b}" for a, b in in_check))
        driver.run("const t = window.explorerTimings; t.plays = []; t.engines = []; t.frames = [];")
        empty = driver.run(
            "const v = []; document.querySelectorAll('#board .cell').forEach(c => "
            "{ if (c.getAttribute('aria-label').endsWith(', empty')) v.push([c.dataset.x, c.dataset.y]); });"
            "return v;"
        )
        played = 0
        for x, y in empty[:: max(1, len(empty) // (args.plays * 2))]:
            if played == args.plays:
                break
            driver.run(f"document.querySelector('#board .cell[data-x=\"{x}\"][data-y=\"{y}\"]')"
                       ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
            played += 1
        time.sleep(0.5)
        t = driver.run("return window.explorerTimings")
        print(f"a play after turn {count} on 52x52, click to verdict drawn (ms): median "
              f"{statistics.median(t['plays']):.1f}, slowest {max(t['plays']):.1f} ({len(t['plays'])} plays)")
        print(f"  of which the wasm (ms): median {statistics.median(t['engines']):.1f}, slowest {max(t['engines']):.1f}")
        print(f"  click to the next frame (ms): median {statistics.median(t['frames']):.1f}, slowest {max(t['frames']):.1f}")
        parts = list(zip(*t["parts"][-played:]))
        names = ["reading the view", "the board", "the verdict", "the score", "the turns"]
        print("  the drawing, by part (ms, median): "
              + ", ".join(f"{n} {statistics.median(p):.1f}" for n, p in zip(names, parts)))
        print(f"machine: {machine()}")
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    finally:
        driver.quit()
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
