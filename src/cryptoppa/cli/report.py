"""`cryptoppa report RESULTS`: a document from a results folder."""

from __future__ import annotations

from pathlib import Path

import click

from .. import userfiles
from ..answers.question import Question
from ..report.build import build_report
from .options import BANDWIDTH, CLOCK


@click.command()
@click.argument("results", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--out", type=click.Path(path_type=Path),
              help="output folder [default: reports/<results folder name>/]")
@click.option("--bandwidth", type=BANDWIDTH, default="ddr5-6400", show_default=True,
              help="the memory the answer is for: a preset name (`cryptoppa presets`) or a quantity such as 25.6GB/s")
@click.option("--clock", type=CLOCK, default="fmax", show_default=True,
              help="the engines' clock: 'fmax' (each its own), 'study' (225 MHz) or MHz")
@click.option("--host", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="a `cryptoppa host-baseline` folder: host CPU in the implementation options")
@click.option("--cores", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="a `cryptoppa core-baseline` folder: RV32 software in the implementation options")
@click.option("--compare", "compare_with", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="another results folder: a section of per-point ratios against it (`cryptoppa compare`)")
def report(results: Path, out: Path | None, bandwidth: str, clock: str | float, host: Path | None, cores: Path | None,
           compare_with: Path | None):
    """Markdown + HTML report of a results folder: the answer first, its basis, every engine, then the evidence."""
    question = Question(bandwidth, clock=clock)  # a bad --bandwidth fails before anything is written
    out = userfiles.writable_folder(out or Path("reports") / results.resolve().name, "--out")
    html = build_report(results, out, question, host=host, cores=cores, compare=compare_with)
    click.echo(f"wrote {out / 'report.md'} and {html}")
