"""Composed characterization of an N-engine array: the engine once, the dispatcher for N once, the array from both.

Flat synthesis of N engines costs N times the engine's synthesis; here the engine is an ordinary cached flow
point (the same key as its single-engine run, so every N reuses it) and the dispatcher
(designs/array/array_dispatch.v, all of the array's own logic) is a cached flow point of its own.

* Area, cells, flip-flops and vectorless power are the sums N x engine + dispatcher, each characterized alone
  with the point's input activity on all of its inputs. For power this matches flat synthesis within about
  1 % at small N (bench/README.md); OpenSTA on the linked netlist instead propagates the dispatcher's activity
  into each engine's handshake inputs, which makes the same engines 12 % cheaper than flat synthesis does at
  N = 2: vectorless propagation depends on how the logic happens to be structured (the reason simulated
  activity exists), and the sum of parts at least gives every N the same per-engine power.
* Timing (cryptoppa.flow.interface): the engine's interface model, extracted once from its netlist, and OpenSTA
  on the dispatcher's netlist with N instances of that model (engine -> dispatcher -> engine paths, the array's
  inputs fanned out to N engines, the dispatcher's own), the engine's inner register-to-register paths from its
  own run. Up to DISPATCH_RUN_MAX_N; beyond, as below with H = DISPATCH_RUN_MAX_N.
* Timing, the opt-in check (`linked_sta`): OpenSTA on the hierarchical netlist (a generated structural top over
  the two cached netlists) up to HIER_MAX_N, as before the interface models; it takes minutes (gcm_iter N = 16:
  9 minutes) where the models take seconds. bench/sweep_scaling.py compares the two.
* Beyond the largest N timed as a whole, H, worst setup slack (of every path, and register to register, which
  sets fmax) = min(engine alone, timed(H) + dispatcher(N) - dispatcher(H)): what grows with N on the interface
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

import math
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .. import pdk as pdk_mod
from ..catalog import (
    AREA, AREA_KGE, AREA_SEQ, ASYNC_PINS, ASYNC_PORTS, CELLS, CLOCK_KIND, CYCLES, FLOPS, GE_AREA, HINT_LEAD, HOLD_WS,
    LATENCY, LINE_BYTES, PERIOD, POWER, POWER_INTERNAL, POWER_LEAKAGE, POWER_SWITCHING, READ_LATENCY, READ_LATENCY_DATA,
    RECOVERY_WS, REMOVAL_WS, THROUGHPUT, TIMING_PREFIX, TNS, WS, WS_REG2REG, runtime
)
from ..designs import Design
from ..designs.arrays import DISPATCH_RTL, DISPATCH_TOP, array_top, check_array_size, dispatcher_flops
from ..feasibility.throughput import hardware_throughput
from ..metrics import Metric, read
from ..pdk import PdkDescriptor
from ..runs import StepPlan, run_step, sha256_file
from ..tools import version
from ..tools.sta import register_fmax
from .execute import characterize
from .interface import MEASURED, interface_model, read_interface, timed_array
from .linked_top import execute_linked, render_linked_top
from .plan import FlowPoint, design_point, render_sta

DISPATCH_RUN_MAX_N = 128  # largest dispatcher run through OpenSTA; larger ones are fitted (module doc)
DISPATCH_FIT_MIN_N = 16
HIER_MAX_N = 16  # largest array linked for OpenSTA; STA time grows linearly (about 4 s per gcm_iter engine)
_SYNTH_SUMS = (CELLS, FLOPS,
               AREA, AREA_SEQ,
               AREA_KGE)
_SLACKS = (WS, WS_REG2REG)
_POWER = (POWER_INTERNAL, POWER_SWITCHING, POWER_LEAKAGE, POWER)


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
    metrics: dict[str, Metric]
    method: str  # "interface" (models), "linked" (the netlists), either ", extrapolated" beyond what was timed
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


def _execute_linked(plan: StepPlan[FlowPoint], work: Path) -> dict[str, Metric]:
    return execute_linked(plan, work, ("engine.v", "dispatcher.v", "top.v"), "OpenSTA (linked array)")


def linked_plan(ap: ArrayPoint, n: int, engine_dir: Path, disp_dir: Path, desc: PdkDescriptor) -> StepPlan[FlowPoint]:
    """OpenSTA on the hierarchical netlist of n engines + dispatcher: both cached netlists (inputs of the plan)
    under a generated structural top (a script of the plan), so all three are in the key."""
    top = array_top(ap.engine, n)
    point = FlowPoint(rtl=(engine_dir / "netlist.v",), top=top, pdk=ap.pdk, corner=ap.corner,
                      clock_mhz=ap.clock_mhz, clock_port=ap.engine.clock or "clk", input_activity=ap.activity)
    lib = pdk_mod.liberty(desc, ap.corner)
    return StepPlan(
        f"{top}-linked",
        identity={"step": "linked-sta", "engine_run": engine_dir.name, "dispatcher_run": disp_dir.name, "n": n,
                  "liberty": {"sha256": sha256_file(lib)}},
        inputs={"engine.v": (str(engine_dir / "netlist.v"), sha256_file(engine_dir / "netlist.v")),
                "dispatcher.v": (str(disp_dir / "netlist.v"), sha256_file(disp_dir / "netlist.v"))},
        scripts={"top.v": render_linked_top(ap.engine, n, dict(ap.params)), "sta.tcl": render_sta(point, desc, lib)},
        tools={"sta": version("sta")},
        assumptions={"linked": "OpenSTA on the engine's and the dispatcher's cached netlists under a generated top"},
        provenance={"engine_run": str(engine_dir), "dispatcher_run": str(disp_dir)},
        outputs=("netlist.v",),
        config=point)


def linked_sta(ap: ArrayPoint, n: int, engine_dir: Path, disp_dir: Path, desc: PdkDescriptor, cache: Path,
               force: bool = False) -> tuple[Path, bool]:
    result = run_step(linked_plan(ap, n, engine_dir, disp_dir, desc), _execute_linked, cache, force)
    return result.run_dir, result.built


def _value(m: dict[str, Metric], name: str):
    return m[name].value if name in m else None


def _derived(value, unit: str) -> Metric:
    return Metric(value, unit, "composed", "cryptoppa.flow.compose")


def dispatcher(ap: ArrayPoint, n: int, desc: PdkDescriptor, cache: Path, force: bool = False
               ) -> tuple[dict[str, Metric], list[Path], bool]:
    """The dispatcher's metrics for n engines, the run directories they come from and whether any was built:
    its own cached run up to DISPATCH_RUN_MAX_N, a fit over the runs from DISPATCH_FIT_MIN_N beyond."""
    if n <= DISPATCH_RUN_MAX_N:
        result = characterize(dispatcher_point(ap, n), cache, force)
        return result.metrics, [result.run_dir], result.built
    sizes = [1 << k for k in range(DISPATCH_FIT_MIN_N.bit_length() - 1, DISPATCH_RUN_MAX_N.bit_length())]
    runs = [characterize(dispatcher_point(ap, m), cache, force) for m in sizes]
    fitted = [r.metrics for r in runs]
    out = {name: _fitted([m - 1 for m in sizes], [f[name].value for f in fitted], n - 1, fitted[-1][name].unit,
                         integer=name == CELLS)
           for name in (*_SYNTH_SUMS, *_POWER) if name != FLOPS}
    out[FLOPS] = _derived(dispatcher_flops(n), "cells")
    depths = [math.ceil(math.log2(m)) for m in sizes]
    for name in _SLACKS:
        slacks = [f[name].value if name in f else None for f in fitted]
        if None not in slacks:
            out[name] = _fitted(depths, slacks, math.ceil(math.log2(n)), "ns")
    out[HOLD_WS] = _derived(min(f[HOLD_WS].value for f in fitted), "ns")
    return out, [r.run_dir for r in runs], any(r.built for r in runs)


def _fitted(xs: list[float], ys: list[float], x: float, unit: str, integer: bool = False) -> Metric:
    slope, intercept = np.polyfit(xs, ys, 1)
    value = float(slope * x + intercept)
    return _derived(int(round(value)) if integer else value, unit)


def compose(ap: ArrayPoint, cache: Path, force: bool = False, linked: bool = False,
            hier_max_n: int = HIER_MAX_N) -> Composed:
    """The array's metrics (METRICS2.1 names) from the engine's and dispatcher's cached runs; see the module doc.
    linked: time the array by OpenSTA on its linked netlists (up to hier_max_n engines) instead of the models."""
    desc = pdk_mod.get(ap.pdk)
    engine = characterize(engine_point(ap), cache, force)
    eng = engine.metrics
    disp, sources, built = dispatcher(ap, ap.n, desc, cache, force)
    built |= engine.built
    out = {name: _derived(ap.n * eng[name].value + disp[name].value, eng[name].unit)
           for name in (*_SYNTH_SUMS, *_POWER) if name in eng and name in disp}
    out[GE_AREA] = eng[GE_AREA]
    sources = [engine.run_dir, *sources]
    start = time.monotonic()
    whole = min(ap.n, hier_max_n if linked else DISPATCH_RUN_MAX_N)  # the largest array timed as a whole
    disp_w = characterize(dispatcher_point(ap, whole), cache, force)
    if linked:
        timed_dir, t_built = linked_sta(ap, whole, engine.run_dir, disp_w.run_dir, desc, cache, force)
        timing = {k: v for k, v in read(timed_dir).items() if k.startswith(TIMING_PREFIX)}
    else:
        model = interface_model(engine_point(ap), engine.run_dir, desc, cache, force)
        timed = timed_array(ap.engine, engine_point(ap), whole, model.run_dir, disp_w.run_dir, desc, cache, force)
        sources.append(model.run_dir)
        timed_dir, t_built = timed.run_dir, model.built or timed.built
        timing = with_engine(eng, timed.metrics, whole, read_interface(model.run_dir / MEASURED).inner_hold)
    method = "linked" if linked else "interface"
    if whole < ap.n:
        sources.append(disp_w.run_dir)
        timing = _extrapolate(eng, disp, disp_w.metrics, timing)
        method += ", extrapolated"
    out.update(timing)
    sources.append(timed_dir)
    out[runtime("compose")] = _derived(round(time.monotonic() - start, 3), "s")
    out.update(perf(ap, eng))
    return Composed(out, method, tuple(dict.fromkeys(sources)), built or disp_w.built or t_built)


def _worst(*values):
    found = [v for v in values if v is not None]
    return min(found) if found else None


def with_engine(eng: dict[str, Metric], timed: dict[str, Metric], n: int, inner_hold: float | None
                ) -> dict[str, Metric]:
    """The array's timing from the run of its interface models (`timed`, n engines) and the engine's own run and
    model (inner_hold), whose inner register-to-register paths the models leave out."""
    out = {k: v for k, v in timed.items() if k.startswith(TIMING_PREFIX) and k != TNS}
    inner = _value(eng, WS_REG2REG)
    for name in (WS, WS_REG2REG):
        out[name] = _derived(_worst(_value(timed, name), inner), "ns")
    out[HOLD_WS] = _derived(_worst(_value(timed, HOLD_WS), inner_hold), "ns")
    # Recovery and removal: the engine's own run's too (its asynchronous pins are inside the models).
    for name in (RECOVERY_WS, REMOVAL_WS):
        out[name] = _derived(_worst(_value(timed, name), _value(eng, name)), "ns")
    out[ASYNC_PINS] = _derived(n * (_value(eng, ASYNC_PINS) or 0) + (_value(timed, ASYNC_PINS) or 0), "pins")
    ports = {p for m in (eng, timed) for p in str(_value(m, ASYNC_PORTS) or "").split(",") if p}
    out[ASYNC_PORTS] = _derived(",".join(sorted(ports)), "")
    out.update(register_fmax(out, timed[PERIOD].value, "composed", "cryptoppa.flow.compose"))
    return out


def _extrapolate(eng, disp, disp_h, linked) -> dict[str, Metric]:
    out = {}
    period = linked[PERIOD].value
    out[PERIOD] = linked[PERIOD]
    out[CLOCK_KIND] = linked[CLOCK_KIND]
    for name in _SLACKS:
        slacks = [_value(eng, name)]
        parts = [_value(linked, name), _value(disp, name), _value(disp_h, name)]
        if None not in parts:
            slacks.append(parts[0] + parts[1] - parts[2])
        slacks = [s for s in slacks if s is not None]
        out[name] = _derived(min(slacks) if slacks else None, "ns")
    holds = [s for s in (_value(eng, HOLD_WS), _value(linked, HOLD_WS),
                         _value(disp, HOLD_WS)) if s is not None]
    out[HOLD_WS] = _derived(min(holds) if holds else None, "ns")
    out.update(register_fmax(out, period, "composed", "cryptoppa.flow.compose"))
    return out


def perf(ap: ArrayPoint, eng: dict[str, Metric]) -> dict[str, Metric]:
    """The array's throughput and latency metrics from its engine's."""
    cpl = _value(eng, CYCLES)
    if cpl is None:
        return {}
    line_bytes = dict(ap.params).get("LINE_BYTES", 64)
    array_cpl = max(cpl / ap.n, 1.0)  # the dispatcher routes at most one line per cycle
    bits = hardware_throughput(ap.clock_mhz * 1e6, array_cpl, line_bytes)
    # The dispatcher is combinational both ways: a line's latency is its engine's. It has no prefetch port, so an
    # array's read latency is its engine's without a hint (lead 0), whatever the engine's own port could do.
    same = {k: v for k, v in eng.items() if k in (LATENCY, LINE_BYTES,
                                                  READ_LATENCY, READ_LATENCY_DATA)}
    return {CYCLES: _derived(array_cpl, "cycles"), **same, HINT_LEAD: _derived(0, "cycles"),
            THROUGHPUT: _derived(bits / 1e9, "Gb/s")}
