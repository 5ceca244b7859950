import dataclasses
import re

import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.owen2013 import OWEN2013
from cryptoppa.feasibility.paper import consistency_checks, fit_comparison, paper_frame, recompute


@pytest.fixture(scope="module")
def rows():
    return {row.option: row for row in recompute("owen2013")}


@pytest.mark.parametrize(
    ("option", "exact", "count", "study", "flagged"),
    [
        ("asic", 218.7, 219, "220", False),
        ("fpga", 232.1, 233, "230", False),
        ("x86-c", 417.2, 418, "590", True),
        ("x86-asm", 208.6, 209, "210", False),
        ("x86-isa", 33.2, 34, "34", False),
        ("arm", 1624.1, 1625, "1600", False),
    ],
)
def test_instance_counts(rows, option, exact, count, study, flagged):
    row = rows[option]
    assert round(row.instances_exact, 1) == exact
    assert row.instances == count
    assert study in row.study_wrote
    assert row.discrepancy is flagged


def test_asic_power_and_area(rows):
    asic = rows["asic"]
    assert round(asic.power_w, 2) == 2.42  # 11.05*219 + 2.12 mW
    assert asic.power_w == pytest.approx(2.42207)
    assert round(asic.area_mm2, 2) == 16.27  # 74125*219 + 34762 um^2
    assert asic.area_mm2 == pytest.approx(16.268137)
    assert "2.4 W" in asic.study_wrote and "16.3" in asic.study_wrote


def test_fpga_power(rows):
    fpga = rows["fpga"]
    assert round(fpga.power_w, 1) == 45.2  # 192.9*233 + 216.3 mW
    assert "44.7 W" in fpga.study_wrote
    # 882.5 Mb/s is 212 MHz (Owen 2013, Table 5.1 Fmax) x 512 / 123: it follows from the study's own clock and cycles.
    assert abs(fpga.derived_mbps - 882.5) < 0.1 and "FLAG" not in fpga.note
    assert fpga.area_mm2 is None


def test_x86_c_note_explains(rows):
    note = rows["x86-c"].note
    assert "590" in note and "418" in note and "490.9" in note


def test_software_power_is_instances_times_processor(rows):
    assert rows["arm"].power_w == pytest.approx(1625 * 2.0)
    assert rows["x86-isa"].power_w == pytest.approx(34 * 35.0)
    assert rows["alpha"].study_wrote == "" and not rows["alpha"].discrepancy


def test_area_fit_at_one_module_flagged_and_refit():
    cmp = fit_comparison("owen2013").set_index("metric")
    area = cmp.loc["area"]
    assert round(area["printed_fit_at_1"] / 1e3, 1) == 108.9
    assert area["table_at_1"] == 89e3
    assert bool(area["discrepancy"])
    # The printed fit is what OLS gives on the table: slope and intercept close, inside the CI.
    lo, hi = area["refit_slope_ci"]
    assert lo <= 74125 <= hi
    assert area["refit_slope"] == pytest.approx(74094.1, abs=0.1)
    assert area["refit_intercept"] == pytest.approx(34416.7, abs=0.1)
    assert bool(area["nonlinear"])  # per-module area falls with N
    assert area["printed_fit_at_n"] == pytest.approx(16_268_137)
    power = cmp.loc["power"]
    assert power["refit_slope"] == pytest.approx(11.364, abs=1e-3)
    assert power["printed_fit_at_n"] == pytest.approx(2422.07)


def test_other_bandwidth_is_not_compared():
    rows = {r.option: r for r in recompute("owen2013", bandwidth_bits=2 * 204.8e9)}
    assert rows["asic"].instances == 438
    assert rows["x86-c"].discrepancy is False and rows["x86-c"].study_wrote == ""


def test_consistency_checks():
    checks = consistency_checks().set_index("check")
    clocks = checks.loc["engine clocks (Owen 2013, Table 5.1): start-up + 4 blocks + tag vs clocks per line"]
    assert clocks["recomputed"] == 124 and clocks["printed"] == 123
    for option in ("asic", "fpga", "x86-c", "x86-asm", "x86-isa", "alpha", "arm"):
        assert not bool(checks.loc[f"{option}: printed Mb/s vs clock / cycles", "discrepancy"]), option
    # Where the study disagrees with itself, the table says so and names both of its tables.
    table61 = checks.loc["fpga: Owen 2013, Table 6.1 prints 200 MHz beside 882.5 Mb/s"]
    assert bool(table61["discrepancy"]) and "Table 5.1" in table61["note"] and "212 MHz" in table61["note"]


def test_every_figure_cites_the_study_by_table_or_equation():
    cite = re.compile(r"Owen 2013, (Table \d\.\d|Eq\. \d\.\d|§\d)")
    for option in OWEN2013.options:
        assert cite.search(option.source), option.key
    for fit in OWEN2013.fpga_fits.values():
        assert cite.search(fit.source)
    assert cite.search(OWEN2013.asic_table_source)


def test_frame_and_data_are_frozen():
    df = paper_frame()
    assert len(df) == len(OWEN2013.options) == 7
    with pytest.raises(dataclasses.FrozenInstanceError):
        OWEN2013.options[0].throughput_mbps = 1.0
    with pytest.raises(InputError, match="owen2013"):
        recompute("nobody1999")
