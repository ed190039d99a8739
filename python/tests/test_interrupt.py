"""Ctrl-C and the other exceptions that end a program (``KeyboardInterrupt``,
``SystemExit``): raised in an engine, they stop ``check_engine`` at once and
reach the caller unchanged, never counted as a refusal; a real SIGINT stops
a long check within a second, whether it comes while the harness runs or
inside the engine's own Python code."""

import os
import signal
import subprocess
import sys
import time
import traceback

import pytest
import tromp_taylor as tt
from simple_engine import SimpleEngine

HERE = os.path.dirname(os.path.abspath(__file__))


class Raising(SimpleEngine):
    """The simple engine, whose ``method`` raises ``error`` on the
    ``at``-th call counted over every game of the check."""

    def __init__(self, width, height, rules, counter, method, at, error):
        super().__init__(width, height, rules)
        self.counter, self.method, self.at, self.error = counter, method, at, error

    def _count(self, method):
        if method == self.method:
            self.counter["calls"] += 1
            if self.counter["calls"] == self.at:
                raise self.error

    def play(self, color, vertex):
        self._count("play")
        return super().play(color, vertex)

    def is_legal(self, color, vertex):
        self._count("is_legal")
        return super().is_legal(color, vertex)


def check_raising(error, method="play", at=300, jobs=1, games=200):
    counter = {"calls": 0}

    def factory(width, height, rules):
        return Raising(width, height, rules, counter, method, at, error)

    with pytest.raises(BaseException) as caught:
        tt.check_engine(factory, games=games, sizes=["5x5"], seed=1, jobs=jobs, name="raising")
    return caught.value, counter["calls"]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_keyboard_interrupt_in_play_stops_the_check_unchanged(jobs):
    error = KeyboardInterrupt("pressed in play")
    raised, calls = check_raising(error, jobs=jobs)
    # The very exception, not a refusal, not a crash, not a wrapper.
    assert raised is error
    # Stopped at once: no call after it (a second worker may be in one).
    assert 300 <= calls <= 300 + (jobs - 1), calls
    report = raised.report
    assert isinstance(report, tt.CheckReport)
    assert report.stopped
    # The games finished before it, all agreeing (the one cut short is
    # not counted, and nothing in it is a divergence).
    assert 0 < report.games < 200, report.games
    assert report.ok and report.divergences == [], str(report)
    assert report.agreed == report.games
    assert "KeyboardInterrupt" not in "".join(d.message for d in report.divergences)
    assert "Stopped early by KeyboardInterrupt: " in str(report), str(report)


def test_the_divergences_found_before_it_are_kept():
    counter = {"calls": 0}
    error = KeyboardInterrupt()

    class KoBug(Raising):
        def __init__(self, width, height, rules):
            super().__init__(width, height, rules, counter, "play", 1500, error)
            self.planted_bug = "ko"

    with pytest.raises(KeyboardInterrupt) as caught:
        tt.check_engine(KoBug, games=300, sizes=["5x5"], seed=3, jobs=1)
    assert caught.value is error and counter["calls"] == 1500
    report = caught.value.report
    assert report.stopped and not report.ok
    assert report.divergences and all(d.sgf.startswith("(;") for d in report.divergences)
    assert {d.kind for d in report.divergences} == {"legal-set"}, str(report)
    assert report.agreed < report.games < 300


def test_the_traceback_reaches_into_the_engine():
    raised, _ = check_raising(KeyboardInterrupt(), at=10)
    frames = [frame.name for frame in traceback.extract_tb(raised.__traceback__)]
    assert frames[0] == "check_raising" and frames[-2:] == ["play", "_count"], frames


def test_a_system_exit_in_play_stops_the_check_unchanged():
    error = SystemExit(3)
    raised, calls = check_raising(error, at=50)
    assert raised is error and raised.code == 3
    assert calls == 50
    assert raised.report.stopped and raised.report.ok


def test_any_base_exception_not_an_exception_stops_the_check():
    class Quit(BaseException):
        pass

    error = Quit("from is_legal")
    raised, calls = check_raising(error, method="is_legal", at=50)
    assert raised is error and calls == 50
    assert raised.report.stopped


class RefusingA1:
    """Only play, which raises RuntimeError on A1 (legal or not)."""

    def __init__(self, width, height, rules):
        self.engine = SimpleEngine(width, height, rules)

    def play(self, color, vertex):
        if vertex == "A1":
            raise RuntimeError("refused")
        self.engine.play(color, vertex)


