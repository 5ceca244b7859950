"""DRAMsim3 (Li et al., "DRAMsim3: a Cycle-accurate, Thermal-Capable DRAM Simulator", IEEE CAL 2020) as a library:
the Rust crate `dramsim3` (crates.io, 0.2.2, which carries DRAMsim3's C++ sources and configurations) built with
our C ABI over it (native/dramsim3, cdylib) by `build()`, which the bootstrap runs; loaded with ctypes.

`replay` times a request stream: each request reaches the controller at a time in ns and completes when DRAMsim3
says, with its queues, bank and bus contention, refresh and row-buffer state. The slowdown's fast per-bank model
(cryptoppa.slowdown.backend.BankedDram) is compared with it on the memory presets both have (CONFIGS).
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import math
import os
import shutil
import tempfile
from functools import cache
from pathlib import Path

import numpy as np

from .. import settings, tools
from ..errors import InputError, MissingToolError, ToolError
from ..paths import ROOT

CRATE = ROOT / "native" / "dramsim3"
# memory preset -> the DRAMsim3 configuration of the same speed bin and channel width
CONFIGS = {"ddr4-3200": "DDR4_8Gb_x8_3200.ini", "desktop-25.6": "DDR3_8Gb_x8_1600.ini"}
_LIBRARY = "libcryptoppa_dramsim3.so"
_BUILD_TIMEOUT_S = 3600


def home() -> Path:
    return settings.current().home / "dramsim3"


def _source_hash() -> str:
    h = hashlib.sha256()
    for f in ("Cargo.toml", "Cargo.lock", "src/lib.rs"):
        h.update((CRATE / f).read_bytes())
    return h.hexdigest()[:16]


def installed() -> Path | None:
    """The built library's folder when it is current (its stamp matches our sources), else None."""
    where = home()
    stamp = where / "stamp"
    if (where / _LIBRARY).is_file() and (where / "configs").is_dir() and stamp.is_file() \
            and stamp.read_text().strip() == _source_hash():
        return where
    return None


def build(echo=print) -> Path:
    """Builds the library and copies DRAMsim3's configurations into $CRYPTOPPA_HOME/dramsim3 (a no-op when current)."""
    done = installed()
    if done:
        return done
    where = home()
    where.mkdir(parents=True, exist_ok=True)
    echo(f"dramsim3: building the dramsim3 crate and our C ABI with cargo into {where} (minutes)")
    target = where / "target"
    manifest = CRATE / "Cargo.toml"
    tools.run("cargo", ["build", "--release", "--locked", "--manifest-path", manifest, "--target-dir", target],
              cwd=CRATE, log=where / "build.log", timeout=_BUILD_TIMEOUT_S, what="cargo build (dramsim3)")
    meta = json.loads(tools.output("cargo", ["metadata", "--format-version", "1", "--locked", "--manifest-path",
                                             str(manifest)], timeout=600, what="cargo metadata (dramsim3)"))
    crate = next((Path(p["manifest_path"]).parent for p in meta["packages"] if p["name"] == "dramsim3"), None)
    if crate is None or not (crate / "DRAMsim3" / "configs").is_dir():
        raise ToolError("cargo metadata names no dramsim3 package with DRAMsim3/configs", str(where / "build.log"))
    # a new file renamed over the old one: a process that loaded the old library keeps its (unlinked) copy
    shutil.copy2(target / "release" / _LIBRARY, where / f"{_LIBRARY}.new")
    os.replace(where / f"{_LIBRARY}.new", where / _LIBRARY)
    shutil.rmtree(where / "configs", ignore_errors=True)
    shutil.copytree(crate / "DRAMsim3" / "configs", where / "configs")
    (where / "stamp").write_text(_source_hash() + "\n")
    return where


@cache
def _library() -> ctypes.CDLL:
    where = installed()
    if where is None:
        raise MissingToolError("DRAMsim3 is not built; run `bash scripts/bootstrap.sh` (or "
                               "`python -m cryptoppa.memsys.dramsim3`), which builds it with cargo")
    lib = ctypes.CDLL(str(where / _LIBRARY))
    lib.cpd_new.restype = ctypes.c_void_p
    lib.cpd_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.cpd_free.argtypes = [ctypes.c_void_p]
    lib.cpd_tck.restype = ctypes.c_double
    lib.cpd_tck.argtypes = [ctypes.c_void_p]
    lib.cpd_request_bytes.restype = ctypes.c_uint64
    lib.cpd_request_bytes.argtypes = [ctypes.c_void_p]
    u64p = ctypes.POINTER(ctypes.c_uint64)
    lib.cpd_replay.restype = ctypes.c_uint64
    lib.cpd_replay.argtypes = [ctypes.c_void_p, ctypes.c_uint64, u64p, ctypes.POINTER(ctypes.c_uint8), u64p, u64p,
                               ctypes.c_uint64]
    return lib


def config_for(preset: str) -> str:
    if preset not in CONFIGS:
        raise InputError(f"memory preset {preset!r}: DRAMsim3 has no configuration for it here; it times "
                         f"{', '.join(CONFIGS)}")
    return CONFIGS[preset]


def replay(config: str, addresses: np.ndarray, writes: np.ndarray, arrive_ns: np.ndarray,
           accept_limit_ns: float = 1e6) -> tuple[np.ndarray, float]:
    """Completion times (ns) of the requests, and the DRAM clock period (ns). `arrive_ns` must not decrease."""
    lib = _library()
    path = installed() / "configs" / config
    if not path.is_file():
        raise InputError(f"DRAMsim3 configuration {config!r} not found in {path.parent}")
    arrive_ns = np.asarray(arrive_ns, dtype=np.float64)
    if len(arrive_ns) and np.any(np.diff(arrive_ns) < 0):
        raise InputError("DRAMsim3 replay: arrival times must not decrease")
    with tempfile.TemporaryDirectory(prefix="dramsim3-") as out:
        sim = lib.cpd_new(str(path).encode(), out.encode())
        if not sim:
            raise ToolError(f"DRAMsim3 could not load {config}", str(path))
        try:
            tck = lib.cpd_tck(sim)
            n = len(arrive_ns)
            addr = np.ascontiguousarray(addresses, dtype=np.uint64)
            write = np.ascontiguousarray(writes, dtype=np.uint8)
            arrive = np.ascontiguousarray(np.ceil(arrive_ns / tck - 1e-9), dtype=np.uint64)
            done = np.zeros(n, dtype=np.uint64)
            u64p = ctypes.POINTER(ctypes.c_uint64)
            last = lib.cpd_replay(sim, n, addr.ctypes.data_as(u64p), write.ctypes.data_as(ctypes.POINTER(ctypes.c_uint8)),
                                  arrive.ctypes.data_as(u64p), done.ctypes.data_as(u64p),
                                  int(math.ceil(accept_limit_ns / tck)))
        finally:
            lib.cpd_free(sim)
    if last == 2**64 - 1:
        raise ToolError(f"DRAMsim3 ({config}) accepted no request for {accept_limit_ns:g} ns", config)
    return done.astype(np.float64) * tck, tck


if __name__ == "__main__":
    try:
        print(build())
    except (MissingToolError, ToolError) as err:
        raise SystemExit(f"dramsim3: {err}") from None
