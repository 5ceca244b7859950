"""The `cryptoppa` command line (click). Each command is a thin shell over a library function."""

from __future__ import annotations

import json
from pathlib import Path

import click

from . import designs as designs_mod
from . import doctor as doctor_mod
from . import pdk as pdk_mod
from .errors import CryptoppaError
from .flow import FlowPoint, design_point, execute, make_plan, read


class _Group(click.Group):
    """Turns a CryptoppaError anywhere below into a one-line message and exit code 1, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except CryptoppaError as err:
            raise click.ClickException(str(err)) from None


@click.group(cls=_Group)
@click.version_option(package_name="cryptoppa")
def cli():
    """Open power/performance/area characterization of memory-encryption hardware."""


@cli.command()
def doctor():
    """List every external tool and PDK with version, path and status."""
    items = doctor_mod.checks()
    click.echo(doctor_mod.render(items))
    missing = [c.name for c in items if c.required and not c.ok]
    if missing:
        raise click.ClickException(f"required but missing: {', '.join(missing)}")


@cli.group()
def pdk():
    """List, install and inspect PDKs."""


@pdk.command("list")
def pdk_list():
    for name in pdk_mod.available():
        desc = pdk_mod.get(name)
        click.echo(f"{name:10s} corners: {', '.join(desc.corners):16s} {desc.description}")


@pdk.command("install")
@click.argument("name")
@click.option("--force", is_flag=True, help="reinstall even if up to date")
@click.option("--quiet", is_flag=True)
def pdk_install(name, force, quiet):
    desc = pdk_mod.get(name)
    home = pdk_mod.install(desc, force=force, log=(lambda *_: None) if quiet else click.echo)
    if not quiet:
        click.echo(f"{name}: installed in {home}")


@pdk.command("show")
@click.argument("name")
def pdk_show(name):
    desc = pdk_mod.get(name)
    click.echo(f"{desc.name}: {desc.description}\n  descriptor: {desc.path}")
    click.echo(f"  nominal voltage: {desc.nominal_voltage} V; wire-load model: {desc.wire_load_model or 'none'}")
    click.echo(f"  tie cells: {'/'.join(desc.tie_high)}, {'/'.join(desc.tie_low)}; dont_use: {', '.join(desc.dont_use)}")
    for corner in desc.corners:
        try:
            where = pdk_mod.liberty(desc, corner)
        except CryptoppaError as err:
            where = f"not available ({err})"
        click.echo(f"  corner {corner}: {where}")
    for what, why in desc.repairs.items():
        click.echo(f"  repair {what}: {' '.join(why.split())}")


@cli.command("designs")
def designs_cmd():
    """List the designs in designs/ with their parameters."""
    for name, path in designs_mod.available().items():
        d = designs_mod.load(path)
        params = ", ".join(f"{p.name}={p.default}{list(p.allowed) if p.allowed else ''}" for p in d.params.values())
        click.echo(f"{name:14s} {d.interface:7s} {d.description}\n{'':23s}params: {params or '-'}")


def _table(metrics) -> str:
    rows = []
    for name, m in metrics.items():
        value = m.value
        text = "n/a" if value is None else (f"{value:.6g}" if isinstance(value, float) else str(value))
        rows.append((name, text, m.unit))
    w0, w1 = max(len(r[0]) for r in rows), max(len(r[1]) for r in rows)
    return "\n".join(f"{a.ljust(w0)}  {b.rjust(w1)}  {c}" for a, b, c in rows)


def _run_composed(engine, n, params, where, activity, runs, as_json):
    from .flow.compose import ArrayPoint, compose

    result = compose(ArrayPoint(engine, n, tuple(sorted(params.items())), **where, activity=activity), runs)
    if as_json:
        click.echo(json.dumps({k: vars(m) for k, m in sorted(result.metrics.items())}, indent=2))
        return
    click.echo(f"composed ({result.method}) {n} x {engine.name} on {where['pdk']}/{where['corner']} at "
               f"{where['clock_mhz']:g} MHz from:\n  " + "\n  ".join(map(str, result.sources)))
    click.echo(_table(result.metrics))


@cli.command()
@click.option("--design", help="a design in designs/ (see `cryptoppa designs`)")
@click.option("--rtl", multiple=True, type=click.Path(path_type=Path), help="Verilog file (repeatable)")
@click.option("--top", help="top module (with --rtl)")
@click.option("--pdk", "pdk_name", default="freepdk45", show_default=True)
@click.option("--corner", help="PDK corner [default: the PDK's]")
@click.option("--clock-mhz", type=float, default=225.0, show_default=True)
@click.option("--clock-port", default=None, help="clock port [default: the design's, or clk]")
@click.option("--param", "params", multiple=True, help="NAME=VALUE Verilog parameter (repeatable)")
@click.option("--activity", default="0.1", show_default=True,
              help="vectorless input toggles per clock cycle, or sim:WORKLOAD for simulated activity "
                   "(enable, random, random_half; engines: saturated, idle, load25 ...)")
@click.option("--reset-port", default=None, help="reset the activity testbench asserts (with --rtl) [default: none]")
@click.option("--runs", type=click.Path(path_type=Path), default=Path("runs"), show_default=True)
@click.option("--json", "as_json", is_flag=True, help="print metrics.json instead of a table")
@click.option("--n", "n", type=int, default=None, help="an array of N engines (with --design): composed from the "
              "engine and the dispatcher unless --flat")
@click.option("--flat", is_flag=True, help="with --n: synthesize the whole array flat (N <= 64)")
def run(design, rtl, top, pdk_name, corner, clock_mhz, clock_port, params, activity, reset_port, runs, as_json, n,
        flat):
    """Characterize one design point: synthesis, timing, power."""
    overrides = dict(designs_mod.parse_param(p) for p in params)
    if (n is not None or flat) and not design:
        raise CryptoppaError("--n and --flat need --design (an engine)")
    if flat and n is None:
        raise CryptoppaError("--flat needs --n (the array size)")
    mode = activity if activity.startswith("sim:") else "vectorless"
    try:
        activity = 0.1 if mode != "vectorless" else float(activity)
    except ValueError:
        raise CryptoppaError(f"--activity {activity!r}: expected a number of toggles per cycle or sim:WORKLOAD") from None
    desc = pdk_mod.get(pdk_name)
    where = dict(pdk=desc.name, corner=corner or desc.default_corner, clock_mhz=clock_mhz)
    if design:
        if rtl or top:
            raise CryptoppaError("give either --design or --rtl/--top, not both")
        d = designs_mod.get(design)
        if n is not None and not flat:
            if mode != "vectorless":
                raise CryptoppaError("composed arrays support vectorless activity only; add --flat")
            _run_composed(d, n, d.resolve_params(overrides), where, activity, runs, as_json)
            return
        if n is not None:
            from .arrays import array_design

            d = array_design(d, n, runs / "generated")
        point = design_point(d, **where, params=d.resolve_params(overrides), activity=activity, clock_port=clock_port,
                             activity_mode=mode)
    else:
        if not rtl or not top:
            raise CryptoppaError("give --design NAME, or --rtl FILE... with --top TOP")
        point = FlowPoint(rtl=tuple(p.resolve() for p in rtl), top=top, **where, params=tuple(sorted(overrides.items())),
                          clock_port=clock_port or "clk", input_activity=activity, activity=mode,
                          reset_port=reset_port or "")
    plan = make_plan(point, desc)
    run_dir = execute(plan, runs)
    metrics = read(run_dir)
    if as_json:
        click.echo((run_dir / "metrics.json").read_text())
        return
    click.echo(f"run: {run_dir}  ({point.top} on {desc.name}/{point.corner} at {clock_mhz:g} MHz)")
    click.echo(_table(metrics))
    for what, text in plan.assumptions.items():
        click.echo(f"assumed {what}: {text}")


@cli.command()
@click.option("--paper", help="recompute a published study's conclusions (owen2013)")
@click.option("--bandwidth", help="e.g. 25.6GB/s, 204.8Gb/s, 1.2TB/s, or a preset name (see --presets)")
@click.option("--efficiency", type=float, default=1.0, show_default=True, help="sustained / peak bandwidth")
@click.option("--count", type=int, default=1, show_default=True, help="channels / stacks / devices")
@click.option("--presets", is_flag=True, help="list the bandwidth presets")
@click.option("--results", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="with --bandwidth: measured engines from this results folder (N=1 rows)")
@click.option("--host", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="with --bandwidth: host-CPU option from a `cryptoppa host-baseline` folder")
@click.option("--cores", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="with --bandwidth: RV32 software options from a `cryptoppa core-baseline` folder")
def feasibility(paper, bandwidth, efficiency, count, presets, results, host, cores):
    """How many engines (or cores) a memory system's bandwidth needs, and at what area and power.

    With --results/--host/--cores the options are this project's measurements; without them, the 2013
    study's own figures.
    """
    from .feasibility import presets as presets_mod
    from .feasibility import report_text

    try:
        if presets:
            for name, p in presets_mod.load_presets().items():
                click.echo(f"{name:16s} {p.bandwidth:>12s}  {p.kind:8s} {p.source}")
        elif paper:
            click.echo(report_text.paper_report(paper))
        elif bandwidth and (results or host or cores):
            df = report_text.options_table(bandwidth, results=results, host=host, cores=cores,
                                           efficiency=efficiency, count=count)
            click.echo(report_text.to_text(df))
            click.echo(f"assumption: {df.attrs['assumption']}\nsource: {df.attrs['source']}")
            for note in df.attrs["notes"]:
                click.echo(f"note: {note}")
        elif bandwidth:
            df = report_text.feasibility_table(bandwidth, efficiency=efficiency, count=count)
            click.echo(report_text.to_text(df))
            click.echo(f"assumption: {df.attrs['assumption']}\nsource: {df.attrs['source']}")
        else:
            raise CryptoppaError("give --paper NAME, --bandwidth QUANTITY or --presets")
    except (KeyError, ValueError) as err:
        raise CryptoppaError(str(err).strip("'\"")) from None


@cli.command()
@click.option("--processors", type=int, default=8, show_default=True)
@click.option("--processes", type=int, default=100, show_default=True)
@click.option("--line-bytes", type=int, default=64, show_default=True)
@click.option("--pads-per-pair", type=int, default=5, show_default=True)
def storage(processors, processes, line_bytes, pads_per_pair):
    """On-chip storage of GCM vs CBC (SENSS) bus encryption, after the 2008 study."""
    from .feasibility import report_text

    try:
        df = report_text.storage_table(processors=processors, processes=processes, line_bytes=line_bytes,
                                       pads_per_pair=pads_per_pair)
    except ValueError as err:
        raise CryptoppaError(str(err)) from None
    click.echo(report_text.to_text(df))
    for note in df.attrs.get("notes", []):
        click.echo(f"note: {note}")


@cli.command()
@click.argument("results", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--x", default="n", show_default=True, help="the column to fit against")
@click.option("--json", "as_json", is_flag=True)
def fit(results, x, as_json):
    """Least-squares lines of each metric against N, per design/parameters/PDK/corner/clock/activity.

    RESULTS is a results folder (as written by `cryptoppa sweep`)."""
    from .feasibility import report_text
    from .feasibility.fit import fits_to_dict
    from .report.load import load_results

    metrics = ["synth__design__instance__area__stdcell", "synth__design__instance__count__sequential",
               "power__total", "power__internal__total", "power__switching__total", "power__leakage__total"]
    loaded = load_results(results)
    frame = loaded.points
    try:
        table = report_text.fit_table(frame, x=x, y=[m for m in metrics if m in frame.columns], by=loaded.group_cols)
    except (KeyError, ValueError) as err:
        raise CryptoppaError(f"{results}: {err}") from None
    click.echo(json.dumps(fits_to_dict(table), indent=2) if as_json else report_text.to_text(table))


@cli.command()
@click.argument("sweep_file", type=click.Path(path_type=Path))
@click.option("--jobs", type=int, help="parallel points on this machine [default: cores]")
@click.option("--cluster", help="Dask scheduler address tcp://HOST:PORT, or a scheduler JSON file")
@click.option("--force", is_flag=True, help="recompute points even when cached")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_HOME/cache/runs]")
@click.option("--dry-run", is_flag=True, help="list the points and exit")
@click.option("--flat", is_flag=True, help="synthesize arrays flat instead of composing them (N <= 64)")
@click.option("--composed", is_flag=True, help="compose arrays even where the sweep file says flat")
def sweep(sweep_file, jobs, cluster, force, cache, dry_run, flat, composed):
    """Characterize every point of a sweep file; results go to its output folder."""
    from . import sweep as sweep_mod

    if flat and composed:
        raise CryptoppaError("--flat and --composed exclude each other")
    spec = sweep_mod.load(sweep_file, array_mode="flat" if flat else "composed" if composed else None)
    click.echo(f"{spec.name}: {len(spec.points)} points -> {spec.output}")
    if dry_run:
        for point in spec.points:
            click.echo(f"  {point.label()}")
        return
    table = sweep_mod.run_sweep(spec, jobs=jobs, cluster=cluster, force=force, cache=cache)
    counts = table["status"].value_counts().to_dict()
    click.echo(f"{spec.name}: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    if counts.get("failed"):
        raise click.ClickException(f"{counts['failed']} of {len(table)} points failed (rows kept in {spec.output})")


@cli.command("results")
@click.argument("folder", type=click.Path(exists=True, path_type=Path))
@click.option("--columns", default="label,status,synth__design__instance__area__stdcell,timing__fmax__mhz,power__total",
              show_default=True, help="comma-separated columns, or 'all'")
def results_cmd(folder, columns):
    """Print a results folder's table."""
    from .sweep import results as results_mod

    table = results_mod.read(folder)
    if table.empty:
        raise CryptoppaError(f"{folder}: no results table")
    if columns != "all":
        cols = [c for c in columns.split(",") if c in table.columns]
        table = table[cols]
    import pandas as pd

    with pd.option_context("display.max_rows", None, "display.width", 200):
        click.echo(table.to_string(index=False))


