"""`cryptoppa publish`: the reports under reports/ and the generated blocks of the READMEs and docs/, from committed
data."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import InputError
from ..paths import shown
from ..report import publish as publish_mod


def _sources(pairs: tuple[str, ...]) -> dict[str, Path] | None:
    if not pairs:
        return None
    out = {}
    for pair in pairs:
        role, sep, folder = pair.partition("=")
        if not sep or not folder:
            raise InputError(f"--from {pair!r}: expected ROLE=FOLDER with ROLE one of "
                             f"{', '.join(publish_mod.TABLES)}")
        out[role] = Path(folder)
    return out


@click.command()
@click.argument("name", required=False)
@click.option("--from", "sources", multiple=True, metavar="ROLE=FOLDER",
              help="take a table from this results folder (results=, cores=, host=; repeatable) "
                   "[default: the folders the publication's commands write, where present]")
@click.option("--check", is_flag=True, help="rebuild into a scratch folder and list what differs; exit 1 if anything")
@click.option("--sample", is_flag=True, help="with --check: also measure a sample of each measured grid again (the "
              "slowdown's) and compare it with the committed rows within the grid's stated tolerance (minutes)")
def publish(name: str | None, sources: tuple[str, ...], check: bool, sample: bool):
    """Rebuild reports/ and the generated blocks of the READMEs and docs/ from the data committed beside them.

    With NAME (a publication under reports/, e.g. thesis or designs), first copy its tables from results folders into
    reports/NAME/data/ as compact CSV."""
    if check:
        if name or sources:
            raise InputError("--check takes no NAME or --from: it checks every publication against its data")
        problems = publish_mod.check(sample)
        for line in problems:
            click.echo(line)
        if problems:
            raise click.exceptions.Exit(1)
        click.echo("every published report and generated block matches its committed data")
        return
    if sample:
        raise InputError("--sample re-runs a sample for --check: give --check too")
    if sources and not name:
        raise InputError("--from needs a publication NAME")
    written = publish_mod.publish(name, _sources(sources)) if name else publish_mod.rebuild_all()
    for path in written:
        click.echo(f"wrote {shown(path)}")
