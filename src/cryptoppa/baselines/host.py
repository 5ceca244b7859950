"""AES-GCM and AES-CBC on the host CPU, measured with `openssl speed`: ns per byte, and cycles per byte at the clock
the CPU was measured to run at.

Four instruction-set levels are measured by masking OpenSSL's CPU capability vector (OPENSSL_ia32cap): every
feature it detects, AES-NI + PCLMULQDQ alone (no AVX, no leaf-7 features such as VAES/VPCLMULQDQ), none of them
(OpenSSL then falls back to table-based AES and 4-bit-table GHASH), and, for GCM, every feature but MOVBE: OpenSSL
selects its AVX GHASH and AES-GCM code only when AVX and MOVBE are both present (crypto/modes/gcm128.c), so this
mask separates that code from everything else AVX brings. A mask is only trusted when the speed changes the way it
should; the check is recorded with the results.

Each rate is `openssl speed`'s bytes over the process's user CPU time (not wall time: other work on a shared machine
does not read as a slower cipher), the median of `repeats` runs taken in turns (every feature set and size once,
then again), with the fastest and slowest run beside it. ns per byte needs no clock. Cycles per byte use the clock
measured on the same CPU around every run (cryptoppa.baselines.cpuclock: a dependent-add chain), not the operating
system's nominal figure, which in a virtual machine is the host's base clock; where the clock cannot be measured,
the nominal one is used and the rows say so.

GCM is timed with `-aead`: every message gets a fresh IV, 13 bytes of AAD and a tag, the closest OpenSSL comes to
one memory line per message. CBC is timed per page (1 KB, 4 KB).
"""

from __future__ import annotations

import json
import math
import os
import platform
import re
import statistics
from dataclasses import asdict, dataclass
from pathlib import Path

import pandas as pd

from ..catalog import CYCLES_PER_BYTE, THROUGHPUT
from ..errors import CryptoppaError, InputError
from ..tools import require, run
from . import cpuclock

# Capability word 0 is CPUID(1).EDX | CPUID(1).ECX << 32; word 1 is CPUID(7).EBX | CPUID(7).ECX << 32.
_AVX, _AESNI, _MOVBE, _SSSE3, _PCLMUL = 1 << 60, 1 << 57, 1 << 54, 1 << 41, 1 << 33
_ALL_LEAF7 = "~0xffffffffffffffff"


@dataclass(frozen=True)
class FeatureSet:
    name: str
    ia32cap: str | None  # None leaves OpenSSL's own CPU detection alone
    meaning: str
    modes: tuple[str, ...] = ("gcm", "cbc")  # what it is measured on: a mask that cannot change a mode skips it


FEATURE_SETS = {
    f.name: f
    for f in (
        FeatureSet("all", None, "every CPU feature OpenSSL detects"),
        FeatureSet("aesni", f"~{_AVX:#x}:{_ALL_LEAF7}",
                   "AES-NI + PCLMULQDQ with SSE only (AVX and CPUID leaf-7 features such as AVX2, AVX-512, "
                   "VAES, VPCLMULQDQ masked)"),
        FeatureSet("table", f"~{_AVX | _AESNI | _SSSE3 | _PCLMUL:#x}:{_ALL_LEAF7}",
                   "no AES-NI, PCLMULQDQ, SSSE3 or AVX: table-based AES and 4-bit-table GHASH"),
        FeatureSet("no-movbe", f"~{_MOVBE:#x}",
                   "every CPU feature but MOVBE: OpenSSL's AVX GHASH and AES-GCM, selected only with AVX and MOVBE "
                   "both, give way to its PCLMULQDQ GHASH and AES-NI counter mode; all else as with every feature",
                   modes=("gcm",)),
    )
}
DEFAULT_FEATURE_SETS = ("all", "aesni", "table", "no-movbe")

GCM_BYTES = (64, 512, 16384)
CBC_BYTES = (1024, 4096)


@dataclass(frozen=True)
class HostInfo:
    cpu_model: str
    cpu_flags: tuple[str, ...]
    nominal_mhz: float  # what the operating system says; NaN when it says nothing
    nominal_source: str
    machine: str
    openssl: str


def _cpuinfo() -> dict[str, str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return {}
    first = text.split("\n\n")[0]
    return {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in first.splitlines()) if v}


def _nominal(info: dict[str, str]) -> tuple[float, str]:
    """The clock the operating system states, and where it came from (a nominal figure: turbo is not in it)."""
    base = Path("/sys/devices/system/cpu/cpu0/cpufreq/base_frequency")
    if base.is_file():
        return int(base.read_text()) / 1000.0, f"{base} (nominal base clock)"
    if "cpu MHz" in info:
        return float(info["cpu MHz"]), "/proc/cpuinfo 'cpu MHz' of CPU 0 (in a VM, the host's nominal clock)"
    return math.nan, "none (no /proc/cpuinfo 'cpu MHz')"


