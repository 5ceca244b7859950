"""`cryptoppa compare A B`: per-point ratios between two results folders."""

from __future__ import annotations

from pathlib import Path

import click

from ..feasibility.report_text import to_markdown
from ..answers.compare import compare as compare_results
from ..answers.compare import summary
from ..answers.results import load_results


@click.command()
@click.argument("a", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.argument("b", type=click.Path(exists=True, file_okay=False, path_type=Path))
def compare(a: Path, b: Path):
    """Ratios B / A of area, fmax, power and cycles per line for the points both results folders have.

    Points are matched on design, parameters, N, PDK, corner, clock, activity and array mode, except the
    columns with one value in A and another in B (e.g. the corner): those are what is compared.
    """
    result = compare_results(load_results(a), load_results(b))
    click.echo(f"A: {a}\nB: {b}\n{summary(result)}\n")
    click.echo(to_markdown(result.table) if not result.table.empty else "(no point on both sides)")
    for side, points in (("A", result.only_a), ("B", result.only_b)):
        if points:
            click.echo(f"\nonly in {side}: " + "; ".join(points))
