"""The 2013 study's own RTL through our flow: the control that separates library and tools from the engine.

Owen 2013 (The Feasibility of Memory Encryption and Authentication, M.S. thesis, UT Austin) synthesized the
OpenCores "gcm-aes" core (Tariq Bashir Ahmad and Guy Hutchison, 2010; top module gcm_aes_v0, with Rudolf
Usselmann's iterative AES core and a 16-bit-digit GHASH multiplier) on FreePDK45 at 225 MHz. This script measures
the same RTL with cryptoppa on FlexLib and on Nangate45, from a local copy of the core that is never committed:

    python scripts/study_rtl.py PATH/TO/gcm-aes/rtl       # or with $CRYPTOPPA_STUDY_RTL set, no argument

The folder holds the core's six files (FILES). A public copy: the gcm-aes core in fabriziotappero/ip-cores (a
mirror of OpenCores, one commit per core), rtl/ at commit d856a73f712d051b9a449c65086854db054c6954. Nangate45
must be installed too (`cryptoppa doctor`). Steps, each one at a time:

1. Icarus runs our testbench (scripts/study_rtl/tb_gcm_aes_v0.v) on the RTL: GCM test cases 3 (a 64-byte line,
   the study's unit of work) and 2 must give the specification's ciphertext and tag; case 3 gives the cycles
   per 64-byte line + tag (the study's Table 5.1 prints 123).
2. `cryptoppa run --rtl FILE... --top gcm_aes_v0 --clock-mhz 225` on each target of TARGETS (vectorless power: the
   study's "typical" power is also an estimate without simulated activity). Runs land in the run cache.
3. Writes reports/libraries/data/study_rtl.csv (one row per target; with --targets, the other targets' rows are
   kept) and study_rtl_sources.csv (one row per file).

study_rtl.csv, one row per library and wire-load setting:
  design, top          gcm_aes_v0 (the RTL's top module)
  target, pdk, corner  where it was mapped (cryptoppa targets)
  wire_load            the wire-load model STA used: its name, "off" (Nangate45 without it) or "none" (FlexLib has none)
  clock_mhz            the constraint and power clock, the study's 225 MHz
  power_model          vectorless: OpenSTA propagating 0.1 toggles per cycle from every input
  area_um2             cell area, Yosys `stat -liberty` (synthesis, no wiring)
  ge_um2, area_kge     the library's NAND2 X1 area and area_um2 in thousands of it
  cells, flip_flops    cell and sequential-cell counts; sequential_area_um2 their area
  fmax_mhz, fmax_basis OpenSTA's fmax of the mapped netlist (reg2reg: register to register) at this clock's ABC target
  setup_ws_ns          worst setup slack at clock_mhz
  power_mw, internal_mw, switching_mw, leakage_mw   OpenSTA's total and its split at clock_mhz
  cycles_per_line      step 1: clock edges from the start (cii_ctl_vld) to Tag_vld for a 64-byte line, inclusive
  vectors_ok           the GCM test cases the RTL passed in step 1
  rtl_sha256           SHA-256 of study_rtl_sources.csv's (file, sha256) pairs: which copy was measured
  luts, brams          on an FPGA target (xc7: Yosys synth_xilinx, no clock), its LUTs and block RAMs; flip_flops
                       its flip-flops; the ASIC columns are empty there
  yosys, opensta       tool versions the run recorded
  command              the run, with the copy's folder written RTL/
study_rtl_sources.csv: file, bytes, sha256 (of the file as read), text_sha256 (of its text with every run of
whitespace made one space: the same for copies that differ only in line endings, no-break spaces or trailing
blanks), repository, commit, path (where this copy came from).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cryptoppa import pdk, settings

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "reports" / "libraries" / "data"
TESTBENCH = ROOT / "scripts" / "study_rtl" / "tb_gcm_aes_v0.v"
TOP = "gcm_aes_v0"
FILES = ("gcm_aes_v0.v", "gfm128_16.v", "aes_cipher_top.v", "aes_key_expand_128.v", "aes_sbox.v", "aes_rcon.v")
SOURCE = ("fabriziotappero/ip-cores", "d856a73f712d051b9a449c65086854db054c6954", "rtl/")
CLOCK_MHZ = 225
# (target, wire-load flag): FlexLib re-characterized and as shipped; Nangate45 with and without its wire-load model.
TARGETS = (("freepdk45_char/nom", ()), ("freepdk45/nom", ()), ("nangate45/typ", ()),
           ("nangate45/typ", ("--no-wire-load",)), ("xc7", ()))
FPGA = ("xc7",)  # synthesis for Xilinx 7-series: the control of our FPGA lines against the study's Kintex-7 ones
CASES = (3, 2)  # GCM test cases of tb_gcm_aes_v0.v; the first is the 64-byte line whose cycles are counted
_MESSAGE = re.compile(r"^MESSAGE (\d+) cycles (\d+) ok ([01])$", re.M)
COLUMNS = ("design", "top", "target", "pdk", "corner", "wire_load", "clock_mhz", "power_model", "area_um2", "ge_um2",
           "area_kge", "cells", "flip_flops", "sequential_area_um2", "fmax_mhz", "fmax_basis", "setup_ws_ns",
           "power_mw", "internal_mw", "switching_mw", "leakage_mw", "cycles_per_line", "vectors_ok", "rtl_sha256",
           "luts", "brams", "yosys", "opensta", "command")
SOURCE_COLUMNS = ("file", "bytes", "sha256", "text_sha256", "repository", "commit", "path")


def fail(message: str) -> None:
    print(f"study_rtl: {message}", file=sys.stderr)
    raise SystemExit(2)


def rtl_files(folder: Path) -> list[Path]:
    missing = [name for name in FILES if not (folder / name).is_file()]
    if missing:
        fail(f"{folder}: expected the gcm-aes core's {', '.join(FILES)}; missing {', '.join(missing)}")
    return [folder / name for name in FILES]


def sources(files: list[Path]) -> list[dict]:
    rows = []
    for path in files:
        data = path.read_bytes()
        rows.append({"file": path.name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
                     "text_sha256": hashlib.sha256(_words(data).encode()).hexdigest(), "repository": SOURCE[0],
                     "commit": SOURCE[1], "path": SOURCE[2] + path.name})
    return rows


def _words(data: bytes) -> str:
    """The text with every run of whitespace (no-break spaces and carriage returns too) made one space."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return " ".join(text.split())


