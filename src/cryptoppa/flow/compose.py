"""Composed characterization of an N-engine array: the engine once, the dispatcher for N once, the array from both.

Flat synthesis of N engines costs N times the engine's synthesis; here the engine is an ordinary cached flow
point (the same key as its single-engine run, so every N reuses it) and the dispatcher
(designs/array/array_dispatch.v, all of the array's own logic) is a cached flow point of its own.

* Area, cells, flip-flops and vectorless power are the sums N x engine + dispatcher, each characterized alone
  with the point's input activity on all of its inputs. For power this matches flat synthesis within about
  1 % at small N (bench/README.md); OpenSTA on the linked netlist instead propagates the dispatcher's activity
  into each engine's handshake inputs, which makes the same engines 12 % cheaper than flat synthesis does at
  N = 2: vectorless propagation depends on how the logic happens to be structured (issue 7's reason for
  simulated activity), and the sum of parts at least gives every N the same per-engine power.
* Timing, N <= HIER_MAX_N: OpenSTA runs on the hierarchical netlist (a generated structural top instantiating
  the two cached netlists), with the flow's own sta.tcl, so it includes the dispatcher<->engine paths.
* Timing, N > HIER_MAX_N (linking 1024 engines is gigabytes of STA data): worst setup slack = min(engine
  alone, linked(H) + dispatcher(N) - dispatcher(H)) with H = HIER_MAX_N: what grows with N on the interface
  paths is the dispatcher's logic; the shared-input fan-out is assumed buffered by a tree (log depth), as
  synthesis does.
* Dispatcher (a binary tree of identical nodes, synthesized with its hierarchy kept so the node is mapped once):
  synthesized and timed at N up to DISPATCH_RUN_MAX_N. Beyond (OpenSTA alone takes minutes on its 10^5-10^6
  cells), it is fitted over its runs at the powers of two from DISPATCH_FIT_MIN_N to DISPATCH_RUN_MAX_N: cells,
  area and power as straight lines in the number of nodes (N - 1), worst setup slack as a straight line in the
  tree depth ceil(log2 N), flip-flops exactly 3 (N - 1). bench/sweep_scaling.py checks the fit at N = 256.
* Throughput: cycles per line = max(engine's simulated cycles per line / N, 1), because the dispatcher
  accepts at most one line per cycle; latency is the engine's (the dispatcher is combinational both ways).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import math
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..arrays import DISPATCH_RTL, DISPATCH_TOP, array_top, check_array_size, dispatcher_flops
from ..designs import Design
from ..errors import CryptoppaError
from ..feasibility.throughput import hardware_throughput
from ..pdk import PdkDescriptor
from . import metrics
from .execute import execute, is_complete, run_sta, seal
from .plan import FlowPoint, design_point, make_plan

DISPATCH_RUN_MAX_N = 128  # largest dispatcher run through OpenSTA; larger ones are fitted (module doc)
DISPATCH_FIT_MIN_N = 16
HIER_MAX_N = 16  # largest array linked for OpenSTA; STA time grows linearly (about 1.4 s per gcm_iter engine)
STA_TIMEOUT_S = 1800.0
_SYNTH_SUMS = ("synth__design__instance__count", "synth__design__instance__count__sequential",
               "synth__design__instance__area__stdcell", "synth__design__instance__area__sequential")
_POWER = ("power__internal__total", "power__switching__total", "power__leakage__total", "power__total")


@dataclass(frozen=True)
class ArrayPoint:
    """N copies of an engine at one parameter set, PDK corner, clock and input activity."""

    engine: Design
    n: int
    params: tuple[tuple[str, int], ...]
    pdk: str
    corner: str
    clock_mhz: float
    activity: float = 0.1

    def __post_init__(self):
        check_array_size(self.engine, self.n, flat=False)


@dataclass(frozen=True)
class Composed:
    metrics: dict[str, metrics.Metric]
    method: str  # "linked" (OpenSTA on the hierarchical netlist) or "extrapolated"
    sources: tuple[Path, ...]  # run directories the numbers come from
    built: bool  # False when every piece came from the cache


def engine_point(ap: ArrayPoint) -> FlowPoint:
    """The engine's own flow point: identical to `cryptoppa run --design ENGINE` at the same settings."""
    return design_point(ap.engine, pdk=ap.pdk, corner=ap.corner, clock_mhz=ap.clock_mhz, params=dict(ap.params),
                        activity=ap.activity)