def host_info(work: Path) -> HostInfo:
    info = _cpuinfo()
    mhz, source = _nominal(info)
    run("openssl", ["version"], cwd=work, log=work / "openssl_version.log", timeout=60, what="openssl version")
    return HostInfo(
        cpu_model=info.get("model name", platform.processor() or "unknown"),
        cpu_flags=tuple(sorted(info.get("flags", "").split())),
        nominal_mhz=mhz, nominal_source=source, machine=platform.machine(),
        openssl=(work / "openssl_version.log").read_text().strip(),
    )


def _speed(cipher: str, nbytes: int, features: FeatureSet, seconds: int, log: Path) -> float:
    """Bytes per second of user CPU time of one `openssl speed` run (its machine-readable output)."""
    env = {k: v for k, v in os.environ.items() if k != "OPENSSL_ia32cap"}
    if features.ia32cap is not None:
        env["OPENSSL_ia32cap"] = features.ia32cap
    aead = ["-aead"] if cipher.endswith("gcm") else []
    argv = ["speed", "-mr", "-seconds", str(seconds), *aead, "-evp", cipher, "-bytes", str(nbytes)]
    run("openssl", argv, cwd=log.parent, log=log, timeout=60 + 10 * seconds, env=env, what=f"openssl speed {cipher}")
    match = re.search(r"^\+F:\d+:[^:]+:([0-9.]+)", log.read_text(), re.M)
    if not match:
        raise CryptoppaError(f"openssl speed printed no result line; see {log}")
    return float(match.group(1))


@dataclass(frozen=True)
class Clock:
    """How cycles are counted: the clock measured around the runs, else one given or the nominal one."""
    mhz: float  # cycles per byte are counted at it
    basis: str  # "measured", "given" or "nominal"
    why_not_measured: str = ""
    aes_round_cycles: float | None = None  # AESENC's latency, measured beside the clock


@dataclass
class _Runs:
    rates: list[float]
    clocks: list[float]  # measured before and after every run (MHz)
    loads: list[float]


def measure(out: Path, *, feature_sets=DEFAULT_FEATURE_SETS, key_bits: int = 128, gcm_bytes=GCM_BYTES,
            cbc_bytes=CBC_BYTES, seconds: int = 3, repeats: int = 3, cpu_mhz: float | None = None,
            progress=None) -> pd.DataFrame:
    """Measure every (feature set, mode, size) `repeats` times in turns; write host_baseline.parquet/.csv and
    host.json under out."""
    require("openssl")
    unknown = [f for f in feature_sets if f not in FEATURE_SETS]
    if unknown:
        raise InputError(f"unknown feature set {unknown[0]!r}; expected one of {', '.join(FEATURE_SETS)}")
    if key_bits not in (128, 192, 256):
        raise InputError(f"key size must be 128, 192 or 256 bits, got {key_bits}")
    out.mkdir(parents=True, exist_ok=True)
    logs = out / "logs"
    logs.mkdir(exist_ok=True)
    info = host_info(logs)
    if info.machine not in ("x86_64", "AMD64", "i686") and tuple(feature_sets) != ("all",):
        # The capability masks mean nothing off x86; measuring them would repeat "all" under false names.
        feature_sets = ("all",)
    jobs = [(f, f"aes-{key_bits}-{mode}", n) for mode, sizes in (("gcm", gcm_bytes), ("cbc", cbc_bytes))
            for f in feature_sets if mode in FEATURE_SETS[f].modes for n in sizes]
    runs = {job: _Runs([], [], []) for job in jobs}
    with cpuclock.pinned():  # openssl runs on the CPU whose clock is measured
        try:
            counter, why_not = cpuclock.Counter(info.cpu_flags), ""
        except cpuclock.Unmeasured as err:
            counter, why_not = None, str(err)
        try:
            for repeat in range(repeats):
                for fname, cipher, nbytes in jobs:
                    r = runs[(fname, cipher, nbytes)]
                    r.loads.append(os.getloadavg()[0])  # other work on the machine when the run started
                    r.clocks += [counter.mhz()] if counter else []
                    log = logs / f"speed-{cipher}-{nbytes}-{fname}-{repeat + 1}.log"
                    r.rates.append(_speed(cipher, nbytes, FEATURE_SETS[fname], seconds, log))
                    r.clocks += [counter.mhz()] if counter else []
                    if progress:
                        progress(len(jobs) * repeats, f"{cipher} {nbytes} B [{fname}] run {repeat + 1}")
            aes_round = counter.aes_round_cycles() if counter else None
        finally:
            if counter:
                counter.close()
    measured = [c for r in runs.values() for c in r.clocks]
    clock = (Clock(cpu_mhz, "given", why_not, aes_round) if cpu_mhz else
             Clock(statistics.median(measured), "measured", "", aes_round) if measured else
             Clock(info.nominal_mhz, "nominal", why_not))
    if not clock.mhz > 0:
        raise CryptoppaError(f"cannot tell the CPU clock (not measured: {why_not}; the OS states none); pass --cpu-mhz")
    frame = pd.DataFrame([_row(job, runs[job], info, clock, key_bits, seconds) for job in jobs])
    checks = mask_checks(frame, info)
    (out / "host.json").write_text(json.dumps({
        "host": {**asdict(info), "cpu_flags": list(info.cpu_flags)},
        "clock": {**asdict(clock), "method": cpuclock.__doc__.split("\n\n")[1].replace("\n", " "),
                  "measured_mhz_low": min(measured, default=None), "measured_mhz_high": max(measured, default=None),
                  "checks": clock_checks(frame, clock)},
        "feature_sets": {f: asdict(FEATURE_SETS[f]) for f in feature_sets},
        "mask_checks": checks,
        "gcm_timing": "openssl speed -aead: per message a fresh IV, 13 bytes AAD, encrypt, tag",
        "rate": f"openssl speed -mr: bytes over the process's user CPU time; the median of {repeats} runs of "
                f"{seconds} s, taken in turns",
    }, indent=2) + "\n")
    frame.to_parquet(out / "host_baseline.parquet", index=False)
    frame.to_csv(out / "host_baseline.csv", index=False)
    return frame


