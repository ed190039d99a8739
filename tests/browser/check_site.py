#!/usr/bin/env python3
"""Checks the conformance matrix's site in a real browser.

Usage: check_site.py SITE_DIR [--screenshot PNG] [--chromedriver PATH]
                     [--chromium PATH]

Starts chromedriver (Debian's chromium-driver) with headless Chromium and
speaks W3C WebDriver to it over HTTP (Python's standard library only). From
SITE_DIR/index.html it follows every link of every page of the site: a page
must load, a file must exist, an anchor must exist on its page. It fails on
any SEVERE entry of the browser's console log, and on any page wider than a
phone (390 px) outside the tables' scrolling wrappers. It saves a PNG of the
index where --screenshot says. Exits 0 when all holds, 1 otherwise (each
failure said on standard error), 2 when the browser cannot be started.
"""

import argparse
import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

PHONE = (390, 844)
DESKTOP = (1100, 900)

LINKS = """
return Array.from(document.querySelectorAll('a[href], img[src], link[href]'))
  .map(e => e.href || e.src)
  .filter(u => u && !u.startsWith('data:'));
"""

WIDTH = """
const w = window.innerWidth;
const wide = Array.from(document.body.querySelectorAll('*'))
  .filter(e => !e.closest('.scroll') && e.getBoundingClientRect().right > w + 1)
  .map(e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined
    ? '.' + e.className : ''))
  .slice(0, 5);
return [document.documentElement.scrollWidth, w, wide];
"""


class WebDriver:
    """A chromedriver process and one session on it."""

    def __init__(self, chromedriver, chromium):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.process = subprocess.Popen(
            [chromedriver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        self.wait_ready()
        options = {
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                f"--window-size={DESKTOP[0]},{DESKTOP[1]}",
            ]
        }
        if chromium:
            options["binary"] = chromium
        capabilities = {
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": {"browser": "ALL"},
        }
        answer = self.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}})
        self.session = f"/session/{answer['sessionId']}"

    def wait_ready(self):
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if self.call("GET", "/status").get("ready"):
                    return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.2)
        raise RuntimeError("chromedriver did not become ready in 20 s")

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:300]!r}") from e

    def go(self, url):
        self.call("POST", self.session + "/url", {"url": url})

    def run(self, script):
        return self.call("POST", self.session + "/execute/sync", {"script": script, "args": []})

    def size(self, width, height):
        self.call("POST", self.session + "/window/rect", {"width": width, "height": height})

    def console(self):
        """The browser's console entries since the last call. Debian's
        chromedriver 156 answers both `se/log` and the older `log`; the
        first that answers is used."""
        for path in ("/se/log", "/log"):
            try:
                return self.call("POST", self.session + path, {"type": "browser"})
            except RuntimeError:
                continue
        raise RuntimeError("chromedriver answers neither se/log nor log")

    def screenshot(self, path):
        png = base64.b64decode(self.call("GET", self.session + "/screenshot"))
        with open(path + ".partial", "wb") as f:
            f.write(png)
        os.replace(path + ".partial", path)

    def quit(self):
        try:
            self.call("DELETE", self.session)
        except (RuntimeError, AttributeError, OSError):
            pass
        self.process.terminate()
        self.process.wait(timeout=10)


def local_path(url):
    """The file a file:// URL names, without its fragment."""
    return urllib.parse.unquote(urllib.parse.urlparse(url).path)


class Checker:
    """Walks the site from its index, collecting failures."""

    def __init__(self, driver, site):
        self.driver = driver
        self.site = os.path.realpath(site)
        self.failures = []
        self.pages = {}  # page path -> set of element ids

    def fail(self, text):
        self.failures.append(text)
        print("FAIL:", text, file=sys.stderr)

    def visit(self, path):
        """Loads a page of the site: its ids, its links; the console checked."""
        self.driver.go("file://" + urllib.parse.quote(path))
        title = self.driver.run("return document.title")
        if not title:
            self.fail(f"{path}: the page has no title (did it load?)")
        ids = set(self.driver.run("return Array.from(document.querySelectorAll('[id]')).map(e => e.id)"))
        self.pages[path] = ids
        links = self.driver.run(LINKS)
        for entry in self.driver.console():
            if entry.get("level") == "SEVERE":
                self.fail(f"{path}: console: {entry.get('message')}")
        return links

    def walk(self):
        index = os.path.join(self.site, "index.html")
        todo, links = [index], []
        while todo:
            page = todo.pop()
            if page in self.pages:
                continue
            for url in self.visit(page):
                links.append((page, url))
                target = local_path(url)
                if url.startswith("file:") and target.endswith(".html") and target not in self.pages:
                    if os.path.isfile(target):
                        todo.append(target)
        for page, url in links:
            self.check_link(page, url)

    def check_link(self, page, url):
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme != "file":
            self.fail(f"{page}: a link out of the site: {url}")
            return
        target = local_path(url)
        if not os.path.realpath(target).startswith(self.site):
            self.fail(f"{page}: a link out of the site's folder: {url}")
        elif not os.path.isfile(target):
            self.fail(f"{page}: links to {url}, which does not exist")
        elif parsed.fragment and parsed.fragment not in self.pages.get(target, set()):
            self.fail(f"{page}: links to #{parsed.fragment}, not on {target}")

    def phone(self):
        """Every page at a phone's width: nothing wider than the screen
        outside a scrolling wrapper."""
        self.driver.size(*PHONE)
        for page in sorted(self.pages):
            self.driver.go("file://" + urllib.parse.quote(page))
            scroll, inner, wide = self.driver.run(WIDTH)
            if inner > PHONE[0] + 20:
                self.fail(f"the window did not narrow to {PHONE[0]} px (it is {inner})")
                return
            if scroll > inner:
                self.fail(f"{page}: {scroll} px wide on a {inner} px screen ({', '.join(wide)})")
        self.driver.size(*DESKTOP)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("--screenshot")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.site, "index.html")):
        print(f"error: {args.site}/index.html does not exist", file=sys.stderr)
        return 2
    try:
        driver = WebDriver(args.chromedriver, args.chromium)
    except (OSError, RuntimeError) as e:
        print(f"error: the browser cannot be started: {e}", file=sys.stderr)
        return 2
    try:
        checker = Checker(driver, args.site)
        checker.walk()
        checker.phone()
        if args.screenshot:
            driver.go("file://" + urllib.parse.quote(os.path.join(checker.site, "index.html")))
            driver.screenshot(args.screenshot)
    finally:
        driver.quit()
    links = sum(1 for _ in checker.pages)
    if checker.failures:
        print(f"{len(checker.failures)} failures on {links} pages", file=sys.stderr)
        return 1
    print(f"check_site: {links} pages, every link resolves, no console error, phone width fits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
