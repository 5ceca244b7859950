"""Where the Coriolis place-and-route virtualenv lives, and the versions that work together in it.

Coriolis and PDKMaster 0.1 pin old, conflicting dependencies (Shapely 1.8, an old numpy API), so they get their
own virtualenv under the data directory, named by a hash of the pins: changing a pin builds a fresh one beside
the old. cryptoppa.pnr.coriolis_env builds it; the tool registry only looks for it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from .. import settings

# Checked together on Debian 12's Python 3.11: the newest PDKMaster and c4m-flexcell no longer build FlexLib,
# and PDKMaster 0.1's Coriolis exporter needs Shapely < 2 (it iterates multi-part geometries).
CORIOLIS_PINS = ("coriolis-eda==2.5.4", "PDKMaster==0.1", "c4m-flexcell==0.0.4", "shapely==1.8.5.post1", "six")
# Installed without its dependencies: its own pins would pull a PDKMaster that does not match.
CORIOLIS_PDK = "c4m-pdk-freepdk45==0.0.1"
READY = ".ready"


def env_hash() -> str:
    return hashlib.sha256("\n".join((*CORIOLIS_PINS, CORIOLIS_PDK)).encode()).hexdigest()[:12]


def env_dir() -> Path:
    return settings.current().home / "pnr" / f"coriolis-{env_hash()}"


def tech_dir() -> Path:
    """The PDKMaster-generated Coriolis technology (techno.py) and FlexLib cell library (FlexLib.py)."""
    return env_dir() / "tech"


def python() -> Path | None:
    """The virtualenv's interpreter once the environment is complete (packages and generated technology)."""
    d = env_dir()
    return d / "bin" / "python" if (d / READY).exists() else None