@cli.group()
def cache():
    """Inspect and prune the run cache."""


@cache.command("info")
@click.option("--cache", "where", type=click.Path(path_type=Path))
def cache_info(where):
    from .sweep import cache as cache_mod

    click.echo(cache_mod.info(where))


@cache.command("prune")
@click.option("--cache", "where", type=click.Path(path_type=Path))
@click.option("--all", "everything", is_flag=True, help="remove finished runs too, not only broken ones")
def cache_prune(where, everything):
    from .sweep import cache as cache_mod

    click.echo(cache_mod.prune(where, everything))


@cli.command("design-table")
@click.argument("results", type=click.Path(exists=True, path_type=Path))
@click.option("--readme", type=click.Path(path_type=Path), default=Path("designs/README.md"), show_default=True)
def design_table_cmd(results, readme):
    """Regenerate the engine comparison table in designs/README.md from a results folder."""
    from . import design_table
    from .sweep import results as results_mod

    table = design_table.design_table(results_mod.read(results))
    design_table.update_readme(readme, design_table.markdown(table, str(results)))
    click.echo(design_table.markdown(table, str(results)))


from .report.cli import report_command  # noqa: E402  (registered after the group exists)

cli.add_command(report_command)
from .baselines.cli import core_baseline_command, host_baseline_command  # noqa: E402

cli.add_command(host_baseline_command)
cli.add_command(core_baseline_command)


def main():
    cli(prog_name="cryptoppa")
