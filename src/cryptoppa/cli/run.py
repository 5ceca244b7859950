"""`cryptoppa run`: characterize one design point (a design, an N-engine array of one, or your own RTL)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .. import fpga, limits, stages
from .. import designs as designs_mod
from .. import pdk as pdk_mod
from ..catalog import ASYNC_PORTS
from ..designs import Sources, parse_define, read_file_list
from ..designs.arrays import check_array_count
from ..errors import InputError
from ..metrics import Metric, ordered, to_json
from ..runs import forced
from .options import Number, given, run_cache


def table(metrics: dict[str, Metric]) -> str:
    rows = []
    for name, m in ordered(metrics).items():
        value = m.value
        text = "n/a" if value is None else (f"{value:.6g}" if isinstance(value, float) else str(value))
        rows.append((name, text, m.unit))
    w0, w1 = max(len(r[0]) for r in rows), max(len(r[1]) for r in rows)
    return "\n".join(f"{a.ljust(w0)}  {b.rjust(w1)}  {c}" for a, b, c in rows)


def _activity(activity: str | float) -> tuple[str, float]:
    """(mode, vectorless input toggles per cycle) from --activity: sim:WORKLOAD, or toggles (checked by its type)."""
    return (activity, 0.1) if isinstance(activity, str) else ("vectorless", activity)


def _own_rtl(rtl, file_lists, file_lists_here, include_dirs, defines) -> Sources:
    lists = [read_file_list(f) for f in file_lists] + [read_file_list(f, relative_to_list=True) for f in file_lists_here]
    src = Sources.checked([*rtl, *(f for s in lists for f in s.files)],
                          [*include_dirs, *(d for s in lists for d in s.include_dirs)],
                          [*(parse_define(d) for d in defines), *(d for s in lists for d in s.defines)])
    if not src.files:
        raise InputError("no RTL source: the -f/-F file lists name no source file (and no --rtl was given)")
    return src


# The option a user gave for each field of a request the stages may refuse (each setting's: its declaration's).
_OPTIONS = {"stage": "--stage", "target": "--target", "n": "--n", "array_mode": "--flat", "activity_mode": "--activity",
            "design": "--design"}


def _setting_option(setting: stages.Setting):
    """`cryptoppa run`'s option for a stage's setting, from its declaration (cryptoppa.stages.setting)."""
    where = stages.where(setting)
    if setting.kind is bool:
        return click.option(setting.option, setting.name, is_flag=True, flag_value=not setting.default,
                            default=setting.default, help=f"({where}) switch {'off' if setting.default else 'on'}: "
                                                          f"{setting.help}")
    return click.option(setting.option, setting.name, type=Number(setting.bound),
                        help=f"({where}) {setting.help} [default: {setting.shown(setting.default)}]")


def _setting_options(command):
    for setting in reversed(stages.all_settings()):
        command = _setting_option(setting)(command)
    return command


def _meaningless(design, target: str | None, reset_port, activity: str | float) -> None:
    """Options this run would ignore are refused rather than dropped silently (a stage's settings: by the stages)."""
    if design and reset_port is not None:
        raise InputError("--reset-port names the reset of your RTL (with --rtl/-f): a design in designs/ has its own")
    if target and fpga.is_target(target) and given("activity") and not isinstance(activity, str):
        raise InputError(f"--activity sets the power model's input activity: --target {target} is an FPGA, whose "
                         "power is not estimated (no open power model exists for it)")


def _assumptions(sources) -> dict[str, str]:
    out: dict[str, str] = {}
    for folder in sources:
        run_json = Path(folder) / "run.json"
        if run_json.is_file():
            out.update(json.loads(run_json.read_text()).get("assumptions", {}))
    return out


def _print(req: stages.Request, outcome: stages.Outcome) -> None:
    found = ordered(outcome.metrics)
    note = "" if outcome.built else "  (finished earlier: reused; --force reruns)"
    what = f"{req.design.top}{f' x {req.n}' if req.n else ''} on {req.target} at {req.clock_mhz:g} MHz"
    if req.kind == stages.FPGA:
        what = f"{req.design.top}{f' x {req.n}' if req.n else ''} on {req.target}: {fpga.get(req.target).device}"
    click.echo(f"run: {outcome.run_dir}  ({what}){note}")
    if req.array == stages.COMPOSED:
        click.echo(f"composed ({outcome.note}) from:\n  " + "\n  ".join(map(str, outcome.sources)))
    elif len(outcome.sources) > 1:
        click.echo("after: " + ", ".join(map(str, outcome.sources[:-1])))
    click.echo(table(found))
    if found.get(ASYNC_PORTS) and found[ASYNC_PORTS].value:
        click.echo(f"asynchronous set/reset from {found[ASYNC_PORTS].value}: not timed as data (assumed timing, below)")
    for what, text in _assumptions(outcome.sources).items():
        click.echo(f"assumed {what}: {text}")


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
@click.option("--pdk", "pdk_name", help=f"PDK [default: {pdk_mod.DEFAULT_PDK}]")
@click.option("--corner", help="PDK corner [default: the PDK's]")
@click.option("--target", help="instead of --pdk/--corner: PDK, PDK/CORNER or an FPGA target "
              f"({', '.join(fpga.TARGETS)})")
@click.option("--clock-mhz", type=Number(limits.CLOCK_MHZ), default=225.0, show_default=True)
@click.option("--clock-port", default=None, help="clock port [default: the design's, or clk]")
@click.option("--param", "params", multiple=True, help="NAME=VALUE Verilog parameter (repeatable)")
@click.option("--activity", type=Number(limits.ACTIVITY, words=("sim:",)), default="0.1", show_default=True,
              help="vectorless input toggles per clock cycle, or sim:WORKLOAD for simulated activity "
                   "(enable, random, random_half; engines: saturated, idle, load25 ...)")
@click.option("--reset-port", default=None, help="reset the activity testbench asserts (with --rtl) [default: none]")
@click.option("--runs", type=click.Path(path_type=Path),
              help="run folders go here; a finished identical run is reused [default: the run cache, $CRYPTOPPA_CACHE]")
@click.option("--force", is_flag=True, help="rerun even when --runs holds a finished identical run")
@click.option("--json", "as_json", is_flag=True, help="print metrics.json instead of a table")
@click.option("--n", "n", type=Number(limits.ARRAY_N), default=None, help="an array of N engines (with --design): composed from the "
              "engine and the dispatcher unless --flat")
@click.option("--flat", is_flag=True, help="with --n: synthesize the whole array flat (N <= 64)")
@click.option("--stage", help="a registered stage: synth, or route (place and route: Coriolis on ASIC targets, timed "
              "with the routed wires' parasitics; nextpnr on FPGA targets) [default: synth on ASIC targets, route on "
              "FPGA targets that have a placer]")
@_setting_options
def run(design, rtl, file_lists, file_lists_here, include_dirs, defines, top, pdk_name, corner, target, clock_mhz,
        clock_port, params, activity, reset_port, runs, force, as_json, n, flat, stage, **settings):
    """Characterize one design point: synthesis, timing, power (ASIC; --stage route: placed and routed);
    resources and routed fmax (FPGA)."""
    overrides = dict(designs_mod.parse_param(p) for p in params)
    if (n is not None or flat) and not design:
        raise InputError("--n and --flat need --design (an engine)")
    if flat and n is None:
        raise InputError("--flat needs --n (the array size)")
    if target and (pdk_name or corner):
        raise InputError(f"--target {target}: give either --target or --pdk/--corner, not both")
    if n is not None:
        check_array_count(n, flat or bool(target and fpga.is_target(target)), "--n (the array size)")
    _meaningless(design, target, reset_port, activity)
    mode, toggles = _activity(activity)
    where = target or (f"{pdk_name or pdk_mod.DEFAULT_PDK}/{corner}" if corner else pdk_name or pdk_mod.DEFAULT_PDK)
    where = stages.canonical_target(where)  # a bad PDK or corner is named before the design's parameters
    runs = run_cache(runs, "--runs")
    if design:
        if rtl or top or file_lists or file_lists_here:
            raise InputError("give either --design or --rtl/-f with --top, not both")
        d = designs_mod.get(design).with_sources(include_dirs, [parse_define(x) for x in defines])
        resolved = d.resolve_params(overrides)
    else:
        if not (rtl or file_lists or file_lists_here) or not top:
            raise InputError("give --design NAME, or --rtl FILE... / -f FILES.f with --top TOP")
        d = stages.own_rtl_design(_own_rtl(rtl, file_lists, file_lists_here, include_dirs, defines), top,
                                  clock_port or "clk", reset_port or "")
        resolved = overrides
    req = stages.Request(d, tuple(sorted(resolved.items())), where, clock_mhz, stage=stage,
                         n=n, array_mode="flat" if flat else "composed", activity=toggles, activity_mode=mode,
                         clock_port=clock_port, own_rtl=not design,
                         settings=tuple((name, value) for name, value in settings.items() if given(name)))
    if given("clock_mhz") and req.kind == stages.FPGA and (req.stage or stages.default_stage(req)) == "synth":
        raise InputError(f"--clock-mhz is the placer's timing goal on FPGA targets: {req.target} is only synthesized "
                         "here (stage synth), which no clock changes")
    refused = stages.refusal(req)
    if refused is not None:
        raise refused.error({**_OPTIONS, **{s.name: s.option for s in stages.all_settings()}})
    outcome = stages.run_request(req, runs, forced(force))
    if as_json:  # every stage's metrics, as the table shows them
        click.echo(to_json(outcome.metrics), nl=False)
        return
    _print(req, outcome)
