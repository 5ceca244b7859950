"""Energy per byte of software AES-GCM on the gate-level rv32_mc netlist (cryptoppa.activity.core_workload).

The gate-level run takes several minutes in Icarus (~150k cycles of a 7k-cell netlist), hence `full`;
the CI test checks that the harness and the netlist elaborate and run together.
"""

from pathlib import Path

import pytest

from cryptoppa.activity.annotate import annotation
from cryptoppa.activity.core_workload import annotated_power, core_energy, simulate
from cryptoppa.activity.vcd import Activity, NetActivity
from cryptoppa.baselines import cores
from cryptoppa.errors import CryptoppaError
from cryptoppa.pdk import get, liberty
from cryptoppa.sim.core_sim import run_core
from cryptoppa.sw import build_firmware, check_results

pytestmark = pytest.mark.eda


def _power_with(activity: Activity, run_dir, out):
    out.mkdir(parents=True)
    tcl = out / "bound.tcl"
    tcl.write_text(annotation(activity, run_dir / "netlist.v", "clk").tcl)
    return annotated_power(run_dir, tcl, out / "sta", activity.period_ps / 1000.0)["power__total"]


@pytest.mark.full
def test_table_gcm_line_energy_on_rv32_mc_netlist(tmp_path):
    matrix = cores.CoreMatrix()  # rv32_mc ZK=0, table, -O2, AES-128, 100 MHz
    ppa = cores._ppa("rv32_mc", 0, matrix, tmp_path / "cache")
    assert ppa["ppa_status"] in ("ok", "cached"), ppa["ppa_error"]
    run_dir = Path(ppa["ppa_run_dir"])
    elf = build_firmware("table", 128, "-O2", "rv32i", long_bytes=0, cbc_bytes=(), out_dir=tmp_path / "fw")
    rtl = run_core("rv32_mc", elf, tmp_path, params={"ZK": 0})
    e = core_energy(run_dir, elf, liberty=liberty(get("freepdk45"), "nom"), top="rv32_mc", clock_mhz=100.0,
                    out_dir=tmp_path / "energy")

    # The netlist with the generated cell models computes the same GCM, in the same cycles, as the RTL.
    assert check_results(e.rows) == 1
    assert e.uart == rtl.uart
    assert e.window_cycles == e.rows[0]["cycles"]  # the window is exactly the firmware's t0..t2
    assert e.coverage > 0.9
    assert e.energy_per_byte_pj > 0
    assert e.energy_per_byte_pj == pytest.approx(e.power["power__total"] * e.window_cycles * 10e-9 / 64 * 1e12)

    # Bounds from the same nets: zero-delay simulation changes a data net at most once per cycle, so the
    # annotated power lies between every net quiet (clock and leakage only) and every net toggling each cycle.
    a = e.activity
    quiet = Activity({n: NetActivity(0, s.high_ps) for n, s in a.nets.items()}, a.period_ps, a.cycles)
    busy = Activity({n: NetActivity(a.cycles, a.cycles * a.period_ps / 2) for n in a.nets}, a.period_ps, a.cycles)
    p_quiet = _power_with(quiet, run_dir, tmp_path / "quiet")
    p_busy = _power_with(busy, run_dir, tmp_path / "busy")
    assert p_quiet < e.power["power__total"] < p_busy


def test_gate_level_core_runs_in_harness_and_reports_a_timeout(tmp_path):
    ppa = cores._ppa("rv32_mc", 0, cores.CoreMatrix(), tmp_path / "cache")
    elf = build_firmware("table", 128, "-O2", "rv32i", long_bytes=0, cbc_bytes=(), out_dir=tmp_path / "fw")
    # 1500 cycles: far too few for the firmware. core_tb (unchanged) reports a stall after 1000 cycles without a
    # memory request, so its timeout shows the netlist fetching and running through the forwarded ports.
    with pytest.raises(CryptoppaError, match=r"did not reach its exit store \(timeout 1500 0"):
        simulate(Path(ppa["ppa_run_dir"]), elf, liberty=liberty(get("freepdk45"), "nom"), top="rv32_mc",
                 period_ns=10.0, out_dir=tmp_path / "sim", max_cycles=1500)
    with pytest.raises(CryptoppaError, match="no netlist.v"):
        simulate(tmp_path, elf, liberty=liberty(get("freepdk45"), "nom"), top="rv32_mc", period_ns=10.0,
                 out_dir=tmp_path / "sim2")
