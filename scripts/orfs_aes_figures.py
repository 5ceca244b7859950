"""The OpenROAD-flow-scripts AES figures the node projection is checked against, read from a local clone of
OpenROAD-flow-scripts (https://github.com/The-OpenROAD-Project/OpenROAD-flow-scripts) at two commits of 2022:
flow/designs/{nangate45,asap7}/aes/metadata-base-ok.json, the flow's own record of a run of the OpenCores AES core
(aes_cipher_top) on each platform, and the clock of its constraint.sdc; from each platform's config.mk at the same
commit, the corner the flow ran at (ASAP7's default CORNER) and its gate equivalent: the smallest two-input NAND of
the standard-cell LEF that DONT_USE_CELLS leaves usable, with its LEF SIZE. Writes reports/nodes/data/orfs_aes.csv.

    python scripts/orfs_aes_figures.py PATH/TO/OpenROAD-flow-scripts
"""

from __future__ import annotations

import fnmatch
import json
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "reports" / "nodes" / "data" / "orfs_aes.csv"
# Two snapshots, each with both platforms from the same commit: January 2022 (ASAP7 synthesis 2,646 um2, routed
# 2.1 GHz) and October 2022 (Nangate45 20.6 mW). Their metadata's time unit: ns for Nangate45, ps for ASAP7.
COMMITS = ("e95a8c736b9c9de8964a20d796aa21382f82772c", "d09209f53afbb7556b55c74b63b72a574bc0addf")
PLATFORMS = {"nangate45": (45, 1.0), "asap7": (7, 1e-3)}  # node nm, ns per time unit of its metadata
# Each library's supply: NangateOpenCellLibrary_typical's nom_voltage; ASAP7's liberty header (nom_voltage 0.7 in
# the FF and TT libraries of 201020 alike).
SUPPLY_V = {"nangate45": 1.1, "asap7": 0.7}
NAND2 = re.compile(r"^MACRO\s+(NAND2\S*)\s*$.*?^\s*SIZE\s+([0-9.]+)\s+BY\s+([0-9.]+)", re.M | re.S)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def _flat(data, prefix: str = "") -> dict:
    if not isinstance(data, dict):
        return {prefix: data}
    out = {}
    for key, value in data.items():
        out.update(_flat(value, f"{prefix}__{key}" if prefix else key))
    return out


def _metric(flat: dict, name: str) -> float:
    found = [v for k, v in flat.items() if k == name or k.endswith(f"__{name}")]
    if len(found) != 1:
        raise SystemExit(f"metadata: expected one {name}, found {len(found)}")
    return float(found[0])


def _make_value(config: str, name: str) -> str:
    """A variable of a platform config.mk as its first assignment sets it, $(PLATFORM_DIR) and $(PRIMARY_VT_TAG)
    left for the caller ("" when it is not set)."""
    found = re.search(rf"^\s*export\s+{name}\s*\??=\s*(.+?)\s*$", config, re.M)
    return found.group(1) if found else ""


def corner(config: str) -> str:
    """The corner a platform's flow runs at when the design sets none: its default CORNER and that corner's first
    liberty file; "typical" for a platform with one liberty and no CORNER."""
    default = re.search(r"ifeq \(\$\(CORNER\),\)\s*\n\s*export CORNER\s*=\s*(\w+)", config)
    if not default:
        return "typical (one liberty, no CORNER)"
    libs = _make_value(config, f"{default.group(1)}_LIB_FILES")
    return f"{default.group(1)} (default CORNER): {Path(libs.split()[0]).name}"


def gate_equivalent(repo: Path, commit: str, platform: str, config: str) -> tuple[str, float]:
    """The smallest two-input NAND of the platform's standard-cell LEF that DONT_USE_CELLS leaves, and its area
    (LEF SIZE width x height, um2)."""
    lef = _make_value(config, "SC_LEF").replace("$(PLATFORM_DIR)", f"flow/platforms/{platform}")
    dont_use = " ".join(v for v in re.findall(r"^\s*export\s+DONT_USE_CELLS\s*\+?=\s*(.+?)\s*$", config, re.M))
    cells = [(name, float(w) * float(h)) for name, w, h in NAND2.findall(_git(repo, "show", f"{commit}:{lef}"))
             if not any(fnmatch.fnmatch(name, pattern) for pattern in dont_use.split())
             and re.fullmatch(r"NAND2_?x?\d\S*", name, re.I)]
    if not cells:
        raise SystemExit(f"{commit[:7]} {lef}: no usable NAND2")
    name, area = min(cells, key=lambda c: c[1])
    return name, round(area, 6)


def rows(repo: Path) -> list[dict]:
    out = []
    for commit in COMMITS:
        date = _git(repo, "show", "-s", "--format=%cs", commit).strip()
        for platform, (node, ns) in PLATFORMS.items():
            path = f"flow/designs/{platform}/aes/metadata-base-ok.json"
            flat = _flat(json.loads(_git(repo, "show", f"{commit}:{path}")))
            sdc = _git(repo, "show", f"{commit}:flow/designs/{platform}/aes/constraint.sdc")
            period = float(re.search(r"set clk_period\s+([0-9.]+)", sdc).group(1)) * ns
            slack = _metric(flat, "finish__timing__setup__ws") * ns
            config = _git(repo, "show", f"{commit}:flow/platforms/{platform}/config.mk")
            ge_cell, ge_um2 = gate_equivalent(repo, commit, platform, config)
            out.append({"commit": commit, "date": date, "platform": platform, "node_nm": node,
                        "supply_v": SUPPLY_V[platform], "corner": corner(config), "ge_cell": ge_cell,
                        "ge_um2": ge_um2,
                        "synth_area_um2": _metric(flat, "synth__design__instance__area__stdcell"),
                        "synth_cells": _metric(flat, "synth__design__instance__count__stdcell"),
                        "clock_period_ns": round(period, 6), "finish_setup_ws_ns": round(slack, 6),
                        "finish_power_w": _metric(flat, "finish__power__total"), "source": f"{path} (and constraint.sdc)"})
    return out


def main() -> int:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    table = pd.DataFrame(rows(Path(sys.argv[1])))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(OUT, index=False)
    print(f"wrote {OUT} ({len(table)} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