def test_an_ordinary_exception_is_still_a_refusal():
    # The contrast: a RuntimeError from play is the engine refusing a turn
    # the rules allow, a divergence, and the check goes on to the end.
    report = tt.check_engine(RefusingA1, games=20, sizes=["5x5"], seed=1, jobs=1)
    assert not report.stopped and not report.ok
    assert report.games == 20
    assert any("RuntimeError: refused" in (d.refusal or "") for d in report.divergences)


def test_a_keyboard_interrupt_in_the_factory_stops_the_check():
    error = KeyboardInterrupt("pressed in the factory")
    made = {"engines": 0}

    def factory(width, height, rules):
        made["engines"] += 1
        if made["engines"] == 5:
            raise error
        return SimpleEngine(width, height, rules)

    with pytest.raises(KeyboardInterrupt) as caught:
        tt.check_engine(factory, games=100, sizes=["5x5"], seed=1, jobs=1)
    assert caught.value is error
    assert made["engines"] == 5
    assert caught.value.report.games == 4 and caught.value.report.ok


def test_a_check_not_stopped_says_so():
    report = tt.check_engine(SimpleEngine, games=3, sizes=["5x5"], seed=1)
    assert not report.stopped and "Stopped early" not in str(report)


# The child hears SIGINT as a Python started from a terminal does. A
# process started with SIGINT ignored (any `command &` of a non-interactive
# shell, as a CI script run in the background, and all its children) passes
# that on, and Python then installs no handler: Ctrl-C would be ignored by
# the child, check or no check, and the test would wait out its timeout.
AS_FROM_A_TERMINAL = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"


def interrupted(script, ready, wait=0.3):
    """Runs `script` in a child Python that turns SIGINT into
    `KeyboardInterrupt` (`AS_FROM_A_TERMINAL`), sends it SIGINT `wait`
    seconds after it prints the line `ready`; its exit code, output, error
    output and the seconds from the signal to its exit."""
    child = subprocess.Popen(
        [sys.executable, "-c", AS_FROM_A_TERMINAL + script], cwd=HERE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line.strip() == ready, (line, child.stderr.read() if child.poll() is not None else "")
        time.sleep(wait)
        assert child.poll() is None, "the child ended before the signal"
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = child.communicate(timeout=30)
        return child.returncode, line + out, err, time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


CHECK = """
import tromp_taylor as tt
from simple_engine import SimpleEngine

class Started(SimpleEngine):
    said = False
    def play(self, color, vertex):
        if not Started.said:
            Started.said = True
            print("started", flush=True)
        return super().play(color, vertex)

try:
    tt.check_engine(Started, games=1_000_000, sizes=["9x9"], seed=5, jobs=JOBS)
except KeyboardInterrupt as e:
    r = e.report
    print("interrupted", r.stopped, r.games, r.ok, flush=True)
    raise
print("finished", flush=True)
"""


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_a_long_check_within_a_second(jobs):
    code, out, err, seconds = interrupted(CHECK.replace("JOBS", str(jobs)), "started")
    assert "Traceback" in err and "KeyboardInterrupt" in err, err
    assert code == -signal.SIGINT, (code, out, err)
    assert "interrupted True" in out and "finished" not in out, out
    games = int(out.split("interrupted True ")[1].split()[0])
    assert games < 1_000_000
    assert out.strip().endswith("True"), out  # the games before it agreed
    assert seconds < 1.5, seconds


SPIN = """
import tromp_taylor as tt
from simple_engine import SimpleEngine

class Spinning(SimpleEngine):
    calls = 0
    def play(self, color, vertex):
        Spinning.calls += 1
        if Spinning.calls == 200:
            print("spinning", flush=True)
            while True:  # a long think, in Python
                pass
        return super().play(color, vertex)

try:
    tt.check_engine(Spinning, games=1_000_000, sizes=["9x9"], seed=5, jobs=JOBS)
except KeyboardInterrupt as e:
    print("interrupted", e.report.stopped, e.report.games, flush=True)
    raise
print("finished", flush=True)
"""


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_an_engine_thinking_in_python(jobs):
    # The engine's play runs on a worker thread, where Python runs no
    # signal handler: the check raises KeyboardInterrupt there itself.
    code, out, err, seconds = interrupted(SPIN.replace("JOBS", str(jobs)), "spinning")
    assert "KeyboardInterrupt" in err, err
    assert code == -signal.SIGINT, (code, out, err)
    assert "interrupted True" in out, out
    assert seconds < 1.5, seconds
