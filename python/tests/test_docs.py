"""The game example of docs/python.md, run, so that the page stays true."""

import contextlib
import io
import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


@pytest.mark.skipif(not DOC.exists(), reason="docs/python.md is not beside python/")
def test_the_game_example_prints_what_it_says():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    example = blocks[0]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, str(DOC), "exec"), {})
    lines = printed.getvalue().splitlines()
    assert lines[0] == "superko rule 6"
    assert lines[-1] == "(4, 5) W+1"
    for comment in ("# superko rule 6", "# (4, 5) W+1"):
        assert comment in example