def set_sha256(rows: list[dict]) -> str:
    """One hash for the copy: of `sha256  file` lines, as sha256sum prints them, in FILES order."""
    return hashlib.sha256("".join(f"{r['sha256']}  {r['file']}\n" for r in rows).encode()).hexdigest()


def simulate(files: list[Path]) -> tuple[int, list[int]]:
    """(cycles per 64-byte line + tag, the GCM test cases passed); every case must pass."""
    for tool in ("iverilog", "vvp"):
        if shutil.which(tool) is None:
            fail(f"{tool} not found: install Icarus Verilog (`cryptoppa doctor`)")
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "tb.vvp"
        subprocess.run(["iverilog", "-g2005", "-o", str(exe), "-s", "tb_gcm_aes_v0", str(TESTBENCH), *map(str, files)],
                       check=True, capture_output=True, text=True)
        cycles, passed = {}, []
        for case in CASES:
            out = subprocess.run(["vvp", "-n", str(exe), f"+case={case}"], check=True, capture_output=True, text=True,
                                 timeout=300).stdout
            found = _MESSAGE.findall(out)
            if len(found) != 1 or int(found[0][0]) != case:
                fail(f"testbench case {case}: expected one MESSAGE line, got: {out.strip()[-200:]!r}")
            if found[0][2] != "1":
                fail(f"GCM test case {case}: wrong ciphertext or tag from the RTL in {files[0].parent}")
            cycles[case] = int(found[0][1])
            passed.append(case)
    return cycles[CASES[0]], passed


