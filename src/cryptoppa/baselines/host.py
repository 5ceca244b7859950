"""AES-GCM and AES-CBC on the host CPU, measured with `openssl speed`, in cycles per byte.

Three instruction-set levels are measured by masking OpenSSL's CPU capability vector (OPENSSL_ia32cap): every
feature it detects, AES-NI + PCLMULQDQ alone (no AVX, no leaf-7 features such as VAES/VPCLMULQDQ), and none of
them (OpenSSL then falls back to table-based AES and 4-bit-table GHASH). A mask is only trusted when the speed
changes the way it should; the check is recorded with the results.

GCM is timed with `-aead`: every message gets a fresh IV, 13 bytes of AAD and a tag, the closest OpenSSL comes to
one memory line per message. CBC is timed per page (1 KB, 4 KB).
"""

from __future__ import annotations

import json
import os
import platform
import re
from dataclasses import asdict, dataclass
from pathlib import Path

import pandas as pd

from ..catalog import CYCLES_PER_BYTE, THROUGHPUT
from ..errors import CryptoppaError, InputError
from ..tools import require, run

# Capability word 0 is CPUID(1).EDX | CPUID(1).ECX << 32; word 1 is CPUID(7).EBX | CPUID(7).ECX << 32.
_AVX, _AESNI, _SSSE3, _PCLMUL = 1 << 60, 1 << 57, 1 << 41, 1 << 33
_ALL_LEAF7 = "~0xffffffffffffffff"


@dataclass(frozen=True)
class FeatureSet:
    name: str
    ia32cap: str | None  # None leaves OpenSSL's own CPU detection alone
    meaning: str


FEATURE_SETS = {
    f.name: f
    for f in (
        FeatureSet("all", None, "every CPU feature OpenSSL detects"),
        FeatureSet("aesni", f"~{_AVX:#x}:{_ALL_LEAF7}",
                   "AES-NI + PCLMULQDQ with SSE only (AVX and CPUID leaf-7 features such as AVX2, AVX-512, "
                   "VAES, VPCLMULQDQ masked)"),
        FeatureSet("table", f"~{_AVX | _AESNI | _SSSE3 | _PCLMUL:#x}:{_ALL_LEAF7}",
                   "no AES-NI, PCLMULQDQ, SSSE3 or AVX: table-based AES and 4-bit-table GHASH"),
    )
}

GCM_BYTES = (64, 512, 16384)
CBC_BYTES = (1024, 4096)


@dataclass(frozen=True)
class HostInfo:
    cpu_model: str
    cpu_flags: tuple[str, ...]
    cpu_mhz: float
    cpu_mhz_source: str
    machine: str
    openssl: str


