"""Software AES on our RV32 cores: cycles per byte from cycle-accurate simulation, area and power from the flow.

Each core is characterized like any design (synthesis + STA through the sweep cache), then every firmware
configuration is built, run on the core in Verilator (cryptoppa.sim.core_sim) and every result it prints is
recomputed with `cryptography` before a number is kept. One row per (core, firmware, measured operation).

Firmware runs where it means something: `table` and `ct` on the base core (ZK=0), `zk` on the core with the
scalar-crypto instructions (ZK=1). The core's code and data memories are not part of its area or power (they
are simulation models); each row carries the firmware's code/data bytes and an SRAM area estimate
(baselines.memory, `memory__*`), reported separately, plus `area__core_plus_sram__estimate`, and its
`memory_note` says which is which.

A rerun skips configurations whose rows are all `ok` in the table already (`force=True` reruns them), so an
interrupted `--full` run resumes where it stopped.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..catalog import (
    ACTIVITY_COVERAGE, ACTIVITY_POWER, AREA, CELLS, CORE_PLUS_SRAM, FMAX, NONFINITE, POWER, POWER_INTERNAL,
    POWER_LEAKAGE, POWER_SWITCHING, SRAM_AREA, WS
)
from ..errors import CryptoppaError, InputError
from ..feasibility.report_text import to_markdown
from ..pdk import DEFAULT_PDK
from ..flow.core_energy import core_energy
from ..sim.core_sim import run_core
from ..sw import build_firmware, check_results, parse_results
from ..sw.build import KEY_BITS
from ..sweep import results as results_mod
from ..stages import flow_point
from ..sweep.point import run_point
from ..sweep.spec import SweepPoint
from . import memory

TABLE = "core_baseline.parquet"
IDENTITY = ["option", "alg", "bytes"]
# The ISA each core implements (its firmware is compiled for it).
MARCH = {"rv32_mc": "rv32i", "rv32_pipe": "rv32im"}
VARIANTS = ("table", "ct", "zk")
OPTS = ("-O0", "-O1", "-O2", "-O3", "-Os")
TOTAL_AREA = CORE_PLUS_SRAM  # um^2: synthesized core + memory__sram__area__estimate
_PPA = (AREA, CELLS, FMAX,
        WS, POWER_INTERNAL, POWER_SWITCHING, POWER_LEAKAGE,
        POWER, NONFINITE)


@dataclass(frozen=True)
class CoreMatrix:
    """Which cores, firmware and operations to measure. The default is the small CI-sized subset."""

    cores: tuple[str, ...] = ("rv32_mc",)
    variants: tuple[str, ...] = ("table",)
    key_bits: tuple[int, ...] = (128,)
    opts: tuple[str, ...] = ("-O2",)
    long_bytes: int = 0  # the long GCM buffer (16384 in the full matrix); 0 = only the 64-byte line
    cbc_bytes: tuple[int, ...] = ()
    pdk: str = DEFAULT_PDK
    corner: str = "nom"
    clock_mhz: float = 100.0
    energy: bool = False  # gate-level simulation of the 64-byte GCM line: annotated power, energy per byte

    def __post_init__(self):
        for core in self.cores:
            if core not in MARCH:
                raise InputError(f"unknown core {core!r}; expected one of {', '.join(MARCH)}")
        for variant in self.variants:
            if variant not in VARIANTS:
                raise InputError(f"unknown firmware variant {variant!r}; expected one of {', '.join(VARIANTS)}")
        for opt in self.opts:
            if opt not in OPTS:
                raise InputError(f"unknown optimization level {opt!r}; expected one of {', '.join(OPTS)}")
        for bits in self.key_bits:
            if bits not in KEY_BITS:
                raise InputError(f"AES key size {bits!r}: expected one of {', '.join(map(str, KEY_BITS))}")
        for size in self.cbc_bytes:
            if not 16 <= size <= 65536 or size % 16:
                raise InputError(f"CBC page size {size}: expected a multiple of 16 bytes in 16..65536")

    @classmethod
    def full(cls, **overrides) -> "CoreMatrix":
        return cls(**{"cores": tuple(MARCH), "variants": VARIANTS, "key_bits": (128, 192, 256), "opts": OPTS,
                      "long_bytes": 16384, "cbc_bytes": (1024, 4096), **overrides})

    def runs(self):
        """(core, ZK, variant, key_bits, opt) in a stable order; zk firmware only on ZK=1 cores."""
        for core, variant, key, opt in itertools.product(self.cores, self.variants, self.key_bits, self.opts):
            yield core, int(variant == "zk"), variant, key, opt

    def operations(self) -> list[tuple[str, int]]:
        """(alg, bytes) every firmware run prints: the 64-byte GCM line, the long buffer, each CBC page."""
        return [("gcm", 64), *([("gcm", self.long_bytes)] if self.long_bytes else []),
                *(("cbc", n) for n in self.cbc_bytes)]


def core_point(core: str, zk: int, m: CoreMatrix) -> SweepPoint:
    return SweepPoint(sweep="core-baseline", design=core, n=None, params=(("ZK", zk),), pdk=m.pdk,
                      corner=m.corner, clock_mhz=m.clock_mhz, activity=0.1)


def _ppa(core: str, zk: int, m: CoreMatrix, cache: Path) -> dict:
    row = run_point(core_point(core, zk, m), cache)
    keep = {k: row.get(k, math.nan) for k in _PPA}
    return {**keep, "pdk": m.pdk, "corner": m.corner, "clock_mhz": m.clock_mhz, "ppa_status": row["status"],
            "ppa_error": row.get("error", ""), "ppa_run_dir": row.get("run_dir", "")}


def _firmware(core: str, variant: str, key: int, opt: str, m: CoreMatrix, work: Path) -> Path:
    return build_firmware(variant, key_bits=key, opt=opt, march=MARCH[core], long_bytes=m.long_bytes,
                          cbc_bytes=m.cbc_bytes, out_dir=work / "firmware")


def _software(core: str, zk: int, elf: Path, m: CoreMatrix, work: Path) -> list[dict]:
    # Cycle budget: the slowest firmware (ct at -O0) needs ~10^5 cycles per byte on the multi-cycle core.
    budget = 200_000 * (64 + m.long_bytes + sum(m.cbc_bytes)) + 10_000_000
    result = run_core(core, elf, work, params={"ZK": zk}, max_cycles=budget)
    if result.exit_code != 0:
        raise CryptoppaError(f"{core} running {elf.name}: firmware exited with code {result.exit_code}")
    rows = parse_results(result.uart)
    check_results(rows)  # every tag / last block recomputed with `cryptography`, or this raises
    out = []
    for r in rows:
        nbytes, cycles, instret = int(r["bytes"]), int(r["cycles"]), int(r["instret"])
        out.append({"alg": r["alg"], "bytes": nbytes, "cycles": cycles, "instret": instret,
                    "setup_cycles": int(r.get("setup_cycles", 0)), "cycles_per_byte": cycles / nbytes,
                    "instructions_per_byte": instret / nbytes, "cpi": cycles / instret, "firmware": elf.parent.name})
    return out


def _add_energy(rows: list[dict], core: str, zk: int, m: CoreMatrix, work: Path, cache: Path) -> None:
    """Annotated power and energy per byte on the 64-byte GCM row, from the core's netlist running its firmware."""
    point = flow_point(core_point(core, zk, m).request(), cache)
    budget = 4 * sum(r["cycles"] for r in rows) + 1_000_000  # the gate-level run executes the whole firmware
    for row in rows:
        if row["alg"] != "gcm" or row["bytes"] != 64:
            continue
        out = work / "energy" / f"{Path(row['ppa_run_dir']).name}-{row['firmware']}"
        e = core_energy(point, Path(row["ppa_run_dir"]), work / "firmware" / row["firmware"] / "fw.elf", out,
                        max_cycles=budget, build_cache=cache)
        check_results(e.rows)  # the netlist with the generated cell models computes the same GCM as the RTL
        gate = next((r for r in e.rows if r["alg"] == "gcm" and r["bytes"] == 64), None)
        if gate is None or gate["cycles"] != row["cycles"] or gate["cycles"] != e.window_cycles:
            raise CryptoppaError(f"{row['option']}: gate-level run and its window ({e.window_cycles} cycles) "
                                 f"disagree with the RTL run ({row['cycles']} cycles)")
        row.update({ACTIVITY_POWER: e.power[POWER], ACTIVITY_COVERAGE: e.coverage,
                    "energy_window_cycles": e.window_cycles, "energy_per_byte_pj": e.energy_per_byte_pj})


