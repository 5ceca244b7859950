"""Published reports, regenerated from data committed beside them.

`reports/<name>/data/` holds compact CSV copies of the tables a report is built from: the sweep's results, and
optionally the host and RV32-core baselines. They are kilobytes, name no run folder and no path of the machine
that measured them. `publish(name, sources)` refreshes a report's data from results folders and rebuilds it;
`rebuild_all` rebuilds every report and every generated block from the committed data; `check` rebuilds into
a scratch folder and lists what differs, which the default test suite fails on; `check(sample=True)` also re-runs a
sample of each measured grid (the slowdown's) and compares it with the committed rows, which the full tier runs.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pandas as pd

from ..errors import InputError, without_log
from ..paths import ROOT, shown
from ..sweep import results as results_mod
from ..answers import records
from . import generated
from .build import build_report
from .publications import DATA, PUBLICATIONS, REPORTS, TABLES, Publication, get
from .reference import build_reference

REFERENCE = REPORTS / "reference"  # the studies' arithmetic and the presets: built from code, not from data

# Columns that hold where a row's run lived on the measuring machine: provenance of that machine, not data.
_MACHINE_COLUMNS = ("run_dir", "log", "sources", "ppa_run_dir", "synth_run_dir")


def compact(table: pd.DataFrame) -> pd.DataFrame:
    """The table without the measuring machine in it: run-folder columns dropped, paths inside the checkout made
    relative, the home folder written as ~ and a failed row's log left out of its message, and any other column of
    absolute paths dropped."""
    out = table.drop(columns=[c for c in _MACHINE_COLUMNS if c in table.columns])
    if "error" in out.columns:  # a failed row's message ends with its log on the measuring machine
        out["error"] = out["error"].map(lambda m: without_log(m) if isinstance(m, str) else m)
    home = str(Path.home())
    # pandas 3 reads text as the str dtype, earlier versions as object
    for col in [c for c in out.columns if pd.api.types.is_object_dtype(out[c]) or pd.api.types.is_string_dtype(out[c])]:
        text = out[col].where(out[col].isna(), out[col].astype(str).str.replace(f"{ROOT}/", "", regex=False)
                              .str.replace(home, "~", regex=False))
        out[col] = text
        if text.dropna().astype(str).str.startswith(("/", "~")).any():  # a path of the measuring machine
            out = out.drop(columns=[col])
    return out


def snapshot(pub: Publication, sources: dict[str, Path]) -> list[Path]:
    """Copy each role's table from its results folder into the publication's data as compact CSV."""
    written = []
    for role, folder in sources.items():
        if role not in TABLES:
            raise InputError(f"table role {role!r}: expected one of {', '.join(TABLES)}")
        table = results_mod.read(folder, TABLES[role])
        if table.empty:
            raise InputError(f"{folder}: no {TABLES[role]} to publish as {role}")
        out = pub.folder / DATA / Path(TABLES[role]).with_suffix(".csv").name
        out.parent.mkdir(parents=True, exist_ok=True)
        compact(table).to_csv(out, index=False)
        written.append(out)
    return written


def _role_folder(pub: Publication, role: str) -> Path | None:
    data = pub.folder / DATA
    return data if results_mod.table_path(data, TABLES[role]) is not None else None


def build(pub: Publication, out: Path) -> Path:
    data = pub.folder / DATA
    if _role_folder(pub, pub.main_role) is None:
        csv = Path(TABLES[pub.main_role]).with_suffix(".csv").name
        raise InputError(f"{shown(data)}: no {csv} (run `{pub.sources[pub.main_role].command}`, then "
                         f"`cryptoppa publish {pub.name}`)")
    present = [role for role in pub.sources if _role_folder(pub, role)]
    produced_by = tuple(pub.sources[role].command for role in present)
    with records.document(f"reports/{pub.name}/report.md"):
        if pub.builder is not None:
            return pub.builder(data, out, produced_by)
        return build_report(data, out, pub.question, host=_role_folder(pub, "host"), cores=_role_folder(pub, "cores"),
                            title=pub.title or f"cryptoppa report: {pub.name}", produced_by=produced_by,
                            evidence=pub.evidence)


def rebuild_all() -> list[Path]:
    written = [build(pub, pub.folder) for pub in PUBLICATIONS.values() if _role_folder(pub, pub.main_role)]
    return written + [build_reference(REFERENCE)] + generated.rewrite_all()


def check(sample: bool = False) -> list[str]:
    """What differs between the committed documents and a rebuild from the committed data; with `sample`, also
    between each measured grid's committed rows and a sample of it measured again (Publication.recheck)."""
    problems = []
    with tempfile.TemporaryDirectory(prefix="cryptoppa-publish-") as tmp:
        if sample:
            problems += [p for pub in PUBLICATIONS.values() if pub.recheck and _role_folder(pub, pub.main_role)
                         for p in pub.recheck(pub.folder / DATA, Path(tmp) / "cache")]
        for pub in PUBLICATIONS.values():
            if _role_folder(pub, pub.main_role) is None:
                continue
            out = Path(tmp) / pub.name
            build(pub, out)
            committed = pub.folder / "report.md"
            if not committed.is_file() or committed.read_text() != (out / "report.md").read_text():
                problems.append(f"{shown(committed)} differs from a rebuild from {shown(pub.folder / DATA)}")
            for figure in sorted((out / "figures").glob("*.svg")):
                if not (pub.folder / "figures" / figure.name).is_file():
                    problems.append(f"{shown(pub.folder / 'figures' / figure.name)} is missing")
            linked = committed.read_text() if committed.is_file() else ""
            for figure in sorted((pub.folder / "figures").glob("*.*")):  # a figure no report links is stale
                if f"figures/{figure.stem}." not in linked:
                    problems.append(f"{shown(figure)} is linked from no report (remove it)")
        build_reference(Path(tmp) / "reference")
        committed = REFERENCE / "report.md"
        if not committed.is_file() or committed.read_text() != (Path(tmp) / "reference" / "report.md").read_text():
            problems.append(f"{shown(committed)} differs from a rebuild (`cryptoppa publish`)")
    problems += generated.stale()
    return problems


def publish(name: str, sources: dict[str, Path] | None = None) -> list[Path]:
    """Refresh a publication's data from results folders (default: the folders its commands write, where they
    exist), then rebuild it and every generated block."""
    pub = get(name)
    if sources is None:
        sources = {role: Path(source.folder) for role, source in pub.sources.items()
                   if results_mod.table_path(Path(source.folder), TABLES[role]) is not None}
    if pub.main_role not in sources and _role_folder(pub, pub.main_role) is None:
        raise InputError(f"no results for {name}: run `{pub.sources[pub.main_role].command}` first")
    written = snapshot(pub, sources)
    figures = pub.folder / "figures"
    if figures.is_dir():
        shutil.rmtree(figures)  # figures of sections the new data no longer has must not linger
    return written + [build(pub, pub.folder), build_reference(REFERENCE)] + generated.rewrite_all()
