"""`cryptoppa report RESULTS` and `cryptoppa design-table RESULTS`: documents from results folders."""

from __future__ import annotations

from pathlib import Path

import click

from ..paths import DESIGNS
from ..report import design_table as design_table_mod
from ..report.build import build_report
from ..sweep import results as results_mod


@click.command()
@click.argument("results", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="output folder [default: reports/<results folder name>/]")
@click.option("--bandwidth", "bandwidths", multiple=True,
              help="preset name or quantity for the feasibility section (repeatable) [default: every preset]")
@click.option("--host", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="a `cryptoppa host-baseline` folder: host CPU in the implementation options")
@click.option("--cores", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="a `cryptoppa core-baseline` folder: RV32 software in the implementation options")
def report(results: Path, out: Path | None, bandwidths: tuple[str, ...], host: Path | None, cores: Path | None):
    """Markdown + HTML report of a results folder: points, fits, feasibility, comparisons, plots."""
    out = out or Path("reports") / results.resolve().name
    html = build_report(results, out, list(bandwidths) or None, host=host, cores=cores)
    click.echo(f"wrote {out / 'report.md'} and {html}")


@click.command("design-table")
@click.argument("results", type=click.Path(exists=True, path_type=Path))
@click.option("--readme", type=click.Path(path_type=Path), default=DESIGNS / "README.md",
              help="the file whose design-table block is rewritten [default: designs/README.md of the checkout]")
def design_table(results, readme):
    """Regenerate the engine comparison table in designs/README.md from a results folder."""
    table = design_table_mod.design_table(results_mod.read(results))
    text = design_table_mod.markdown(table, str(results))
    design_table_mod.update_readme(readme, text)
    click.echo(text)