def dispatcher_point(ap: ArrayPoint, n: int) -> FlowPoint:
    p = dict(ap.params)
    return FlowPoint(rtl=(DISPATCH_RTL,), top=DISPATCH_TOP, pdk=ap.pdk, corner=ap.corner, clock_mhz=ap.clock_mhz,
                     params=(("ID_BITS", p["ID_BITS"]), ("LINE_BYTES", p["LINE_BYTES"]), ("N", n)),
                     clock_port=ap.engine.clock or "clk", input_activity=ap.activity, design=DISPATCH_TOP,
                     flatten=False)


@contextlib.contextmanager
def _exclusive(cache: Path, name: str):
    """One process builds a cache entry; the others wait and then find it complete (no duplicated synthesis
    when parallel sweep points share the engine)."""
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / f".{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def cached_run(point: FlowPoint, desc: PdkDescriptor, cache: Path, force: bool = False) -> tuple[Path, bool]:
    """The run directory of a flow point, executing it unless a complete copy is cached; (dir, was_cached)."""
    plan = make_plan(point, desc)
    with _exclusive(cache, plan.name):
        run_dir = cache / plan.name
        if not force and is_complete(run_dir):
            return run_dir, True
        return execute(plan, cache), False


# Engine-interface ports (designs/README.md) and the dispatcher's; widths from the array's parameters.
def _engine_ports(p: dict[str, int]) -> list[tuple[str, str, int]]:
    lw, kb, ib = 8 * p["LINE_BYTES"], p["KEY_BITS"], p["ID_BITS"]
    return [("clk", "input", 1), ("rst", "input", 1), ("key_valid", "input", 1), ("key_ready", "output", 1),
            ("key", "input", kb), ("in_valid", "input", 1), ("in_ready", "output", 1), ("in_decrypt", "input", 1),
            ("in_iv", "input", 96), ("in_aad", "input", 128), ("in_data", "input", lw), ("in_tag", "input", 128),
            ("in_id", "input", ib), ("out_valid", "output", 1), ("out_ready", "input", 1),
            ("out_data", "output", lw), ("out_tag", "output", 128), ("out_auth_fail", "output", 1),
            ("out_id", "output", ib)]


# Engine port -> (dispatcher-side bus, its width per engine); the other engine ports are the array's own.
_TO_DISPATCH = {"key_valid": "e_key_valid", "key_ready": "e_key_ready", "in_valid": "e_in_valid",
                "in_ready": "e_in_ready", "out_valid": "e_out_valid", "out_ready": "e_out_ready",
                "out_data": "e_out_data", "out_tag": "e_out_tag", "out_auth_fail": "e_out_auth_fail",
                "out_id": "e_out_id"}
_DISPATCH_OUTER = ("clk", "rst", "key_valid", "key_ready", "in_valid", "in_ready", "out_valid", "out_ready",
                   "out_data", "out_tag", "out_auth_fail", "out_id")


def _conn(port: str, width: int, net: str, base: int | None = None) -> list[str]:
    """Named connections of `port` to `net` (bits base.. of it when base is given), for a netlist module whose
    multi-bit ports Yosys split into `\\name[i]` ports."""
    if base is None:
        return [f".{port}({net})"] if width == 1 else [f".\\{port}[{i}] ({net}[{i}])" for i in range(width)]
    return [f".{port}({net}[{base}])"] if width == 1 else [f".\\{port}[{i}] ({net}[{base + i}])" for i in range(width)]


def render_linked_top(engine: Design, n: int, params: dict[str, int]) -> str:
    """Structural Verilog of the array top over the two synthesized netlists (one module each)."""
    ports = _engine_ports(params)
    width = {name: w for name, _, w in ports}
    engine_top, top = engine.top, array_top(engine, n)
    lines = [f"// Generated by cryptoppa.flow.compose: {n} x {engine_top} linked to array_dispatch (netlists).",
             f"module {top}({', '.join(name for name, _, _ in ports)});"]
    lines += [f"  {d} {f'[{w - 1}:0] ' if w > 1 else ''}{name};" for name, d, w in ports]
    lines += [f"  wire [{n * width[e] - 1}:0] {bus};" for e, bus in _TO_DISPATCH.items()]
    disp = []
    for name in _DISPATCH_OUTER:
        disp += _conn(name, width[name], name)
    for e, bus in _TO_DISPATCH.items():
        disp += _conn(bus, n * width[e], bus, 0)
    lines.append(f"  {DISPATCH_TOP} u_dispatch ({', '.join(disp)});")
    for i in range(n):
        conns = []
        for name, _, w in ports:
            if name in _TO_DISPATCH:
                conns += _conn(name, w, _TO_DISPATCH[name], i * w)
            else:
                conns += _conn(name, w, name)
        lines.append(f"  {engine_top} u_eng_{i} ({', '.join(conns)});")
    lines.append("endmodule")
    return "\n".join(lines) + "\n"