def _row(job: tuple[str, str, int], runs: _Runs, info: HostInfo, clock: Clock, key_bits: int, seconds: int) -> dict:
    fname, cipher, nbytes = job
    rate = statistics.median(runs.rates)
    mhz = statistics.median(runs.clocks) if clock.basis == "measured" else clock.mhz  # the clock of this row's runs
    return {
        "option": f"host:{fname}", "feature_set": fname, "ia32cap": FEATURE_SETS[fname].ia32cap or "",
        "alg": cipher, "key_bits": key_bits, "bytes": nbytes, "bytes_per_s": rate,
        "ns_per_byte": 1e9 / rate, "ns_per_byte_low": 1e9 / max(runs.rates), "ns_per_byte_high": 1e9 / min(runs.rates),
        THROUGHPUT: rate * 8 / 1e9, CYCLES_PER_BYTE: mhz * 1e6 / rate, "cpu_mhz": mhz, "clock_basis": clock.basis,
        "cpu_mhz_measured_low": min(runs.clocks, default=math.nan),
        "cpu_mhz_measured_high": max(runs.clocks, default=math.nan),
        "cpu_mhz_nominal": info.nominal_mhz, "cpu_model": info.cpu_model, "openssl": info.openssl,
        "seconds": seconds, "repeats": len(runs.rates), "load_average_1min": max(runs.loads), "cpus": os.cpu_count(),
    }


def mask_checks(frame: pd.DataFrame, info: HostInfo) -> dict[str, str]:
    """Did each mask change the speed the way it should (at the largest GCM size measured)? And why is every feature
    slower than AES-NI only on a short message, if it is (short_gcm)?"""
    gcm = frame[frame.alg.str.endswith("gcm")]
    if gcm.empty:
        return {}
    largest = gcm[gcm.bytes == gcm.bytes.max()].set_index("feature_set").bytes_per_s
    checks = {}
    if "table" in largest and "aes" in info.cpu_flags:
        faster = largest.drop("table").max() if len(largest) > 1 else None
        if faster is not None:
            ratio = faster / largest["table"]
            checks["table"] = (f"ok: {ratio:.1f}x slower than with AES-NI" if ratio > 2
                               else f"SUSPECT: only {ratio:.2f}x slower than with AES-NI; the mask may not have taken")
    if "aesni" in largest and "all" in largest:
        ratio = largest["all"] / largest["aesni"]
        checks["aesni"] = f"all features / AES-NI only = {ratio:.2f}x at {gcm.bytes.max()} B"
    measured = set(frame.feature_set)
    for name, flag in (("aesni", "avx"), ("no-movbe", "movbe")):  # a mask of what the CPU lacks changes nothing
        if name in measured and flag not in info.cpu_flags:
            checks[name] = f"this CPU has no {flag.upper()}: the {name} mask is the same as all"
    short = short_gcm(frame)
    if short is not None:
        checks["short_gcm"] = short.text
    return checks


