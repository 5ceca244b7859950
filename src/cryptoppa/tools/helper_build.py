"""Build a helper virtualenv (tools/helper_envs.py): pip steps in order, an optional post-install step, then the
ready mark; a half-built environment is rebuilt from scratch."""

from __future__ import annotations

import shutil
import venv
from collections.abc import Callable
from pathlib import Path

from .helper_envs import READY, HelperEnv
from .runner import run

_INSTALL_TIMEOUT_S = 1800.0


def ensure(env: HelperEnv, echo: Callable[[str], object] = print,
           post: Callable[[Path, Path], None] | None = None) -> Path:
    """The environment's interpreter, building it first when it is missing or half-built. post(python, folder)
    runs after the installs and before the environment is marked ready."""
    found = env.python()
    if found:
        return found
    root = env.path
    echo(f"building the {env.purpose} environment in {root} ({', '.join(env.requirements)})")
    shutil.rmtree(root, ignore_errors=True)
    venv.create(root, with_pip=True)
    python = root / "bin" / "python"
    for k, step in enumerate(env.steps):
        run("pip", ["--python", str(python), "install", "-q", *step], cwd=root, log=root / "logs" / f"pip{k}.log",
            timeout=_INSTALL_TIMEOUT_S, what=f"pip install ({env.purpose})")
    if post is not None:
        post(python, root)
    (root / READY).write_text("ok\n")
    return python