def _cpuinfo() -> dict[str, str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return {}
    first = text.split("\n\n")[0]
    return {k.strip(): v.strip() for k, _, v in (ln.partition(":") for ln in first.splitlines()) if v}


def _frequency(cpu_mhz: float | None, info: dict[str, str]) -> tuple[float, str]:
    """The clock used to turn bytes/s into cycles/byte, and how it was obtained (turbo is never accounted)."""
    if cpu_mhz:
        return cpu_mhz, "given on the command line"
    base = Path("/sys/devices/system/cpu/cpu0/cpufreq/base_frequency")
    if base.is_file():
        return int(base.read_text()) / 1000.0, f"{base} (nominal base clock)"
    if "cpu MHz" in info:
        return float(info["cpu MHz"]), "/proc/cpuinfo 'cpu MHz' of CPU 0 (what the kernel reports; in a VM the host's nominal clock)"
    raise CryptoppaError("cannot tell the CPU clock (no /proc/cpuinfo 'cpu MHz'); pass --cpu-mhz")


def host_info(cpu_mhz: float | None, work: Path) -> HostInfo:
    info = _cpuinfo()
    mhz, source = _frequency(cpu_mhz, info)
    run("openssl", ["version"], cwd=work, log=work / "openssl_version.log", timeout=60, what="openssl version")
    return HostInfo(
        cpu_model=info.get("model name", platform.processor() or "unknown"),
        cpu_flags=tuple(sorted(info.get("flags", "").split())),
        cpu_mhz=mhz, cpu_mhz_source=source, machine=platform.machine(),
        openssl=(work / "openssl_version.log").read_text().strip(),
    )


def _speed(cipher: str, nbytes: int, features: FeatureSet, seconds: int, work: Path) -> float:
    """Bytes per second of one `openssl speed` run (machine-readable output, wall-clock divisor)."""
    env = {k: v for k, v in os.environ.items() if k != "OPENSSL_ia32cap"}
    if features.ia32cap is not None:
        env["OPENSSL_ia32cap"] = features.ia32cap
    aead = ["-aead"] if cipher.endswith("gcm") else []
    log = work / f"speed-{cipher}-{nbytes}-{features.name}.log"
    argv = ["speed", "-mr", "-elapsed", "-seconds", str(seconds), *aead, "-evp", cipher, "-bytes", str(nbytes)]
    run("openssl", argv, cwd=work, log=log, timeout=60 + 10 * seconds, env=env, what=f"openssl speed {cipher}")
    match = re.search(r"^\+F:\d+:[^:]+:([0-9.]+)", log.read_text(), re.M)
    if not match:
        raise CryptoppaError(f"openssl speed printed no result line; see {log}")
    return float(match.group(1))


def measure(out: Path, *, feature_sets=tuple(FEATURE_SETS), key_bits: int = 128, gcm_bytes=GCM_BYTES,
            cbc_bytes=CBC_BYTES, seconds: int = 3, cpu_mhz: float | None = None, progress=None) -> pd.DataFrame:
    """Measure every (feature set, mode, size); write host_baseline.parquet/.csv and host.json under out."""
    require("openssl")
    unknown = [f for f in feature_sets if f not in FEATURE_SETS]
    if unknown:
        raise InputError(f"unknown feature set {unknown[0]!r}; expected one of {', '.join(FEATURE_SETS)}")
    if key_bits not in (128, 192, 256):
        raise InputError(f"key size must be 128, 192 or 256 bits, got {key_bits}")
    out.mkdir(parents=True, exist_ok=True)
    logs = out / "logs"
    logs.mkdir(exist_ok=True)
    info = host_info(cpu_mhz, logs)
    x86 = info.machine in ("x86_64", "AMD64", "i686")
    if not x86 and feature_sets != ("all",):
        # The capability masks mean nothing off x86; measuring them would repeat "all" under false names.
        feature_sets = ("all",)
    jobs = [(f, f"aes-{key_bits}-gcm", n) for f in feature_sets for n in gcm_bytes]
    jobs += [(f, f"aes-{key_bits}-cbc", n) for f in feature_sets for n in cbc_bytes]
    rows = []
    for fname, cipher, nbytes in jobs:
        features = FEATURE_SETS[fname]
        load = os.getloadavg()[0]  # other work on the machine when the run started: a busy machine reads slower
        rate = _speed(cipher, nbytes, features, seconds, logs)
        rows.append({
            "option": f"host:{fname}", "feature_set": fname, "ia32cap": features.ia32cap or "",
            "alg": cipher, "key_bits": key_bits, "bytes": nbytes, "bytes_per_s": rate,
            THROUGHPUT: rate * 8 / 1e9, CYCLES_PER_BYTE: info.cpu_mhz * 1e6 / rate,
            "cpu_model": info.cpu_model, "cpu_mhz": info.cpu_mhz, "openssl": info.openssl, "seconds": seconds,
            "load_average_1min": load, "cpus": os.cpu_count(),
        })
        if progress:
            progress(len(jobs), f"{cipher} {nbytes} B [{fname}]")
    frame = pd.DataFrame(rows)
    checks = mask_checks(frame, info)
    (out / "host.json").write_text(json.dumps({
        "host": {**asdict(info), "cpu_flags": list(info.cpu_flags)},
        "feature_sets": {f: asdict(FEATURE_SETS[f]) for f in feature_sets},
        "mask_checks": checks,
        "gcm_timing": "openssl speed -aead: per message a fresh IV, 13 bytes AAD, encrypt, tag",
    }, indent=2) + "\n")
    frame.to_parquet(out / "host_baseline.parquet", index=False)
    frame.to_csv(out / "host_baseline.csv", index=False)
    return frame


def mask_checks(frame: pd.DataFrame, info: HostInfo) -> dict[str, str]:
    """Did each mask change the speed the way it should? Uses the largest GCM size measured."""
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
        checks["aesni"] = f"all features / AES-NI only = {ratio:.2f}x"
    return checks

