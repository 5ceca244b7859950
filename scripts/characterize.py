"""Characterize a standard-cell library from its transistor netlists and SPICE models (our own ngspice decks):
FreePDK45's FlexLib (--pdk freepdk45), SkyWater sky130's StdCellLib (--pdk sky130) or SkyWater's own
sky130_fd_sc_hd (--pdk sky130hd), one pipeline (cryptoppa.pdk.charlib; the libraries differ only in
cryptoppa.pdk.charlib.targets).

Writes the liberty files the PDK descriptor names per corner (pdk/<pdk>_char.toml; pdk/sky130hd.toml), and the new
files' SHA-256 into that descriptor (`cryptoppa pdk install` checks them). FlexLib's files are the repaired shipped
liberty (`cryptoppa pdk install freepdk45`) with each characterized cell's timing, internal energy, pin
capacitance and leakage replaced by our own; sky130's and sky130hd's fill a skeleton (pins, functions, layout areas) with ours.
Cells that are not characterized say so in a comment. Every cell is a cached run step in the run cache
(`cryptoppa cache info`), so a rerun only simulates what changed.

    python scripts/characterize.py --pdk sky130 --setup                 # helper virtualenvs only
    python scripts/characterize.py --pdk freepdk45                      # all cells, the default corner
    python scripts/characterize.py --pdk sky130 --corner all            # tt, ff and ss
    python scripts/characterize.py --pdk freepdk45 --cells inv_x1 na2_x1 --corner nom --out /tmp/x.lib
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from cryptoppa import pdk
from cryptoppa.pdk.charlib import library
from cryptoppa.pdk.charlib.targets import TARGETS
from cryptoppa.runs import sha256_file
from cryptoppa.tools import LCTIME, ensure_helper_env


def record_sha256(descriptor: Path, corner: str, digest: str) -> None:
    """Write the corner's liberty checksum into its [corners.<corner>] table of the descriptor."""
    text = descriptor.read_text()
    pattern = re.compile(r"(\[corners\." + re.escape(corner) + r"\]\nliberty = \"[^\"]+\"\n)(sha256 = \"[0-9a-f]*\"\n)?")
    if not pattern.search(text):
        raise SystemExit(f"{descriptor}: no [corners.{corner}] table with a liberty line to add its sha256 to")
    descriptor.write_text(pattern.sub(lambda m: f'{m.group(1)}sha256 = "{digest}"\n', text, count=1))


def characterize_corner(target, corner: str, args) -> None:
    """Characterize (or take from the cache) every wanted cell at one corner and write its liberty."""
    start = time.monotonic()
    text, failures = library.characterize_corner(target, corner, args.cells, args.cached_only, args.retry_failed,
                                                 log=lambda msg: print(msg, file=sys.stderr))
    desc = pdk.get(target.descriptor)
    out = args.out or desc.path.parent / desc.corners[corner][0]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    if not args.out:
        record_sha256(desc.path, corner, sha256_file(out))
    print(f"wrote {out} ({text.count('cryptoppa: characterized')} cells characterized, {len(failures)} failed, "
          f"{time.monotonic() - start:.0f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pdk", required=True, choices=sorted(TARGETS), help="the library to characterize")
    parser.add_argument("--corner", help="model corner, or all of them in turn (default: the descriptor's)")
    parser.add_argument("--cells", nargs="*", help="only these cells (default: every characterizable cell)")
    parser.add_argument("--out", type=Path, help="liberty to write (default: the descriptor's, checksum recorded)")
    parser.add_argument("--retry-failed", action="store_true",
                        help="rerun cells an earlier run recorded as failed (by default they keep their base tables)")
    parser.add_argument("--setup", action="store_true", help="only create the helper virtualenvs")
    parser.add_argument("--cached-only", action="store_true",
                        help="simulate nothing: assemble the liberty from the cells already in the cache")
    args = parser.parse_args()
    target = TARGETS[args.pdk]

    for env in (target.env, LCTIME):
        ensure_helper_env(env, echo=lambda msg: print(msg, file=sys.stderr))
    if args.setup:
        return 0
    corner = args.corner or pdk.get(target.descriptor).default_corner
    if corner not in (*target.models, "all"):
        parser.error(f"--corner: expected one of {', '.join(target.models)} or all, got {corner!r}")
    corners = list(target.models) if corner == "all" else [corner]
    if args.out and len(corners) > 1:
        parser.error("--out names one liberty: give one --corner with it")
    for name in corners:
        characterize_corner(target, name, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