def _finished(out: Path, matrix: CoreMatrix) -> set[str]:
    """Options whose every operation has an `ok` row already (with energy, if this run asks for it)."""
    table = results_mod.read(Path(out), TABLE)
    if table.empty:
        return set()
    ok = table[table["status"] == "ok"]
    if SRAM_AREA in ok.columns:  # rows from before the memory estimate are redone
        ok = ok[ok[SRAM_AREA].notna()]
    else:
        return set()
    if matrix.energy:
        line = (ok["alg"] == "gcm") & (ok["bytes"] == 64)
        done_energy = ok["energy_per_byte_pj"].notna() if "energy_per_byte_pj" in ok.columns else False
        ok = ok[~line | done_energy]
    have = set(zip(ok["option"], ok["alg"], ok["bytes"]))
    ops = matrix.operations()
    return {o for o in set(ok["option"]) if all((o, alg, n) in have for alg, n in ops)}


def measure(out: Path, matrix: CoreMatrix, cache: Path, progress=None, force: bool = False) -> pd.DataFrame:
    """Run the matrix; rows are merged into out/core_baseline.parquet as they finish. Configurations already
    `ok` in that table are skipped unless `force` (so a rerun resumes an interrupted run)."""
    work = Path(out) / "work"
    work.mkdir(parents=True, exist_ok=True)
    ppa: dict[tuple[str, int], dict] = {}
    jobs = list(matrix.runs())
    done = set() if force else _finished(out, matrix)
    for core, zk, variant, key, opt in jobs:
        option = f"{core} ZK={zk} {variant} {opt} AES-{key}"
        if option in done:
            if progress:
                progress(len(jobs), f"{option} (done before)")
            continue
        if (core, zk) not in ppa:
            ppa[(core, zk)] = _ppa(core, zk, matrix, cache)
        base = {"option": option, "core": core, "zk": zk, "variant": variant, "key_bits": key, "opt": opt,
                "march": MARCH[core] + ("_zkne_zknd_zbkc" if variant == "zk" else ""), **ppa[(core, zk)],
                "memory_note": "core only; firmware not built, so no memory estimate"}
        try:
            elf = _firmware(core, variant, key, opt, matrix, work)
            base.update(memory.firmware_memory(elf).columns())
            base[TOTAL_AREA] = base[AREA] + base[SRAM_AREA]
            rows = [{**base, **r, "status": "ok", "error": ""} for r in _software(core, zk, elf, matrix, work)]
            if matrix.energy and base["ppa_status"] != "failed":
                _add_energy(rows, core, zk, matrix, work, cache)
        except CryptoppaError as err:
            rows = [{**base, "alg": "gcm", "bytes": 64, "status": "failed", "error": str(err)}]
        if base["ppa_status"] == "failed":
            for r in rows:
                r["status"], r["error"] = "failed", r["error"] or f"characterization: {base['ppa_error']}"
        results_mod.merge(out, rows, table=TABLE, identity=IDENTITY)
        if progress:
            progress(len(jobs), option)
    return pd.read_parquet(Path(out) / TABLE)


