"""`cryptoppa run`: characterize one design point (a design, an N-engine array of one, or your own RTL)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import designs as designs_mod
from .. import fpga, limits
from .. import pdk as pdk_mod
from ..designs import Sources, parse_define, read_file_list
from ..designs.arrays import array_design, check_array_count
from ..errors import InputError
from ..flow import FlowPoint, characterize, design_point, make_plan
from ..flow.compose import ArrayPoint, compose
from ..flow.route import route_point
from ..metrics import Metric, ordered, to_json
from ..runs import forced
from .options import bounded, given, run_cache


def table(metrics: dict[str, Metric]) -> str:
    rows = []
    for name, m in ordered(metrics).items():
        value = m.value
        text = "n/a" if value is None else (f"{value:.6g}" if isinstance(value, float) else str(value))
        rows.append((name, text, m.unit))
    w0, w1 = max(len(r[0]) for r in rows), max(len(r[1]) for r in rows)
    return "\n".join(f"{a.ljust(w0)}  {b.rjust(w1)}  {c}" for a, b, c in rows)


def _activity(text: str) -> tuple[str, float]:
    """(mode, vectorless input toggles per cycle) from --activity."""
    if text.startswith("sim:"):
        return text, 0.1
    try:
        toggles = float(text)
    except ValueError:
        raise InputError(f"--activity {text!r}: expected a number of toggles per cycle or sim:WORKLOAD") from None
    return "vectorless", limits.ACTIVITY.check(toggles, "--activity", repr(text))


def _composed(engine, n, params, where, activity, runs, force, as_json):
    result = compose(ArrayPoint(engine, n, tuple(sorted(params.items())), **where, activity=activity), runs, force)
    if as_json:
        click.echo(to_json(result.metrics), nl=False)
        return
    click.echo(f"composed ({result.method}) {n} x {engine.name} on {where['pdk']}/{where['corner']} at "
               f"{where['clock_mhz']:g} MHz from:\n  " + "\n  ".join(map(str, result.sources)))
    click.echo(table(result.metrics))


def _fpga(point: fpga.FpgaPoint, runs: Path, force: bool, as_json: bool) -> None:
    result = fpga.characterize_fpga(point, runs, force)
    if as_json:  # synthesis and placement are two run folders; the table and the JSON both show both
        click.echo(to_json(result.metrics), nl=False)
        return
    note = "" if result.built else "  (finished earlier: reused; --force reruns)"
    target = fpga.get(point.target)
    click.echo(f"run: {result.run_dir}  ({point.top} on {target.name}: {target.device}){note}")
    click.echo(table(result.metrics))
    for what, text in fpga.assumptions(point).items():
        click.echo(f"assumed {what}: {text}")


def _own_rtl(rtl, file_lists, file_lists_here, include_dirs, defines) -> Sources:
    lists = [read_file_list(f) for f in file_lists] + [read_file_list(f, relative_to_list=True) for f in file_lists_here]
    src = Sources.checked([*rtl, *(f for s in lists for f in s.files)],
                          [*include_dirs, *(d for s in lists for d in s.include_dirs)],
                          [*(parse_define(d) for d in defines), *(d for s in lists for d in s.defines)])
    if not src.files:
        raise InputError("no RTL source: the -f/-F file lists name no source file (and no --rtl was given)")
    return src


def _unused_options(target: str | None, corner: str | None, stage: str) -> None:
    """Options this run would ignore are refused rather than dropped silently."""
    if target and (given("pdk_name") or corner):
        raise InputError(f"--target {target} names the PDK and corner (or the FPGA); give --target or --pdk/--corner, "
                         "not both")
    if given("seed") and not (target and fpga.is_target(target) and fpga.get(target).routed):
        raise InputError("--seed is nextpnr's placer seed: it needs --target with an FPGA target that is placed and "
                         f"routed ({', '.join(t for t in fpga.TARGETS if fpga.get(t).routed)})")
    if given("utilization") and stage != "route":
        raise InputError("--utilization sets the floorplan of placement and routing: it needs --stage route")


@click.command()
@click.option("--design", help="a design in designs/ (see `cryptoppa designs`)")
@click.option("--rtl", multiple=True, type=click.Path(path_type=Path), help="Verilog/SystemVerilog file (repeatable)")
@click.option("-f", "file_lists", multiple=True, type=click.Path(path_type=Path),
              help="a file list (sources, +incdir+, +define+, -I, -D; paths relative to the current folder)")
@click.option("-F", "file_lists_here", multiple=True, type=click.Path(path_type=Path),
              help="a file list whose paths are relative to the list itself")
@click.option("--include-dir", "include_dirs", multiple=True, type=click.Path(path_type=Path),
              help="folder searched by `include (repeatable)")
@click.option("--define", "defines", multiple=True, help="NAME or NAME=VALUE macro for every tool (repeatable)")
@click.option("--top", help="top module (with --rtl / -f)")
@click.option("--pdk", "pdk_name", default=pdk_mod.DEFAULT_PDK, show_default=True)
@click.option("--corner", help="PDK corner [default: the PDK's]")
@click.option("--target", help="instead of --pdk/--corner: PDK, PDK/CORNER or an FPGA target "
              f"({', '.join(fpga.TARGETS)})")
@click.option("--seed", type=int, default=1, show_default=True, callback=bounded(limits.SEED),
              help="FPGA targets: the placer's seed")
@click.option("--clock-mhz", type=float, default=225.0, show_default=True, callback=bounded(limits.CLOCK_MHZ))
@click.option("--clock-port", default=None, help="clock port [default: the design's, or clk]")
@click.option("--param", "params", multiple=True, help="NAME=VALUE Verilog parameter (repeatable)")
@click.option("--activity", default="0.1", show_default=True,
              help="vectorless input toggles per clock cycle, or sim:WORKLOAD for simulated activity "
                   "(enable, random, random_half; engines: saturated, idle, load25 ...)")
@click.option("--reset-port", default=None, help="reset the activity testbench asserts (with --rtl) [default: none]")
@click.option("--runs", type=click.Path(path_type=Path),
              help="run folders go here; a finished identical run is reused [default: the run cache, $CRYPTOPPA_CACHE]")
@click.option("--force", is_flag=True, help="rerun even when --runs holds a finished identical run")
@click.option("--json", "as_json", is_flag=True, help="print metrics.json instead of a table")
@click.option("--n", "n", type=int, default=None, help="an array of N engines (with --design): composed from the "
              "engine and the dispatcher unless --flat")
@click.option("--flat", is_flag=True, help="with --n: synthesize the whole array flat (N <= 64)")
@click.option("--stage", type=click.Choice(["synth", "route"]), default="synth", show_default=True,
              help="route: also place and route with Coriolis (its own virtualenv: `cryptoppa doctor`) and time "
                   "the routed netlist with its wire parasitics")
@click.option("--utilization", type=float, default=0.7, show_default=True, callback=bounded(limits.UTILIZATION),
              help="with --stage route: target cell area / die area of the floorplan")
def run(design, rtl, file_lists, file_lists_here, include_dirs, defines, top, pdk_name, corner, target, seed, clock_mhz,
        clock_port, params, activity, reset_port, runs, force, as_json, n, flat, stage, utilization):
    """Characterize one design point: synthesis, timing, power (ASIC; --stage route: placed and routed);
    resources and routed fmax (FPGA)."""
    overrides = dict(designs_mod.parse_param(p) for p in params)
    if (n is not None or flat) and not design:
        raise InputError("--n and --flat need --design (an engine)")
    if flat and n is None:
        raise InputError("--flat needs --n (the array size)")
    if n is not None:
        check_array_count(n, flat or bool(target and fpga.is_target(target)), "--n (the array size)")
    _unused_options(target, corner, stage)
    mode, toggles = _activity(activity)
    runs = run_cache(runs, "--runs")
    force = forced(force)
    if target and fpga.is_target(target):
        if stage == "route":
            raise InputError("--stage route is for ASIC PDKs; an FPGA target is placed and routed by nextpnr already")
        _fpga(_fpga_point(target, seed, design, rtl, file_lists, file_lists_here, include_dirs, defines, top,
                          clock_mhz, overrides, n, runs), runs, force, as_json)
        return
    if target:
        pdk_name, _, corner = target.partition("/")
        corner = corner or None
    desc = pdk_mod.get(pdk_name)
    where = dict(pdk=desc.name, corner=corner or desc.default_corner, clock_mhz=clock_mhz)
    desc.check_corner(where["corner"])  # before an array's RTL is generated
    if design:
        if rtl or top or file_lists or file_lists_here:
            raise InputError("give either --design or --rtl/-f with --top, not both")
        d = designs_mod.get(design).with_sources(include_dirs, [parse_define(x) for x in defines])
        if n is not None and not flat:
            if stage == "route":
                raise InputError("--stage route needs one netlist: add --flat to route an array")
            if mode != "vectorless":
                raise InputError("composed arrays support vectorless activity only; add --flat")
            _composed(d, n, d.resolve_params(overrides), where, toggles, runs, force, as_json)
            return
        resolved = d.resolve_params(overrides)
        if n is not None:
            d = array_design(d, n, runs / "generated")
        point = design_point(d, **where, params=resolved, activity=toggles, clock_port=clock_port,
                             activity_mode=mode, perf_lines=max(12, 8 * n) if n else 12, perf_round=n or 1)
    else:
        if not (rtl or file_lists or file_lists_here) or not top:
            raise InputError("give --design NAME, or --rtl FILE... / -f FILES.f with --top TOP")
        src = _own_rtl(rtl, file_lists, file_lists_here, include_dirs, defines)
        point = FlowPoint(rtl=src.files, top=top, **where, params=tuple(sorted(overrides.items())),
                          clock_port=clock_port or "clk", input_activity=toggles, activity=mode,
                          reset_port=reset_port or "", include_dirs=src.include_dirs, defines=src.defines)
    if stage == "route":
        _routed(point, desc, runs, force, utilization, as_json)
        return
    result = characterize(point, runs, force)
    if as_json:
        click.echo(to_json(result.metrics), nl=False)
        return
    note = "" if result.built else "  (finished earlier: reused; --force reruns)"
    click.echo(f"run: {result.run_dir}  ({point.top} on {desc.name}/{point.corner} at {clock_mhz:g} MHz){note}")
    click.echo(table(result.metrics))
    for what, text in make_plan(point, desc).assumptions.items():
        click.echo(f"assumed {what}: {text}")


def _routed(point, desc, runs, force, utilization, as_json):
    synth, routed = route_point(point, runs, force, utilization)
    if as_json:
        click.echo(to_json({**synth.metrics, **routed.metrics}), nl=False)
        return
    note = "" if routed.built else "  (finished earlier: reused; --force reruns the route)"
    click.echo(f"synthesis: {synth.run_dir}\nrouted: {routed.run_dir}  ({point.top} on {desc.name}/{point.corner} "
               f"at {point.clock_mhz:g} MHz){note}")
    click.echo(table({**synth.metrics, **routed.metrics}))
    for what, text in _assumptions(routed.run_dir).items():
        click.echo(f"assumed {what}: {text}")


def _assumptions(run_dir: Path) -> dict[str, str]:
    return json.loads((run_dir / "run.json").read_text()).get("assumptions", {})


def _fpga_point(target, seed, design, rtl, file_lists, file_lists_here, include_dirs, defines, top, clock_mhz,
                overrides, n, runs) -> fpga.FpgaPoint:
    """An FPGA run: a design (an array of one is always flat) or your own RTL."""
    if design:
        if rtl or top or file_lists or file_lists_here:
            raise InputError("give either --design or --rtl/-f with --top, not both")
        d = designs_mod.get(design).with_sources(include_dirs, [parse_define(x) for x in defines])
        resolved = d.resolve_params(overrides)
        if n is not None:
            d = array_design(d, n, runs / "generated")
        return fpga.fpga_point(d, target, clock_mhz, resolved, seed, n=n)
    if not (rtl or file_lists or file_lists_here) or not top:
        raise InputError("give --design NAME, or --rtl FILE... / -f FILES.f with --top TOP")
    src = _own_rtl(rtl, file_lists, file_lists_here, include_dirs, defines)
    return fpga.FpgaPoint(rtl=src.files, top=top, target=target, clock_mhz=clock_mhz,
                          params=tuple(sorted(overrides.items())), include_dirs=src.include_dirs,
                          defines=src.defines, seed=seed)
