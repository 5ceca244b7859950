"""FlexLib characterization (lctime + ngspice on the PDKMaster netlists) against an independent ngspice transient,
and against physics: a 45 nm inverter's FO4 delay, a NAND2 slower than an inverter."""

from __future__ import annotations

import pytest

from cryptoppa import pdk
from cryptoppa.pdk import characterize as ch

pytestmark = pytest.mark.eda

SLEW_PS, LOAD_FF = 20.0, 2.9  # one point of inv_x1's shipped grid


@pytest.fixture(scope="module")
def cells(flexlib_home):
    netlists, models_dir = ch.export_netlists()
    return netlists, models_dir / ch.MODELS["nom"]


def test_inverter_delay_matches_an_ngspice_transient(cells, tmp_path):
    netlists, models = cells
    shipped = ch.parse(pdk.liberty(pdk.get("freepdk45"), "nom").read_text())
    # One grid point, a fresh cache: lctime runs.
    data = ch.characterize_cell(shipped, "inv_x1", netlists["inv_x1"], models,
                                ch.Options(slews_ps=(SLEW_PS,), loads_ff=(LOAD_FF,)),
                                cache=tmp_path / "cache")
    lib = ch.parse("library (x) {\n" + "\n".join(data["templates"]) + data["liberty"] + "\n}")
    timing = ch.cell_group(lib, "inv_x1").get_groups("pin", "nq")[0].get_groups("timing")[0]
    spice = ch.inverter_transient(tmp_path, netlists["inv_x1"], models, SLEW_PS, LOAD_FF)
    for table in ("cell_rise", "cell_fall"):
        ours = ch.lookup(lib, timing.get_groups(table)[0], SLEW_PS, LOAD_FF)
        assert ours == pytest.approx(spice[table], rel=0.04), (table, ours, spice)
    # Internal energy by the liberty convention (output edge, load's C*V^2 left out), from its own decks.
    energy = ch.arc_energy("inv_x1", netlists["inv_x1"], models, "!(i)", ["i"], "i", (SLEW_PS,), (LOAD_FF,),
                           1.0, 25.0, tmp_path / "energy")
    for table in ("rise_power", "fall_power"):
        assert energy[table][0][0] == pytest.approx(spice[table], abs=0.05), (table, energy, spice)
    # Charging the load is not internal energy: an output rise costs well under C*V^2 more than a fall.
    assert 0 < spice["rise_power"] + spice["fall_power"] < LOAD_FF
    # Leakage from the operating point: nanowatts per cell at 45 nm, not micro- or picowatts.
    assert all(1e-10 < w < 1e-7 for w in data["leakage_w"].values())


def test_liberty_functions_and_arcs():
    assert [ch.logic("(i0 ^ i1)", {"i0": a, "i1": b}) for a in (0, 1) for b in (0, 1)] == [0, 1, 1, 0]
    assert ch.logic("((i1 & (i0 | cmd)) | (i0 & !(cmd)))", {"i0": 1, "i1": 0, "cmd": 0}) == 1
    with pytest.raises(Exception, match="unsupported liberty function"):
        ch.logic("__import__('os')", {})


def test_physics_fo4_and_nand2_over_inverter(cells, tmp_path):
    netlists, models = cells
    inv = ch.fo4(tmp_path, netlists, models, "inv_x1", ch.INV_PINS)
    nand = ch.fo4(tmp_path, netlists, models, "na2_x1", ch.NAND2_PINS)  # a NAND2 driving four NAND2s
    # A 45 nm inverter's FO4 delay is some 10-40 ps; a 2-input NAND is slower than an inverter.
    assert 10 < inv < 40, inv
    assert 1.0 < nand / inv < 2.5, (nand, inv)
