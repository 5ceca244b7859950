"""Flat synthesis against synthesis that keeps the hierarchy (each distinct module mapped once): area, fmax, power, time.

    .venv/bin/python bench/hierarchy.py [--designs gcm_iter,xts,aes_round] [--params aes_round:WIDTH=2]

For each design at its default parameters (or those given), FreePDK45 nom, 225 MHz, from an empty cache in a
temporary folder: the flow's flat synthesis (`synth -flatten`) and the `--no-flatten` one, whose netlist keeps the
design's modules, each distinct module (and parameter set) mapped once however often it is instantiated. Prints area,
fmax and total power of each and their difference, and the Yosys seconds (elaborate + map) of each. Not run in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from cryptoppa import designs, pdk
from cryptoppa.catalog import AREA, CELLS, FMAX, POWER, runtime
from cryptoppa.flow import characterize, design_point
from cryptoppa.metrics import read

COLUMNS = {"cells": CELLS, "area um2": AREA, "fmax MHz": FMAX, "power mW": POWER}


def _params(text: str) -> dict[str, dict[str, int]]:
    """design:NAME=VALUE,... pairs separated by spaces or semicolons."""
    out: dict[str, dict[str, int]] = {}
    for item in text.replace(";", " ").split():
        name, _, assignments = item.partition(":")
        out[name] = {k: int(v) for k, v in (a.split("=") for a in assignments.split(",") if a)}
    return out


def _yosys(run_dir: Path) -> float:
    synth = Path(json.loads((run_dir / "run.json").read_text())["synthesized"])
    found = read(synth)
    return sum(found[name].value for name in (runtime("synth_elab"), runtime("synth_map")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--designs", default="gcm_iter,xts,aes_round")
    ap.add_argument("--params", type=_params, default={})
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared machine)")
    print(f"{'design':24s} " + "  ".join(f"{c:>27s}" for c in COLUMNS) + f"  {'Yosys s flat / hier':>20s}")
    with tempfile.TemporaryDirectory(prefix="bench-hierarchy-") as tmp:
        for name in [d for d in args.designs.split(",") if d]:
            d = designs.get(name)
            params = d.resolve_params(args.params.get(name, {}))
            runs = {flatten: characterize(design_point(d, pdk=pdk.DEFAULT_PDK, corner="nom", clock_mhz=225.0,
                                                       params=params, flatten=flatten), Path(tmp)).run_dir
                    for flatten in (True, False)}
            flat, hier = (read(runs[f]) for f in (True, False))
            cells = []
            for metric in COLUMNS.values():
                scale = 1e3 if metric == POWER else 1.0
                a, b = hier[metric].value * scale, flat[metric].value * scale
                cells.append(f"{a:9.5g} {b:9.5g} {(a - b) / b:+7.2%}")
            given = ",".join(f"{k}={v}" for k, v in args.params.get(name, {}).items())
            print(f"{name + (' ' + given if given else ''):24s} " + "  ".join(cells)
                  + f"  {_yosys(runs[True]):9.1f} {_yosys(runs[False]):9.1f}", flush=True)
    print("(each column: hierarchical, flat, difference)")


if __name__ == "__main__":
    main()
