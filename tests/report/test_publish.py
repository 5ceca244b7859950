"""Published documents are regenerated from committed data: the committed text must match a rebuild."""

from __future__ import annotations

import shutil

import pandas as pd
import pytest

from cryptoppa.errors import CryptoppaError
from cryptoppa.report import generated, publications, publish
from support import ROOT

DATA_FILES = sorted((ROOT / "reports").glob("*/data/*.csv"))


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_published_data_is_compact_and_machine_free(path):
    assert path.stat().st_size < 200_000
    table = pd.read_csv(path)
    text = path.read_text()
    assert not set(publish._MACHINE_COLUMNS) & set(table.columns)
    assert "/root/" not in text and "/home/" not in text and "/work/" not in text


def test_published_reports_cite_repository_paths():
    for report in (ROOT / "reports").glob("*/report.md"):
        text = report.read_text()
        assert "/root/" not in text and "/work/" not in text and "/home/" not in text, report


def test_check_catches_an_edited_report_and_a_stale_block(tmp_path, monkeypatch):
    # The FlexLib report: the quickest publication to build, and this test builds it four times.
    pub = publish.PUBLICATIONS["flexlib"]
    monkeypatch.setattr(publications, "REPORTS", tmp_path)
    shutil.copytree(ROOT / "reports" / "flexlib" / "data", tmp_path / "flexlib" / "data")
    monkeypatch.setattr(publish, "PUBLICATIONS", {"flexlib": pub})
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- generated: settings -->\nold\n<!-- end generated -->\nafter\n")
    monkeypatch.setattr(generated, "FILES", (readme,))
    problems = publish.check()
    assert any("flexlib/report.md" in p for p in problems) and any("'settings'" in p for p in problems)
    publish.rebuild_all()
    assert publish.check() == []
    assert readme.read_text().startswith("intro\n<!-- generated: settings -->\n| variable |")
    report = tmp_path / "flexlib" / "report.md"
    report.write_text(report.read_text().replace("## Basis", "## Basics", 1))
    assert len(publish.check()) == 1


def test_unknown_block_is_named(tmp_path, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text("<!-- generated: nope -->\n<!-- end generated -->\n")
    with pytest.raises(CryptoppaError, match="unknown generated block 'nope'"):
        generated.rewrite_all((readme,))


def test_compact_leaves_the_measuring_machine_out_of_text_columns():
    # pandas 3 reads text columns as the str dtype (not object): they must be cleaned all the same.
    import pandas as pd
    from pathlib import Path
    from cryptoppa.report.publish import compact
    home = str(Path.home())
    table = pd.DataFrame({"design": pd.Series(["a", "b"], dtype="str"), "run_dir": [f"{home}/r1", f"{home}/r2"],
                          "error": pd.Series(["", f"a does not fit X (log: {home}/.cache/r/log.txt)"], dtype="str"),
                          "where": pd.Series([f"{home}/x", "y"], dtype="str")})
    out = compact(table)
    assert list(out.columns) == ["design", "error"]
    assert list(out["error"]) == ["", "a does not fit X"]