def _linked_key(engine_dir: Path, disp_dir: Path, top_text: str) -> str:
    parts = {"engine": engine_dir.name, "dispatcher": disp_dir.name, "top": hashlib.sha256(top_text.encode()).hexdigest()}
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def linked_sta(ap: ArrayPoint, n: int, engine_dir: Path, disp_dir: Path, desc: PdkDescriptor, cache: Path,
               force: bool = False) -> tuple[Path, bool]:
    """OpenSTA (the flow's sta.tcl) on the hierarchical netlist of n engines + dispatcher; a cached run dir
    holding netlist.v (both modules and the top), the STA reports, run.json and metrics.json."""
    top_text = render_linked_top(ap.engine, n, dict(ap.params))
    name = f"{array_top(ap.engine, n)}-linked-{_linked_key(engine_dir, disp_dir, top_text)[:12]}"
    final = cache / name
    with _exclusive(cache, name):
        if not force and is_complete(final):
            return final, False
        work = cache / f".tmp-{name}-{os.getpid()}-{time.monotonic_ns()}"
        (work / "logs").mkdir(parents=True)
        (work / "reports").mkdir()
        netlist = work / "netlist.v"
        with open(netlist, "w") as out:
            for part in (engine_dir / "netlist.v", disp_dir / "netlist.v"):
                out.write(part.read_text())
            out.write(top_text)
        point = FlowPoint(rtl=(netlist,), top=array_top(ap.engine, n), pdk=ap.pdk, corner=ap.corner,
                          clock_mhz=ap.clock_mhz, clock_port=ap.engine.clock or "clk", input_activity=ap.activity)
        plan = make_plan(point, desc)
        (work / "sta.tcl").write_text(plan.scripts["sta.tcl"])
        try:
            seconds = run_sta(work, work / "logs" / "sta.log", STA_TIMEOUT_S, "OpenSTA (linked array)")
            result = metrics.sta_metrics(work, f"sta {plan.tools['sta']}", point.period_ns)
        except BaseException as err:
            shutil.rmtree(f"{final}.failed", ignore_errors=True)
            work.rename(f"{final}.failed")
            if isinstance(err, CryptoppaError):  # point the message at where the log now lives
                raise CryptoppaError(str(err).replace(str(work), f"{final}.failed")) from None
            raise
        result["flow__sta__runtime"] = metrics.Metric(round(seconds, 3), "s", "logs/sta.log", "cryptoppa")
        metrics.write(work, result)
        (work / "run.json").write_text(json.dumps({"name": name, "engine_run": str(engine_dir),
                                                   "dispatcher_run": str(disp_dir), "n": n,
                                                   "tools": plan.tools, "assumptions": plan.assumptions}, indent=2) + "\n")
        seal(work)
        shutil.rmtree(final, ignore_errors=True)
        work.rename(final)
        return final, True


def _value(m: dict[str, metrics.Metric], name: str):
    return m[name].value if name in m else None


def _derived(name: str, value, unit: str) -> metrics.Metric:
    return metrics.Metric(value, unit, "composed", "cryptoppa.flow.compose")


def dispatcher(ap: ArrayPoint, n: int, desc: PdkDescriptor, cache: Path, force: bool = False
               ) -> tuple[dict[str, metrics.Metric], list[Path], bool]:
    """The dispatcher's metrics for n engines, the run directories they come from and whether any was built:
    its own cached run up to DISPATCH_RUN_MAX_N, a fit over the runs from DISPATCH_FIT_MIN_N beyond."""
    if n <= DISPATCH_RUN_MAX_N:
        run_dir, was_cached = cached_run(dispatcher_point(ap, n), desc, cache, force)
        return metrics.read(run_dir), [run_dir], not was_cached
    sizes = [1 << k for k in range(DISPATCH_FIT_MIN_N.bit_length() - 1, DISPATCH_RUN_MAX_N.bit_length())]
    runs = [cached_run(dispatcher_point(ap, m), desc, cache, force) for m in sizes]
    fitted = [metrics.read(run_dir) for run_dir, _ in runs]
    out = {name: _fitted(name, [m - 1 for m in sizes], [f[name].value for f in fitted], n - 1, fitted[-1][name].unit)
           for name in (*_SYNTH_SUMS, *_POWER) if name != "synth__design__instance__count__sequential"}
    out["synth__design__instance__count__sequential"] = _derived("", dispatcher_flops(n), "cells")
    slacks = [f["timing__setup__ws"].value for f in fitted]
    if None not in slacks:
        depths = [math.ceil(math.log2(m)) for m in sizes]
        out["timing__setup__ws"] = _fitted("", depths, slacks, math.ceil(math.log2(n)), "ns")
    out["timing__hold__ws"] = _derived("", min(f["timing__hold__ws"].value for f in fitted), "ns")
    return out, [run_dir for run_dir, _ in runs], any(not was_cached for _, was_cached in runs)


