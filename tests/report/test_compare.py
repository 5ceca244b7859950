"""`cryptoppa compare A B` and `report --compare`: per-point ratios of two results folders (nom vs slow corner)."""

import pytest
from click.testing import CliRunner
from conftest import synthetic_frame, write_results

from cryptoppa.cli import cli
from cryptoppa.answers.compare import compare
from cryptoppa.catalog import AREA, POWER
from cryptoppa.answers.results import load_results


@pytest.fixture
def two_corners(tmp_path):
    nom = synthetic_frame()
    slow = nom.copy()
    slow["corner"] = "slow"
    slow[AREA] *= 1.25
    slow[POWER] *= 0.8
    slow["timing__fmax__mhz"] *= 0.5
    # A point only nom has (cbc_mac N=16), one only slow has (cbc_mac N=32).
    nom_only = (nom.design == "cbc_mac") & (nom.n == 16)
    slow.loc[nom_only, "n"] = 32
    return write_results(tmp_path / "nom", nom), write_results(tmp_path / "slow", slow)


def test_ratios_and_unmatched_points(two_corners):
    result = compare(*(load_results(f) for f in two_corners))
    assert result.differing == {"corner": ("nom", "slow")}
    assert "corner" not in result.matched_on and {"design", "n", "pdk", "LINE_BYTES"} <= set(result.matched_on)
    assert len(result.table) == 9  # 2 designs x 5 N, less the one each side lacks
    assert (result.table["area B/A"] == 1.25).all() and (result.table["power B/A"] == 0.8).all()
    assert (result.table["fmax B/A"] == 0.5).all() and (result.table["cycles/line B/A"] == 1).all()
    assert result.only_a == ["cbc_mac N=16"] and result.only_b == ["cbc_mac N=32"]


def test_cli_and_report_section(two_corners, tmp_path):
    a, b = two_corners
    out = CliRunner().invoke(cli, ["compare", str(a), str(b)])
    assert out.exit_code == 0, out.output
    assert "compared across corner: nom (A) vs slow (B)" in out.output and "area B/A" in out.output
    assert "only in A: cbc_mac N=16" in out.output and "only in B: cbc_mac N=32" in out.output
    result = CliRunner().invoke(cli, ["report", str(a), "--out", str(tmp_path / "r"), "--compare", str(b),
                                      "--bandwidth", "desktop-25.6"])
    assert result.exit_code == 0, result.output
    md = (tmp_path / "r" / "report.md").read_text()
    assert "## Compared with slow" in md and "Only in B: cbc_mac N=32." in md
