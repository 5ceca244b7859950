"""Every command in the README and the documentation site runs, verbatim, as a new user would type it.

The shell lines of the ```sh blocks of README.md and then of every page of docs/ (in the site's navigation order)
run in order from the root of a fresh copy of the checkout (the files git tracks, with the project's virtualenv on
PATH); a command that names no file of the checkout also runs from an empty folder elsewhere. A `cryptoppa` line
without shell syntax runs in its own process forked from an interpreter that has imported the command line already
(warm_cli: the same argv and entry point, without a second of start-up each); every other line runs in a shell. A command written on
several pages runs once, where it first appears. A non-zero exit or a traceback fails the test. A block preceded
by `<!-- readme-test: full -->` (commands that take more than about 20 s after `make demo`, and the hour-long
reproductions) runs only in `make test-full`; `make test` itself is the one line never run here: it is this suite.
Runs go to the user's run cache ($CRYPTOPPA_CACHE), as they do for the user, so repeated test runs reuse finished
characterizations.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import warm_cli
from support import ROOT

FULL_MARK = "<!-- readme-test: full -->"
NOT_RUN = {"make test"}  # the suite itself
SHELL_SYNTAX = "|&;<>()$`\\\"'*?[]#~{}"  # a command with any of these runs in a real shell


def readme_commands(text: str) -> list[tuple[str, bool]]:
    """(command, full_only) for every shell line of every ```sh block, comments stripped, in order."""
    out, full, block, previous = [], False, None, ""
    for line in text.splitlines():
        if block is None:
            if line.strip() == "```sh":
                block, full = [], previous.strip() == FULL_MARK
            elif line.strip():
                previous = line
            continue
        if line.strip() == "```":
            out += [(cmd, full) for cmd in block]
            block, previous = None, ""
            continue
        command = line.split(" #")[0].strip()
        if command and not command.startswith("#"):
            block.append(command)
    return out


def documents(root: Path = ROOT) -> list[Path]:
    """README.md, then the site's pages in the order of mkdocs.yml's navigation."""
    def pages(nav) -> list[str]:
        if isinstance(nav, str):
            return [nav]
        items = nav.values() if isinstance(nav, dict) else nav
        return [page for item in items for page in pages(item)]

    config = yaml.safe_load((root / "mkdocs.yml").read_text())
    return [root / "README.md", *(root / config["docs_dir"] / page for page in pages(config["nav"]))]


def all_commands(root: Path = ROOT) -> list[tuple[str, bool]]:
    """(command, full_only) of every document, each distinct command once, where it first appears."""
    seen, out = set(), []
    for path in documents(root):
        for command, full in readme_commands(path.read_text()):
            if command not in seen:
                seen.add(command)
                out.append((command, full))
    return out


def _fresh_copy(dest: Path) -> Path:
    # `make` in the copy must find the virtualenv current: a stale one would be reinstalled from the copy, and the
    # shared .venv would then import the package from a temporary folder.
    stamp = ROOT / ".venv" / ".cryptoppa-deps"
    if (stamp.read_text().strip() if stamp.is_file() else "") != hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest():
        pytest.fail("pyproject.toml changed since the virtualenv was built: run `make bootstrap` first")
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    (dest / ".venv").symlink_to(ROOT / ".venv")  # bootstrapped already: `make` finds it and installs nothing
    return dest


def _names_checkout_file(command: str, root: Path) -> bool:
    return any(not tok.startswith("-") and (root / tok).exists() for tok in shlex.split(command)[1:])


def _run(command: str, cwd: Path) -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    args = shlex.split(command)
    if args[0] == "cryptoppa" and not set(command) & set(SHELL_SYNTAX):
        done = warm_cli.run(args[1:], cwd, env)  # the argv the shell would give, without the start-up
    else:
        done = subprocess.run(command, shell=True, cwd=cwd, env=env, capture_output=True, text=True, timeout=3600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"`{command}` in {cwd} exited {done.returncode}:\n{output[-3000:]}"
    assert "Traceback" not in output, f"`{command}` in {cwd} printed a traceback:\n{output[-3000:]}"


def test_readme_has_commands():
    readme = readme_commands((ROOT / "README.md").read_text())
    assert readme[0] == ("make demo", False) and len(readme) >= 10
    commands = all_commands()
    assert len(commands) > 40 and len(documents()) > 20
    assert any(full for _, full in commands), "the long reproductions are in a block marked for make test-full"


def test_every_page_of_the_site_is_read_for_commands():
    listed = set(documents()[1:])
    assert listed == set((ROOT / "docs").rglob("*.md")), "a page is missing from mkdocs.yml's nav, or nav names none"


def _check_all(tmp_path: Path, full: bool) -> None:
    clone = _fresh_copy(tmp_path / "clone")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for command, full_only in all_commands(clone):
        if command in NOT_RUN or full_only != full:
            continue
        _run(command, clone)
        if command.startswith("cryptoppa ") and not _names_checkout_file(command, clone):
            _run(command, elsewhere)


@pytest.mark.eda
def test_every_readme_command_runs_verbatim(tmp_path):
    _check_all(tmp_path, full=False)


@pytest.mark.eda
@pytest.mark.full
@pytest.mark.timeout(12 * 3600)  # the reproductions take hours from a cold cache, past the suite's 900 s per test
def test_every_long_readme_command_runs_verbatim(tmp_path):
    _check_all(tmp_path, full=True)


def test_commands_are_split_as_documented():
    text = "```sh\nmake demo   # comment\n# only a comment\ncryptoppa doctor\n```\n\n" \
           f"{FULL_MARK}\n\n```sh\ncryptoppa sweep sweeps/thesis.toml\n```\n"
    assert readme_commands(text) == [("make demo", False), ("cryptoppa doctor", False),
                                     ("cryptoppa sweep sweeps/thesis.toml", True)]