def _fitted(name: str, xs: list[float], ys: list[float], x: float, unit: str) -> metrics.Metric:
    slope, intercept = np.polyfit(xs, ys, 1)
    value = float(slope * x + intercept)
    return _derived(name, int(round(value)) if name == "synth__design__instance__count" else value, unit)


def compose(ap: ArrayPoint, cache: Path, force: bool = False, hier_max_n: int = HIER_MAX_N) -> Composed:
    """The array's metrics (METRICS2.1 names) from the engine's and dispatcher's cached runs; see the module doc."""
    from .. import pdk as pdk_mod

    desc = pdk_mod.get(ap.pdk)
    engine_dir, e_cached = cached_run(engine_point(ap), desc, cache, force)
    disp, sources, d_built = dispatcher(ap, ap.n, desc, cache, force)
    built = d_built or not e_cached
    eng = metrics.read(engine_dir)
    out: dict[str, metrics.Metric] = {}
    for name in (*_SYNTH_SUMS, *_POWER):
        if name in eng and name in disp:
            out[name] = _derived(name, ap.n * eng[name].value + disp[name].value, eng[name].unit)
    linked_n = min(ap.n, hier_max_n)
    sources = [engine_dir, *sources]
    start = time.monotonic()
    if linked_n == ap.n:
        linked_dir, l_built = linked_sta(ap, ap.n, engine_dir, sources[1], desc, cache, force)
        sources.append(linked_dir)
        linked = metrics.read(linked_dir)
        out.update({k: v for k, v in linked.items() if k.startswith("timing__")})
        method = "linked"
    else:
        disp_h_dir, h_cached = cached_run(dispatcher_point(ap, linked_n), desc, cache, force)
        linked_dir, l_built = linked_sta(ap, linked_n, engine_dir, disp_h_dir, desc, cache, force)
        built = built or not h_cached
        sources += [disp_h_dir, linked_dir]
        linked, disp_h = metrics.read(linked_dir), metrics.read(disp_h_dir)
        out.update(_extrapolate(eng, disp, disp_h, linked))
        method = "extrapolated"
    out["flow__compose__runtime"] = _derived("", round(time.monotonic() - start, 3), "s")
    out.update(_perf(ap, eng))
    return Composed(out, method, tuple(sources), built or l_built)


def _extrapolate(eng, disp, disp_h, linked) -> dict[str, metrics.Metric]:
    out = {}
    period = linked["timing__clock__period"].value
    out["timing__clock__period"] = linked["timing__clock__period"]
    out["timing__clock__kind"] = linked["timing__clock__kind"]
    slacks = [_value(eng, "timing__setup__ws")]
    parts = [_value(linked, "timing__setup__ws"), _value(disp, "timing__setup__ws"), _value(disp_h, "timing__setup__ws")]
    if None not in parts:
        slacks.append(parts[0] + parts[1] - parts[2])
    slacks = [s for s in slacks if s is not None]
    ws = min(slacks) if slacks else None
    out["timing__setup__ws"] = _derived("", ws, "ns")
    holds = [s for s in (_value(eng, "timing__hold__ws"), _value(linked, "timing__hold__ws"),
                         _value(disp, "timing__hold__ws")) if s is not None]
    out["timing__hold__ws"] = _derived("", min(holds) if holds else None, "ns")
    out["timing__fmax__mhz"] = _derived("", 1000.0 / (period - ws) if ws is not None and period - ws > 0 else None,
                                        "MHz")
    return out


def _perf(ap: ArrayPoint, eng: dict[str, metrics.Metric]) -> dict[str, metrics.Metric]:
    cpl = _value(eng, "perf__cycles_per_line")
    if cpl is None:
        return {}
    line_bytes = dict(ap.params).get("LINE_BYTES", 64)
    array_cpl = max(cpl / ap.n, 1.0)  # the dispatcher routes at most one line per cycle
    bits = hardware_throughput(ap.clock_mhz * 1e6, array_cpl, line_bytes)
    return {"perf__cycles_per_line": _derived("", array_cpl, "cycles"),
            "perf__latency_cycles": eng["perf__latency_cycles"],
            "perf__line_bytes": eng["perf__line_bytes"],
            "perf__throughput__gbps": _derived("", bits / 1e9, "Gb/s")}
