"""The Nangate45 calibration as published (reports/libraries/data): what must hold between the libraries."""

from __future__ import annotations

import pytest

from cryptoppa.report.basis import basis_of
from cryptoppa.report.libraries import comparison
from cryptoppa.report.load import load_results
from support import ROOT

PUBLISHED = ROOT / "reports" / "libraries" / "data"


@pytest.mark.skipif(not (PUBLISHED / "stage_delay.csv").is_file(), reason="no published stage delays")
def test_published_libraries_side_by_side():
    results = load_results(PUBLISHED)
    table = comparison(results, basis_of(results))
    assert set(table["library"]) >= {"freepdk45/nom", "freepdk45_char/nom", "nangate45/typ"}
    for design, g in table.groupby("design"):
        # The same RTL is about the same number of gates whatever the library: kGE is the comparable unit.
        assert g["kGE"].max() / g["kGE"].min() < 1.15, design
        n45 = g[g["library"] == "nangate45/typ"].set_index("wire-load model")
        # Wire load only adds capacitance: never faster with it, never less power, the same cells.
        assert n45.loc["off", "fmax MHz"] > n45.loc["5K_hvratio_1_1", "fmax MHz"]
        assert n45.loc["off", "FO4 ps"] < n45.loc["5K_hvratio_1_1", "FO4 ps"]
        assert n45.loc["off", "kGE"] == n45.loc["5K_hvratio_1_1", "kGE"]
        # The period is the stage count times the stage: the columns agree with each other.
        assert ((1e6 / g["fmax MHz"] / g["FO4 ps"] / g["cycle in FO4"] - 1).abs() < 1e-3).all()
