"""The OpenROAD-flow-scripts AES figures the node projection is checked against, read from a local clone of
OpenROAD-flow-scripts (https://github.com/The-OpenROAD-Project/OpenROAD-flow-scripts) at two commits of 2022:
flow/designs/{nangate45,asap7}/aes/metadata-base-ok.json, the flow's own record of a run of the OpenCores AES core
(aes_cipher_top) on each platform, and the clock of its constraint.sdc. Writes reports/nodes/data/orfs_aes.csv.

    python scripts/orfs_aes_figures.py PATH/TO/OpenROAD-flow-scripts
"""

from __future__ import annotations

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
# Each library's supply: NangateOpenCellLibrary_typical nom_voltage; ASAP7's TT corner (Clark et al., ASAP7, 2016).
SUPPLY_V = {"nangate45": 1.1, "asap7": 0.7}


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
            out.append({"commit": commit, "date": date, "platform": platform, "node_nm": node,
                        "supply_v": SUPPLY_V[platform],
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
