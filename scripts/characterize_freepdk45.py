"""Characterize FreePDK45 FlexLib from its transistor netlists and the FreePDK45 SPICE models (our own ngspice decks).

Writes pdk/freepdk45_char/FlexLib_<corner>.lib: the repaired shipped liberty (`cryptoppa pdk install freepdk45`)
with each characterized cell's timing, internal energy, pin capacitance and leakage replaced by our own
(cryptoppa.pdk.charlib). Cells that are not characterized keep the shipped tables and say so in a comment. Every
cell is a cached run step in the run cache (`cryptoppa cache info`), so a rerun only simulates what changed.

    python scripts/characterize_freepdk45.py --setup                   # helper virtualenvs only
    python scripts/characterize_freepdk45.py                           # all cells, nom corner
    python scripts/characterize_freepdk45.py --corner all              # nom, fast and slow
    python scripts/characterize_freepdk45.py --cells inv_x1 na2_x1 --corner nom --out /tmp/x.lib
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from cryptoppa import pdk
from cryptoppa.pdk.charlib import library
from cryptoppa.pdk.charlib.netlists import MODELS
from cryptoppa.pdk.charlib.tables import parse
from cryptoppa.tools import FLEXLIB_LAYOUT, LCTIME, ensure_helper_env

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "pdk" / "freepdk45_char"


def characterize_corner(corner: str, args) -> None:
    """Characterize (or take from the cache) every wanted cell at one corner and write its liberty."""
    desc = pdk.get("freepdk45")
    pdk.install(desc, log=lambda *_: None)
    shipped = parse(pdk.liberty(desc, corner).read_text())
    start = time.monotonic()
    text, failures = library.characterize_corner(shipped, corner, args.cells, args.cached_only, args.retry_failed,
                                                 log=lambda msg: print(msg, file=sys.stderr))
    out = args.out or OUT_DIR / f"FlexLib_{corner}.lib"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(f"wrote {out} ({text.count('cryptoppa: characterized')} cells characterized, {len(failures)} failed, "
          f"{time.monotonic() - start:.0f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corner", default="nom", choices=[*sorted(MODELS), "all"],
                        help="model corner, or all three in turn (default nom)")
    parser.add_argument("--cells", nargs="*", help="only these cells (default: every characterizable cell)")
    parser.add_argument("--out", type=Path, help="liberty to write (default pdk/freepdk45_char/FlexLib_<corner>.lib)")
    parser.add_argument("--retry-failed", action="store_true",
                        help="rerun cells an earlier run recorded as failed (by default they keep the shipped tables)")
    parser.add_argument("--setup", action="store_true", help="only create the helper virtualenvs")
    parser.add_argument("--cached-only", action="store_true",
                        help="simulate nothing: assemble the liberty from the cells already in the cache")
    args = parser.parse_args()

    for env in (FLEXLIB_LAYOUT, LCTIME):
        ensure_helper_env(env, echo=lambda msg: print(msg, file=sys.stderr))
    if args.setup:
        return 0
    corners = ["nom", "fast", "slow"] if args.corner == "all" else [args.corner]
    if args.out and len(corners) > 1:
        parser.error("--out names one liberty: give one --corner with it")
    for corner in corners:
        characterize_corner(corner, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
