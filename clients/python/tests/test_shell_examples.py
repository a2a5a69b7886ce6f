"""Every command of clients/shell/examples.sh runs against the real daemon and prints what its
`#=> ` (exact), `#~> ` (pattern) or `#!> ` (fails with) lines say, in order.

busctl --user and gdbus --session both find the private test bus through
DBUS_SESSION_BUS_ADDRESS (sd-bus prefers it to $XDG_RUNTIME_DIR/bus), so the lines run as a
reader would type them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field

import pytest

from conftest import ROOT

EXAMPLES = ROOT / "clients" / "shell" / "examples.sh"


@dataclass
class Example:
    line: int
    command: str
    exact: list = field(default_factory=list)
    patterns: list = field(default_factory=list)
    failure: str | None = None


def examples() -> list[Example]:
    found: list[Example] = []
    pending = ""
    for number, text in enumerate(EXAMPLES.read_text().splitlines(), 1):
        if pending:
            pending += "\n" + text
            if not text.endswith("\\"):
                found[-1].command = pending
                pending = ""
            continue
        if text.startswith("#=> "):
            found[-1].exact.append(text[4:])
        elif text.startswith("#~> "):
            found[-1].patterns.append(text[4:])
        elif text.startswith("#!> "):
            found[-1].failure = text[4:]
        elif text.strip() and not text.startswith("#"):
            found.append(Example(number, text))
            if text.endswith("\\"):
                pending = text
    return found


def test_the_examples_are_found():
    found = examples()
    assert len(found) >= 20
    assert any(e.command.startswith("busctl --user call") and "Set 'sa{sv}' group.x.y 1 count x 42" in e.command
               for e in found)
    assert any(e.command.startswith("gdbus call --session --dest") for e in found)


def test_every_example_runs_as_shown(daemon):
    for tool in ("busctl", "gdbus"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is not installed (busctl: systemd; gdbus: libglib2.0-bin)")
    environment = dict(os.environ, SYSTEMD_PAGER="", PAGER="cat", SYSTEMD_COLORS="0")
    for example in examples():
        result = subprocess.run(["sh", "-c", example.command], capture_output=True, text=True,
                                timeout=60, env=environment, stdin=subprocess.DEVNULL)
        where = f"examples.sh:{example.line}: {example.command}\nstdout: {result.stdout}\nstderr: {result.stderr}"
        if example.failure is not None:
            assert result.returncode != 0, f"succeeded, but should fail\n{where}"
            assert example.failure in result.stderr, where
            continue
        assert result.returncode == 0, where
        if example.exact:
            assert result.stdout.strip() == "\n".join(example.exact).strip(), where
        for pattern in example.patterns:
            assert re.search(pattern, result.stdout, re.MULTILINE), f"no match for {pattern!r}\n{where}"