@dataclass(frozen=True)
class ShortGcm:
    """Every feature against AES-NI only on one short GCM message, and what masking MOVBE alone does to it."""
    nbytes: int
    repeats: int
    all_over_aesni: float  # ns per byte, medians
    all_over_no_movbe: float  # NaN without no-movbe rows
    verdict: str  # "within spread" | "faster" | "avx-movbe code" | "unexplained"
    fastest_long: bool  # every feature is the fastest on the longest GCM message measured (median ns per byte)

    @property
    def text(self) -> str:
        spread = f"the fastest to slowest of {self.repeats} runs each"
        head = f"{self.nbytes} B GCM: every feature / AES-NI only = {self.all_over_aesni:.3f}x ns per byte"
        return head + {
            "within spread": f", within {spread}: no difference shown",
            "faster": f", faster beyond {spread}",
            "avx-movbe code": f", slower beyond {spread}; every feature / every feature but MOVBE = "
                              f"{self.all_over_no_movbe:.3f}x, also beyond it: the cost is in OpenSSL's AVX GHASH "
                              "and AES-GCM, which it selects only with AVX and MOVBE both"
                              + (", the fastest on the longest message" if self.fastest_long else ""),
            "unexplained": f", slower beyond {spread}; masking MOVBE alone does not remove it",
        }[self.verdict]


def _apart(rows: pd.DataFrame, slow: str, fast: str) -> bool:
    """The slowest run of `fast` is faster than the fastest run of `slow` (ns per byte)."""
    return rows.loc[slow, "ns_per_byte_low"] > rows.loc[fast, "ns_per_byte_high"]


def short_gcm(frame: pd.DataFrame, nbytes: int = 64) -> ShortGcm | None:
    """Is every feature slower than AES-NI only on nbytes-long GCM messages beyond the runs' spread, and does the
    no-movbe mask account for it? None without both rows (or without their spread: a table measured before it)."""
    if not {"feature_set", "ns_per_byte_low", "ns_per_byte_high", "repeats"} <= set(frame.columns):
        return None
    rows = frame[frame.alg.str.endswith("gcm") & (frame.bytes == nbytes)].set_index("feature_set")
    if not {"all", "aesni"} <= set(rows.index):
        return None
    ns = rows["ns_per_byte"]
    over_no_movbe = ns["all"] / ns["no-movbe"] if "no-movbe" in ns else math.nan
    if _apart(rows, "aesni", "all"):
        verdict = "faster"
    elif not _apart(rows, "all", "aesni"):
        verdict = "within spread"
    elif "no-movbe" in ns and _apart(rows, "all", "no-movbe"):
        verdict = "avx-movbe code"
    else:
        verdict = "unexplained"
    gcm = frame[frame.alg.str.endswith("gcm")]
    longest = gcm[gcm.bytes == gcm.bytes.max()].set_index("feature_set")["ns_per_byte"]
    return ShortGcm(nbytes, int(rows.loc["all", "repeats"]), ns["all"] / ns["aesni"], over_no_movbe, verdict,
                    bool(longest.get("all", math.inf) <= longest.min()))


AES_ROUNDS = {128: 10, 192: 12, 256: 14}


def clock_checks(frame: pd.DataFrame, clock: Clock) -> dict[str, str]:
    """Is the clock the one the CPU ran at? CBC encryption runs a block's AES rounds one after another, so a block
    takes at least rounds x AESENC's latency cycles (measured beside the clock); at a clock below the real one the
    cycles come out fewer than that floor."""
    cbc = frame[frame.alg.str.endswith("cbc") & frame.feature_set.isin(("all", "aesni"))]
    if cbc.empty or clock.aes_round_cycles is None:
        return {}
    fastest = cbc.loc[cbc["ns_per_byte"].idxmin()]
    rounds = AES_ROUNDS[int(fastest["key_bits"])]
    floor = rounds * clock.aes_round_cycles
    at = {f"the {name} {mhz:,.0f} MHz": fastest["ns_per_byte"] * 16 * mhz / 1e3 for name, mhz in
          ((clock.basis, fastest["cpu_mhz"]), ("nominal", fastest["cpu_mhz_nominal"])) if mhz == mhz}
    text = "; ".join(f"{cycles:.1f} cycles per 16-byte block at {name}" for name, cycles in at.items())
    # 3 %: the latency's own measurement (two chains timed one after the other) moves by about that much
    verdict = ("consistent" if next(iter(at.values())) >= floor * 0.97 else
               f"BELOW THE FLOOR: the {clock.basis} clock is lower than the one the CPU ran at")
    return {"cbc_floor": f"AES-NI CBC, {fastest['bytes']} B pages: {text}; the floor is {rounds} rounds x "
                         f"{clock.aes_round_cycles:.2f} cycles (AESENC latency) = {floor:.1f}: {verdict}"}
