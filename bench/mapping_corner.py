"""What mapping each corner and clock separately changed, against one netlist per RTL configuration.

    .venv/bin/python bench/mapping_corner.py [--designs gcm_iter,prince,xts] [--corners slow,nom,fast] [--clocks 225]

The flow maps a design's RTL configuration once, at the PDK's default corner with ABC's delay target at
cryptoppa.flow.plan.MAPPING_CLOCK_MHZ, and times that netlist at every corner and clock. Before, each corner and
clock was mapped with its own library and target. For each design, corner and clock this runs both (the old way
through FlowPoint's map_corner and map_clock_mhz) from an empty cache in a temporary folder, and prints area,
fmax and total power of each with their differences, then the Yosys time of each way. Not run in CI.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from cryptoppa import designs, pdk
from cryptoppa.catalog import AREA, FMAX, POWER, runtime
from cryptoppa.flow import characterize, design_point
from cryptoppa.metrics import is_carried, read

COLUMNS = {"area um2": AREA, "fmax MHz": FMAX, "power mW": POWER}


def _list(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def _yosys_seconds(cache: Path) -> float:
    """Yosys time of every synthesis run in the cache (each counted in the run that spent it)."""
    return sum(m.value for run in cache.glob("*-synth-*") if (run / "metrics.json").is_file()
               for name, m in read(run).items()
               if name in (runtime("synth_elab"), runtime("synth_map")) and not is_carried(m.source))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--designs", type=_list, default=["gcm_iter", "prince", "xts"])
    ap.add_argument("--corners", type=_list, default=["slow", "nom", "fast"])
    ap.add_argument("--clocks", type=lambda t: [float(x) for x in _list(t)], default=[225.0])
    ap.add_argument("--pdk", default=pdk.DEFAULT_PDK)
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared machine)")
    print(f"{'design':10s} {'corner':6s} {'MHz':>6s}  " + "  ".join(f"{c:>27s}" for c in COLUMNS)
          + "   (mapped once / mapped at the corner and clock: difference)")
    with tempfile.TemporaryDirectory(prefix="bench-mapping-") as tmp:
        once, each = Path(tmp) / "once", Path(tmp) / "each"
        wall = {"once": 0.0, "each": 0.0}
        for name in args.designs:
            d = designs.get(name)
            for corner in args.corners:
                for mhz in args.clocks:
                    point = design_point(d, pdk=args.pdk, corner=corner, clock_mhz=mhz, params=d.resolve_params({}))
                    start = time.monotonic()
                    new = characterize(point, once).metrics
                    wall["once"] += time.monotonic() - start
                    start = time.monotonic()
                    old = characterize(replace(point, map_corner=corner, map_clock_mhz=mhz), each).metrics
                    wall["each"] += time.monotonic() - start
                    cells = []
                    for column, metric in COLUMNS.items():
                        scale = 1e3 if metric == POWER else 1.0
                        a, b = new[metric].value * scale, old[metric].value * scale
                        cells.append(f"{a:9.5g} {b:9.5g} {(a - b) / b:+7.2%}")
                    print(f"{name:10s} {corner:6s} {mhz:6.0f}  " + "  ".join(cells), flush=True)
        print(f"Yosys: {_yosys_seconds(once):.0f} s mapping once, {_yosys_seconds(each):.0f} s mapping each corner and "
              f"clock; wall {wall['once']:.0f} s and {wall['each']:.0f} s")


if __name__ == "__main__":
    main()