def summary(table: pd.DataFrame, keys: tuple[int, ...] = (128, 256), opt: str = "-O2") -> pd.DataFrame:
    """Per core x firmware x key: cycles/byte (64-byte GCM line, 16 KB GCM), cycles per CBC page, area, at `opt`
    and at the best -O level for the 64-byte line (only finished rows; a missing measurement stays NaN)."""
    ok = table[table["status"] == "ok"]
    if ok.empty:
        return pd.DataFrame()

    def value(rows: pd.DataFrame, alg: str, nbytes: int, col: str) -> float:
        hit = rows[(rows["alg"] == alg) & (rows["bytes"] == nbytes)]
        return float(hit[col].iloc[0]) if len(hit) else math.nan

    out = []
    for (core, zk, variant, key), rows in ok.groupby(["core", "zk", "variant", "key_bits"], sort=False):
        if key not in keys:
            continue
        line = rows[(rows["alg"] == "gcm") & (rows["bytes"] == 64)].sort_values("cycles_per_byte")
        best = line["opt"].iloc[0] if len(line) else None
        for label, level in ((opt, opt), (f"best ({best})", best)):
            at = rows[rows["opt"] == level]
            if at.empty or (label != opt and level == opt):
                continue
            first = at.iloc[0]
            out.append({
                "core": f"{core} ZK={zk}", "firmware": variant, "AES": key, "-O": label,
                "GCM 64 B cycles/B": value(at, "gcm", 64, "cycles_per_byte"),
                "GCM 16 KB cycles/B": value(at, "gcm", 16384, "cycles_per_byte"),
                "CBC 1 KB cycles/page": value(at, "cbc", 1024, "cycles"),
                "CBC 4 KB cycles/page": value(at, "cbc", 4096, "cycles"),
                "GCM 64 B instr/B": value(at, "gcm", 64, "instructions_per_byte"),
                "core mm2": first[AREA] / 1e6,
                "SRAM est. mm2": first.get(SRAM_AREA, math.nan) / 1e6,
            })
    if not out:
        return pd.DataFrame()
    frame = pd.DataFrame(out)
    order = {name: i for i, name in enumerate(VARIANTS)}
    return frame.sort_values(["core", "firmware", "AES"], key=lambda s: s.map(order) if s.name == "firmware" else s,
                             kind="stable").reset_index(drop=True)


def write_summary(out: Path, table) -> Path | None:
    """out/summary.md: the per core x firmware x key table (cycles/byte, cycles per CBC page, areas)."""
    frame = summary(table)
    if frame.empty:
        return None
    digits = {c: (1 if "/B" in c else 0 if "page" in c else 4) for c in frame.columns if "cycles" in c or "instr" in c
              or "mm2" in c}
    text = "\n\n".join([
        f"# Software AES on the RV32 cores ({table['clock_mhz'].iloc[0]:g} MHz target, {table['pdk'].iloc[0]})",
        to_markdown(frame.round(digits)),
        "`-O2` and the -O level with the fewest cycles per byte on the 64-byte GCM line (`best`); cycles/B include "
        "key expansion and GCM setup; `core mm2` is the synthesized core; `SRAM est. mm2` is an estimate, not "
        f"measured and not in the core's area: {memory.NOTE}.",
    ])
    path = Path(out) / "summary.md"
    path.write_text(text + "\n")
    return path
