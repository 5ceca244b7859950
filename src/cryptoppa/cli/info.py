"""`cryptoppa doctor`, `cryptoppa pdk ...` and `cryptoppa designs`: what is installed and what can be run."""

from __future__ import annotations

import errno
from pathlib import Path

import click

from .. import designs as designs_mod
from .. import settings
from .. import doctor as doctor_mod
from .. import pdk as pdk_mod
from ..errors import CryptoppaError, InputError, MissingToolError
from ..feasibility.presets import load_presets
from ..pdk import stage_delay
from ..pdk.charlib.tables import shipped_cells
from ..sweep import results as results_mod
from .options import output_folder


@click.command()
def doctor():
    """List every external tool and PDK with version, path and status."""
    items = doctor_mod.checks()
    click.echo(doctor_mod.render(items))
    missing = [c.name for c in items if c.required and not c.ok]
    if missing:
        raise MissingToolError(f"required but missing: {', '.join(missing)}")


@click.group()
def pdk():
    """List, install and inspect PDKs."""


@pdk.command("list")
def pdk_list():
    width = max(map(len, pdk_mod.available()))
    for name in pdk_mod.available():
        desc = pdk_mod.get(name)
        note = ""
        if why := desc.not_characterized():
            note = f"not installed: {why}"
        elif missing := desc.uncharacterized_corners():
            note = f"not characterized yet: corner {', '.join(missing)}"
        click.echo(f"{name:{width}s} corners: {', '.join(desc.corners):16s} {desc.description}"
                   + (f"\n{'':{width}s} {note}" if note else ""))


@pdk.command("install")
@click.argument("name")
@click.option("--force", is_flag=True, help="reinstall even if up to date")
@click.option("--quiet", is_flag=True)
def pdk_install(name, force, quiet):
    desc = pdk_mod.get(name)
    try:
        home = pdk_mod.install(desc, force=force, log=(lambda *_: None) if quiet else click.echo)
    except OSError as err:
        if err.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise
        raise InputError(f"CRYPTOPPA_HOME {settings.current().home} is not writable ({err.strerror}: "
                         f"{err.filename})") from None
    if not quiet:
        click.echo(f"{name}: installed in {home}")


@pdk.command("stage-delay")
@click.argument("targets", nargs=-1, required=True)
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/libraries"), show_default=True,
              callback=output_folder, help="results folder: stage_delay.parquet and .csv are merged into it")
def pdk_stage_delay(targets, out):
    """The FO4 inverter delay of each library (TARGETS: pdk or pdk/corner), with and without its wire-load model,
    timed by OpenSTA as the flow times an engine: a period or latency in FO4 delays compares across libraries."""
    table = stage_delay.measure(list(targets), out / "work" / "stage_delay")
    results_mod.merge(out, table.to_dict("records"), stage_delay.TABLE, ["pdk", "corner", "wire_load"])
    for _, r in table.iterrows():
        click.echo(f"{r['pdk']}/{r['corner']} wire-load {r['wire_load']}: FO4 of {r['cell']} {r['fo4_ps']:.2f} ps")
    click.echo(f"-> {out / stage_delay.TABLE}")


@pdk.command("show")
@click.argument("name")
def pdk_show(name):
    desc = pdk_mod.get(name)
    click.echo(f"{desc.name}: {desc.description}\n  descriptor: {desc.path}")
    click.echo(f"  nominal voltage: {desc.nominal_voltage} V; wire-load model: {desc.wire_load_model or 'none'}")
    click.echo(f"  tie cells: {'/'.join(desc.tie_high)}, {'/'.join(desc.tie_low)}; dont_use: {', '.join(desc.dont_use)}")
    if why := desc.not_characterized():
        click.echo(f"  not installed: {why}")
    for corner in desc.corners:
        try:
            where = pdk_mod.liberty(desc, corner)
        except CryptoppaError as err:
            where = f"not available ({err})"
        click.echo(f"  corner {corner}: {where}")
        if desc.source["kind"] == "committed" and isinstance(where, Path):
            shipped = shipped_cells(where.read_text())
            click.echo(f"    {len(shipped)} cells are not characterized (they keep the shipped tables, or have none)"
                       + "".join(f"\n      {cell}: {why}" for cell, why in shipped.items()))
    for what, why in desc.repairs.items():
        click.echo(f"  repair {what}: {' '.join(why.split())}")


@click.command()
def designs():
    """List the designs with their parameters."""
    for name, path in designs_mod.available().items():
        d = designs_mod.load(path)
        params = ", ".join(f"{p.name}={p.default}{list(p.allowed) if p.allowed else ''}" for p in d.params.values())
        extra = f" [{', '.join(d.groups)} ports]" if d.groups else ""
        click.echo(f"{name:14s} {d.interface:7s} {d.description}{extra}\n{'':23s}params: {params or '-'}")


@click.command()
def presets():
    """List the memory-bandwidth presets (name, peak bandwidth, kind, source)."""
    for name, p in load_presets().items():
        click.echo(f"{name:16s} {p.bandwidth:>12s}  {p.kind:8s} {p.source}")
