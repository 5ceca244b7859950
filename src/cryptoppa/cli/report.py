"""`cryptoppa report RESULTS`: a document from a results folder."""

from __future__ import annotations

from pathlib import Path

import click

from .. import userfiles
from ..report.build import build_report


@click.command()
@click.argument("results", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(path_type=Path),
              help="output folder [default: reports/<results folder name>/]")
@click.option("--bandwidth", "bandwidths", multiple=True,
              help="preset name or quantity for the feasibility section (repeatable) [default: every preset]")
@click.option("--host", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="a `cryptoppa host-baseline` folder: host CPU in the implementation options")
@click.option("--cores", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="a `cryptoppa core-baseline` folder: RV32 software in the implementation options")
@click.option("--compare", "compare_with", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="another results folder: a section of per-point ratios against it (`cryptoppa compare`)")
def report(results: Path, out: Path | None, bandwidths: tuple[str, ...], host: Path | None, cores: Path | None,
           compare_with: Path | None):
    """Markdown + HTML report of a results folder: the answer first, the 2013 study beside it, then the evidence."""
    out = userfiles.writable_folder(out or Path("reports") / results.resolve().name, "--out")
    html = build_report(results, out, list(bandwidths) or None, host=host, cores=cores, compare=compare_with)
    click.echo(f"wrote {out / 'report.md'} and {html}")