def characterize(files: list[Path], target: str, flags: tuple[str, ...]) -> tuple[dict, str]:
    """metrics.json of `cryptoppa run` on the target, and the command as a reader types it."""
    exe = shutil.which("cryptoppa", path=str(Path(sys.executable).parent)) or shutil.which("cryptoppa")
    if exe is None:
        fail("the cryptoppa command is not installed beside this Python (make bootstrap)")
    clock = [] if target in FPGA else ["--clock-mhz", str(CLOCK_MHZ)]  # FPGA synthesis has no clock constraint
    args = [a for f in files for a in ("--rtl", str(f))] + ["--top", TOP, *clock, "--target", target, *flags]
    done = subprocess.run([exe, "run", *args, "--json"], capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"cryptoppa run on {target} {' '.join(flags)}failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
    shown = " ".join(a.replace(str(files[0].parent), "RTL") for a in args)
    return json.loads(done.stdout), f"cryptoppa run {shown}"


def fpga_row(metrics: dict, target: str, command: str, cycles: int, passed: list[int], rtl: str) -> dict:
    """An FPGA target's row: LUTs, flip-flops and block RAMs of synthesis (no area, timing or power)."""
    v = lambda key: metrics[key]["value"]
    return {"design": TOP, "top": TOP, "target": target, "pdk": target, "corner": "", "wire_load": "none",
            "clock_mhz": CLOCK_MHZ, "cells": int(v("synth__design__instance__count")),
            "flip_flops": int(v("synth__design__instance__count__ff")), "luts": int(v("synth__design__instance__count__lut")),
            "brams": v("synth__design__instance__count__bram"), "cycles_per_line": cycles,
            "vectors_ok": " ".join(map(str, passed)), "rtl_sha256": rtl,
            "yosys": metrics["synth__design__instance__count__lut"]["tool"], "command": command}


def row(metrics: dict, target: str, command: str, cycles: int, passed: list[int], rtl: str) -> dict:
    if target in FPGA:
        return fpga_row(metrics, target, command, cycles, passed, rtl)
    v = lambda key: metrics[key]["value"]
    pdk_name, corner = target.split("/")
    return {
        "design": TOP, "top": TOP, "target": target, "pdk": pdk_name, "corner": corner,
        "wire_load": pdk.get(pdk_name).wire_load_label("--no-wire-load" not in command),
        "clock_mhz": CLOCK_MHZ, "power_model": "vectorless",
        "area_um2": round(v("synth__design__instance__area__stdcell"), 3),
        "ge_um2": v("synth__design__ge__area"),
        "area_kge": round(v("synth__design__instance__area__stdcell__kge"), 4),
        "cells": int(v("synth__design__instance__count")),
        "flip_flops": int(v("synth__design__instance__count__sequential")),
        "sequential_area_um2": round(v("synth__design__instance__area__sequential"), 3),
        "fmax_mhz": round(v("timing__fmax__mhz"), 2), "fmax_basis": v("timing__fmax__basis"),
        "setup_ws_ns": round(v("timing__setup__ws"), 4),
        "power_mw": round(v("power__total") * 1e3, 5), "internal_mw": round(v("power__internal__total") * 1e3, 5),
        "switching_mw": round(v("power__switching__total") * 1e3, 5),
        "leakage_mw": round(v("power__leakage__total") * 1e3, 5),
        "cycles_per_line": cycles, "vectors_ok": " ".join(map(str, passed)), "rtl_sha256": rtl,
        "yosys": metrics["synth__design__instance__area__stdcell"]["tool"], "opensta": metrics["power__total"]["tool"],
        "command": command,
    }


def kept(path: Path, rows: list[dict]) -> list[dict]:
    """The rows already in the table for targets this run did not measure (--targets measures a subset)."""
    if not path.exists():
        return []
    with open(path, newline="") as f:
        old = list(csv.DictReader(f))
    done = {(r["target"], r["wire_load"]) for r in rows}
    return [r for r in old if (r["target"], r["wire_load"]) not in done]


def write(path: Path, columns: tuple[str, ...], rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rtl", nargs="?", type=Path, help="folder with the gcm-aes core's files (default: $CRYPTOPPA_STUDY_RTL)")
    ap.add_argument("--out", type=Path, default=OUT, help="folder for study_rtl.csv and study_rtl_sources.csv")
    ap.add_argument("--targets", help="comma-separated subset of the targets, e.g. freepdk45_char/nom (default: all)")
    args = ap.parse_args(argv)
    folder = args.rtl or settings.current().study_rtl
    if folder is None:
        fail("give the folder of the gcm-aes core's RTL, or set CRYPTOPPA_STUDY_RTL")
    files = rtl_files(folder.resolve())
    chosen = TARGETS
    if args.targets:
        wanted = args.targets.split(",")
        unknown = sorted(set(wanted) - {t for t, _ in TARGETS})
        if unknown:
            fail(f"--targets {','.join(unknown)}: expected among {', '.join(sorted({t for t, _ in TARGETS}))}")
        chosen = tuple(t for t in TARGETS if t[0] in wanted)
    src = sources(files)
    rtl = set_sha256(src)
    cycles, passed = simulate(files)
    print(f"testbench: GCM test cases {' '.join(map(str, passed))} pass; {cycles} cycles per 64-byte line + tag")
    rows = []
    for target, flags in chosen:
        metrics, command = characterize(files, target, flags)
        rows.append(row(metrics, target, command, cycles, passed, rtl))
        r = rows[-1]
        print(f"{target}: {r['luts']:,} LUTs, {r['flip_flops']:,} flip-flops, {r['brams']} block RAMs" if target in FPGA
              else f"{target} {r['wire_load']}: {r['area_um2']:,.0f} um2 = {r['area_kge']:.2f} kGE, "
                   f"{r['fmax_mhz']} MHz, {r['power_mw']} mW")
    write(args.out / "study_rtl.csv", COLUMNS, kept(args.out / "study_rtl.csv", rows) + rows)
    write(args.out / "study_rtl_sources.csv", SOURCE_COLUMNS, src)
    print(f"wrote {args.out / 'study_rtl.csv'} and {args.out / 'study_rtl_sources.csv'}")


if __name__ == "__main__":
    main()
