"""The flip-flops of the characterized FlexLib (pdk/freepdk45_char) against independent ngspice transients of the
same netlist, and what OpenSTA makes of their groups: clock-to-q, setup by its stated criterion, the clear arc
and its recovery/removal checks, and the function groups kept from the repaired shipped library."""

from __future__ import annotations

import re

import pytest

from cryptoppa import pdk
from cryptoppa.pdk.charlib import checks, constraints, library, netlists, tables
from cryptoppa.tools import run

from support import predates_charlib

pytestmark = pytest.mark.eda

CHAR = pdk.get("freepdk45_char")
SLEW_PS, LOAD_FF = 20.0, 6.35  # a point of the flip-flops' grids (clock and data slew, load)


@pytest.fixture(scope="module")
def nom(flexlib_home):
    """(characterized liberty, shipped liberty, netlists, corner) at nom."""
    exported = netlists.export()
    cells, models_dir = exported.cells, exported.models_dir
    ours = tables.parse(pdk.liberty(CHAR, "nom").read_text())
    shipped = tables.parse(pdk.liberty(pdk.get("freepdk45"), "nom").read_text())
    return ours, shipped, cells, library.corner_of(ours, "nom", models_dir)


@predates_charlib("nom")
# Minutes of ngspice per flip-flop: the full tier (the default suite checks the combinational arcs' decks).
@pytest.mark.full
@pytest.mark.parametrize("cell", ["sff1_x4", "sff1r_x4"])
def test_clock_to_q_matches_an_ngspice_transient(nom, cell, tmp_path):
    ours, _, cells, corner = nom
    arc = tables.timing(tables.cell_group(ours, cell), "q", "ck", "rising_edge")
    spice = checks.flop_clock_to_q(tmp_path, cells[cell], corner, SLEW_PS, LOAD_FF, cell)
    for table in ("cell_rise", "cell_fall"):
        assert tables.lookup(ours, arc.get_groups(table)[0], SLEW_PS, LOAD_FF) == pytest.approx(
            spice[table], rel=0.02), table


@pytest.mark.full  # some 2.5 minutes: a dozen flip-flop transients
@predates_charlib("nom")
def test_setup_is_where_clock_to_q_grows_by_ten_percent(nom, tmp_path):
    """Data arriving the liberty's setup time before the clock (plus the bisection's tolerance) is captured within
    10 % of the nominal clock-to-q; a picosecond later, it is not."""
    ours, _, cells, corner = nom
    cell = tables.cell_group(ours, "sff1_x4")
    setup = tables.lookup(ours, tables.timing(cell, "i", "ck", "setup_rising").get_groups("rise_constraint")[0],
                          SLEW_PS, constrained_ps=SLEW_PS)
    nominal = checks.flop_clock_to_q(tmp_path, cells["sff1_x4"], corner, SLEW_PS, LOAD_FF)["cell_rise"]
    in_time = checks.flop_setup_rise(tmp_path, cells["sff1_x4"], corner, SLEW_PS, SLEW_PS, LOAD_FF,
                                     setup + constraints.TOLERANCE_PS)
    late = checks.flop_setup_rise(tmp_path, cells["sff1_x4"], corner, SLEW_PS, SLEW_PS, LOAD_FF, setup - 1.0)
    assert 0 < setup < 100
    assert in_time is not None and in_time <= (1 + constraints.PUSHOUT) * nominal * 1.005, (in_time, nominal)
    assert late is None or late > (1 + constraints.PUSHOUT) * nominal, (late, nominal)


def test_function_groups_stay_the_repaired_shipped_ones(nom):
    ours, shipped, _, _ = nom
    for name in ("sff1_x4", "sff1r_x4"):
        mine, theirs = tables.cell_group(ours, name), tables.cell_group(shipped, name)
        assert [str(g) for g in mine.get_groups("ff")] == [str(g) for g in theirs.get_groups("ff")]
        assert str(mine.get_groups("pin", "q")[0]["function"]) == str(theirs.get_groups("pin", "q")[0]["function"])
        assert mine.get_groups("pin", "ck")[0]["clock"] is not None


@predates_charlib("nom")
def test_the_clear_is_an_asynchronous_arc_with_recovery_and_removal(nom):
    ours, _, _, _ = nom
    cell = tables.cell_group(ours, "sff1r_x4")
    clear = tables.timing(cell, "q", "nrst", "clear")
    assert str(clear["timing_sense"]) == "positive_unate"
    assert clear.get_groups("cell_fall") and not clear.get_groups("cell_rise")  # the clear only pulls q low
    for kind in ("recovery_rising", "removal_rising"):
        check = tables.timing(cell, "nrst", "ck", kind)
        assert check.get_groups("rise_constraint"), kind


_DESIGN = """module reset_pair (clk, rst_n, d, q);
  input clk, rst_n, d;
  output q;
  wire n1;
  sff1r_x4 r0 (.ck(clk), .i(d), .nrst(rst_n), .q(n1));
  sff1r_x4 r1 (.ck(clk), .i(n1), .nrst(rst_n), .q(q));
endmodule
"""
_STA = """read_liberty {lib}
read_verilog reset_pair.v
link_design reset_pair
create_clock -name clk -period 1000 [get_ports clk]
set_input_delay 100 -clock clk [get_ports {{rst_n d}}]
set_output_delay 0 -clock clk [get_ports q]
set_input_transition 20 [all_inputs]
report_checks -to [get_pins r1/nrst] -path_delay max -format full
report_checks -to [get_pins r1/nrst] -path_delay min -format full
"""


@predates_charlib("nom")
def test_opensta_times_the_reset_as_recovery_and_removal(tmp_path):
    (tmp_path / "reset_pair.v").write_text(_DESIGN)
    (tmp_path / "check.tcl").write_text(_STA.format(lib=pdk.liberty(CHAR, "nom")))
    log = tmp_path / "sta.log"
    run("sta", ["-no_init", "-no_splash", "-exit", "check.tcl"], cwd=tmp_path, log=log, timeout=120)
    text = log.read_text()
    assert re.search(r"library recovery time", text), text[-2000:]
    assert re.search(r"library removal time", text), text[-2000:]
