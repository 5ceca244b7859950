"""What is published under reports/: each report's tables, where they come from and the command that measures
them. Data only; publish.py builds from it, generated.py lists it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..answers.question import Question
from ..answers.software import CORE_TABLE, HOST_TABLE
from ..errors import InputError
from ..paths import ROOT
from ..pdk.stage_delay import TABLE as STAGE_TABLE
from ..slowdown.run import TABLE as SLOWDOWN_TABLE
from ..sweep import results as results_mod
from . import slowdown_report
from .flexlib_report import build_flexlib
from .fpga_report import build_fpga
from .studies import build_studies

REPORTS = ROOT / "reports"
DATA = "data"
TABLES = {"results": results_mod.TABLE, "host": HOST_TABLE, "cores": CORE_TABLE, "slowdown": SLOWDOWN_TABLE,
          "stages": STAGE_TABLE, "arcs": "arcs.parquet", "cells": "cells.parquet", "physics": "physics.parquet"}
# The FlexLib checks: ngspice decks and the installed shipped liberty (scripts/flexlib_report.py).
FLEXLIB_COMMAND = "python scripts/flexlib_report.py --out results/flexlib"


@dataclass(frozen=True)
class Source:
    folder: str  # the results folder the command writes, relative to the current directory as sweeps write it
    command: str


TODAY = Question("ddr5-6400")  # one DIMM of today's DRAM, each engine at its own fmax
STUDY = Question("desktop-25.6", clock="study")  # the 2013 study's question: 25.6 GB/s at its 225 MHz


@dataclass(frozen=True)
class Publication:
    name: str
    sources: dict[str, Source]  # table role -> where it comes from
    question: Question = TODAY  # what its answer answers
    evidence: tuple[str, ...] = ()  # its own sections after the answer (report.build.build_report)
    title: str = ""
    # (data folder, out folder, the commands that produced the data) -> html; None: report.build.build_report
    builder: Callable[[Path, Path, tuple[str, ...]], Path] | None = None
    # (data folder, a scratch run cache) -> problems: re-runs a sample of the grid and compares it with the data
    # (`cryptoppa publish --check --sample`)
    recheck: Callable[[Path, Path], list[str]] | None = None

    @property
    def main_role(self) -> str:
        return next(iter(self.sources))

    @property
    def folder(self) -> Path:
        return REPORTS / self.name


PUBLICATIONS = {
    p.name: p for p in (
        Publication("thesis", {
            "results": Source("results/thesis", "cryptoppa sweep sweeps/thesis.toml && cryptoppa sweep "
                                                "sweeps/thesis_engine.toml"),
            "cores": Source("results/cores", "cryptoppa core-baseline --cores rv32_mc,rv32_pipe --variants table,zk "
                                             "--key-bits 128 --opt -O2,-O3 --out results/cores"),
            "host": Source("results/host", "cryptoppa host-baseline --out results/host"),
            "stages": Source("results/thesis", "cryptoppa pdk stage-delay freepdk45_char/nom --out results/thesis"),
        }, question=STUDY, evidence=("study",),
            title="The 2013 experiment, reproduced: N-engine AES-GCM arrays at 25.6 GB/s"),
        Publication("designs", {
            "results": Source("results/designs", "cryptoppa sweep sweeps/designs.toml"),
            "stages": Source("results/designs", "cryptoppa pdk stage-delay freepdk45_char/nom --out results/designs"),
        }, evidence=("slowdown", "published", "nodes"), title="Memory-encryption engines for today's DRAM"),
        Publication("route", {
            "results": Source("results/route", "cryptoppa sweep sweeps/route.toml && cryptoppa sweep "
                                                "sweeps/route_arrays.toml"),
            "stages": Source("results/route", "cryptoppa pdk stage-delay freepdk45_char/nom --out results/route"),
        }, evidence=("route",), title="The engines placed and routed"),
        Publication("libraries", {
            "results": Source("results/libraries", "cryptoppa sweep sweeps/libraries.toml && cryptoppa sweep "
                                                   "sweeps/nangate45.toml"),
            "stages": Source("results/libraries", "cryptoppa pdk stage-delay freepdk45/nom freepdk45_char/nom "
                                                  "nangate45/typ --out results/libraries"),
        }, question=Question("ddr5-6400", clock="study"), evidence=("libraries",),
            title="One engine on three 45 nm libraries"),
        Publication("multikey", {
            "results": Source("results/multikey", "cryptoppa sweep sweeps/multikey.toml"),
            "stages": Source("results/multikey", "cryptoppa pdk stage-delay freepdk45_char/nom --out results/multikey"),
        }, evidence=("key_table",), title="Multi-key XTS: the key table as it grows"),
        Publication("nodes", {
            "results": Source("results/sky130", "cryptoppa sweep sweeps/sky130.toml --jobs 1"),
            "stages": Source("results/sky130", "cryptoppa pdk stage-delay sky130_char/tt --out results/sky130"),
        }, evidence=("across_nodes", "published", "nodes"),
            title="Beyond 45 nm: the engines on SkyWater sky130, measured, and at smaller nodes, projected"),
        # Four sweeps share one folder: 7-series synthesis for N = 1..16; ECP5 over seeds, ECP5 arrays, Nexus routed.
        Publication("fpga", {"results": Source("results/fpga", " && ".join(
            f"cryptoppa sweep sweeps/{name}.toml" for name in ("fpga_xc7", "fpga_ecp5", "fpga_ecp5_arrays",
                                                                "fpga_nexus", "fpga_families")))},
                    builder=build_fpga),
        Publication("slowdown", {"slowdown": Source("results/slowdown", slowdown_report.COMMAND)},
                    builder=slowdown_report.build, recheck=slowdown_report.recheck),
        Publication("studies", {
            "results": Source("results/studies", "cryptoppa sweep sweeps/studies_asic.toml && cryptoppa sweep "
                                                 "sweeps/studies_xc7.toml"),
            "cores": Source("results/studies-cores", "cryptoppa core-baseline --cores rv32_mc,rv32_pipe --variants "
                                                     "table,zk --key-bits 128,192,256 --opt -O0,-O1,-O2,-O3 "
                                                     "--cbc-bytes 1024,4096 --energy --out results/studies-cores"),
            "host": Source("results/host", "cryptoppa host-baseline --out results/host"),
            "slowdown": Source("results/slowdown", slowdown_report.COMMAND),
        }, builder=build_studies),
        Publication("flexlib", {role: Source("results/flexlib", FLEXLIB_COMMAND) for role in ("arcs", "cells", "physics")},
                    builder=build_flexlib),
    )
}


def get(name: str) -> Publication:
    if name not in PUBLICATIONS:
        raise InputError(f"publication {name!r}: expected one of {', '.join(PUBLICATIONS)}")
    return PUBLICATIONS[name]
