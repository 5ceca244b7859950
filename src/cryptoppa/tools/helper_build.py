"""Build a helper virtualenv (tools/helper_envs.py): pip steps in order, an optional post-install step, then the
ready mark; a half-built environment is rebuilt from scratch."""

from __future__ import annotations

import hashlib
import shutil
import venv
from collections.abc import Callable
from pathlib import Path

from ..errors import ToolError
from .helper_envs import READY, HelperEnv
from .runner import run

_INSTALL_TIMEOUT_S = 1800.0


def _install_verified(python: Path, root: Path, spec: str, digest: str, log: Path, purpose: str) -> None:
    """Download one distribution without its dependencies, check its SHA-256, install that very file."""
    folder = root / "downloads" / spec.replace("==", "-")
    folder.mkdir(parents=True, exist_ok=True)
    run("pip", ["download", "--no-deps", "-q", "-d", str(folder), spec], cwd=root, log=log,
        timeout=_INSTALL_TIMEOUT_S, what=f"pip download {spec} ({purpose})")
    files = sorted(folder.iterdir())
    if len(files) != 1:
        raise ToolError(f"pip download {spec}: expected one file, got {[f.name for f in files]}", str(log))
    got = hashlib.sha256(files[0].read_bytes()).hexdigest()
    if got != digest:
        raise ToolError(f"{files[0].name}: sha256 {got} does not match the pinned {digest}", str(log))
    run("pip", ["--python", str(python), "install", "-q", "--no-deps", str(files[0])], cwd=root, log=log,
        timeout=_INSTALL_TIMEOUT_S, what=f"pip install {files[0].name} ({purpose})")


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
    for k, (spec, digest) in enumerate(env.verified):
        _install_verified(python, root, spec, digest, root / "logs" / f"verified{k}.log", env.purpose)
    if post is not None:
        post(python, root)
    (root / READY).write_text("ok\n")
    return python
