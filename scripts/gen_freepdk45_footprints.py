"""Regenerate pdk/freepdk45_footprints.csv from the FlexLib cells' own generated layouts.

The FlexLib liberty files give every cell `area : 0.0`; the cells' real footprints come from the layouts that
the c4m-pdk-freepdk45 package generates with PDKMaster. Those packages pin old, conflicting dependencies, so they
live in a helper virtualenv (cryptoppa.tools FLEXLIB_LAYOUT, created on first use under the data directory):

    python scripts/gen_freepdk45_footprints.py            # rewrite the table
    python scripts/gen_freepdk45_footprints.py --check    # exit 1 if the committed table is stale
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import subprocess
import sys
from pathlib import Path

from cryptoppa.tools import FLEXLIB_LAYOUT, ensure_helper_env

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "pdk" / "freepdk45_footprints.csv"

# Runs inside the layout virtualenv; prints {cell: [width_um, height_um]} as JSON.
_PROBE = """
import json
from c4m.pdk.freepdk45 import flexlib
out = {}
for cell in flexlib.cells:
    b = cell.layout.boundary
    out[cell.name] = [round(b.right - b.left, 4), round(b.top - b.bottom, 4)]
print(json.dumps(out, sort_keys=True))
"""


def measure() -> dict[str, tuple[float, float]]:
    python = ensure_helper_env(FLEXLIB_LAYOUT, echo=lambda msg: print(msg, file=sys.stderr))
    out = subprocess.run([str(python), "-c", _PROBE], check=True, capture_output=True, text=True)
    return {name: (w, h) for name, (w, h) in json.loads(out.stdout).items()}


def render(footprints: dict[str, tuple[float, float]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["cell", "width_um", "height_um", "area_um2"])
    for name, (w, h) in sorted(footprints.items()):
        writer.writerow([name, f"{w:g}", f"{h:g}", f"{w * h:.4f}"])
    return buf.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed table, do not write")
    args = parser.parse_args()
    text = render(measure())
    if args.check:
        if TABLE.read_text() != text:
            print(f"{TABLE} differs from the layouts; rerun without --check", file=sys.stderr)
            return 1
        print(f"{TABLE} agrees with the layouts")
        return 0
    TABLE.write_text(text)
    print(f"wrote {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
