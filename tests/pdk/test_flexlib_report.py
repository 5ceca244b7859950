"""reports/flexlib: the FlexLib answer model (cryptoppa.answers.flexlib) on the committed CSVs, recomputed here from the
rows themselves."""

import csv
import math

import pytest

from cryptoppa import pdk
from cryptoppa.answers.flexlib import build
from cryptoppa.answers.records import text
from cryptoppa.pdk.stage_delay import fo4_delay_ps
from support import ROOT

DATA = ROOT / "reports" / "flexlib" / "data"


def _rows(name: str) -> list[dict]:
    with open(DATA / f"{name}.csv") as f:
        return list(csv.DictReader(f))


def test_ratios_are_the_rows_geometric_means_with_non_positive_points_counted_out():
    model = build(DATA)
    arcs = _rows("arcs")
    for t in model.tables:
        rows = [r for r in arcs if r["table"] == t.table]
        ratios = [float(r["ours"]) / float(r["shipped"]) for r in rows if float(r["ours"]) > 0 and float(r["shipped"]) > 0]
        assert t.points.value == len(ratios) and t.left_out.value == len(rows) - len(ratios)
        assert t.geomean.value == pytest.approx(math.exp(sum(map(math.log, ratios)) / len(ratios)))
        assert (t.least.value, t.most.value) == (min(ratios), max(ratios))
    assert [t.table for t in model.tables] == ["cell_rise", "cell_fall", "rise_transition", "fall_transition",
                                               "rise_power", "fall_power"]


def test_checks_against_ngspice_and_the_corner_come_from_the_data_and_the_liberty():
    model = build(DATA)
    physics = {(r["source"], r["quantity"]): float(r["value"]) for r in _rows("physics")}
    assert model.fo4["ngspice"]["inv_x1"].value == physics[("ngspice", "fo4_inv_x1_ps")]
    (rise,) = [c for c in model.inverter if c.table == "cell_rise"]
    assert (rise.slew.value, rise.load.value) == (20.0, 2.9)  # read from the check's key, not typed
    assert rise.ratio.value == pytest.approx(physics[("ours", "inv_x1_cell_rise_20ps_2.9ff")]
                                             / physics[("ngspice", "inv_x1_cell_rise_20ps_2.9ff")])
    assert {c.load.value for c in model.flop} == {6.35}
    assert (model.corner["supply"].value, model.corner["temperature"].value) == (1.0, 25.0)
    assert len(model.cells) == len({r["cell"] for r in _rows("cells")})


def test_a_library_has_one_fo4_in_every_report():
    """The FlexLib report's liberty FO4 is the stage-delay table's (OpenSTA on the FO4 chain), as shown: one FO4 per
    library, whichever report a reader opens."""
    physics = {(r["source"], r["quantity"]): float(r["value"]) for r in _rows("physics")}
    with open(ROOT / "reports" / "libraries" / "data" / "stage_delay.csv") as f:
        stages = {(r["pdk"], r["corner"]): float(r["fo4_ps"]) for r in csv.DictReader(f) if r["wire_load"] == "none"}
    for source, library in (("ours", ("freepdk45_char", "nom")), ("shipped", ("freepdk45", "nom"))):
        assert text("fo4_ps", physics[(source, "fo4_inv_x1_ps")]) == text("fo4_ps", stages[library]), source


@pytest.mark.eda
def test_a_nand2_chain_holds_its_other_input_high(tmp_path):
    """The NAND2 FO4 chain ties i1 high, so the gate inverts along the chain: OpenSTA times a stage slower than the
    inverter's, on the same liberty."""
    lib = pdk.liberty(pdk.get("freepdk45_char"), "nom")
    inv = fo4_delay_ps(tmp_path / "inv", lib, "inv_x1", "i", "nq")
    nand = fo4_delay_ps(tmp_path / "nand", lib, "na2_x1", "i0", "nq", ties={"i1": 1})
    assert 1.0 < nand / inv < 2.0
