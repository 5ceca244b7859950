"""Energy per byte of firmware on the gate-level rv32_mc netlist (cryptoppa.flow.core_energy, activity/gatesim.py).

The Verilator path (SAIF over the firmware's window) is checked against the Icarus reference (VCD over the same
window) on a small firmware (window_fw.S): every net but the clock has the same toggle count and time high, so
the annotated power is the same. The Verilator build of the netlist (~40 s) is shared by the module's tests.
"""

from pathlib import Path

import pytest

from cryptoppa import settings
from cryptoppa.activity.annotate import annotation
from cryptoppa.activity.core_workload import simulate
from cryptoppa.activity.gatesim import build_gate_sim, run_gate_sim
from cryptoppa.activity.vcd import Activity, NetActivity
from cryptoppa.baselines import cores
from cryptoppa.errors import CryptoppaError
from cryptoppa.flow.core_energy import annotated_power, core_energy
from cryptoppa.pdk import get, liberty
from cryptoppa.sim.core_sim import run_core
from cryptoppa.sw import build_firmware, check_results, compile_elf
from cryptoppa.stages import flow_point

pytestmark = pytest.mark.eda
HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def mc(tmp_path_factory):
    """(run dir of rv32_mc ZK=0, its Verilator gate-level simulator, liberty, its flow point)."""
    # The user's run cache, as the README commands use it: content-addressed, so a warm rerun skips the
    # core's synthesis and the Verilator build of its netlist.
    work, cache = tmp_path_factory.mktemp("mc"), settings.current().cache
    ppa = cores._ppa("rv32_mc", 0, cores.CoreMatrix(), cache)
    assert ppa["ppa_status"] in ("ok", "cached"), ppa["ppa_error"]
    run_dir, lib = Path(ppa["ppa_run_dir"]), liberty(get("freepdk45"), "nom")
    point = flow_point(cores.core_point("rv32_mc", 0, cores.CoreMatrix()).request(), work)
    return run_dir, build_gate_sim(run_dir / "netlist.v", liberty=lib, top="rv32_mc", cache=cache), lib, point


@pytest.fixture(scope="module")
def window_elf(tmp_path_factory):
    out = tmp_path_factory.mktemp("fw") / "window_fw.elf"
    flags = ["-march=rv32i_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles", "-static",
             f"-T{HERE.parents[1] / 'designs' / 'sw' / 'link.ld'}"]
    return compile_elf([HERE / "window_fw.S"], flags, out, out.with_suffix(".log"))


def _power_with(activity: Activity, run_dir, point, out):
    out.mkdir(parents=True)
    tcl = out / "bound.tcl"
    tcl.write_text(annotation(activity, run_dir / "netlist.v", "clk").tcl)
    assert activity.period_ps / 1000.0 == pytest.approx(point.period_ns)
    return annotated_power(point, run_dir, tcl, out / "sta")


def test_verilator_saif_activity_equals_icarus_vcd_activity(mc, window_elf, tmp_path):
    run_dir, sim, lib, point = mc
    uart_v, act_v = run_gate_sim(sim, window_elf, period_ns=10.0, out_dir=tmp_path / "v")
    uart_i, act_i, _, _ = simulate(run_dir, window_elf, liberty=lib, top="rv32_mc", period_ns=10.0,
                                   out_dir=tmp_path / "i")
    assert uart_v == uart_i == "ok\n"
    assert (act_v.cycles, act_v.period_ps) == (act_i.cycles, act_i.period_ps)
    assert 1000 < act_v.cycles < 1400  # the window: the 40-iteration loop between the 1st and 3rd counter reads
    assert set(act_v.nets) == set(act_i.nets) and len(act_v.nets) > 7000
    # The clock is left to OpenSTA's clock model; every other net of the netlist matches exactly.
    differ = [n for n in act_i.nets if n != "clk" and act_v.nets[n] != act_i.nets[n]]
    assert differ == []
    assert sum(a.toggles for a in act_v.nets.values()) > 100 * act_v.cycles  # the window is not idle
    p_v = _power_with(act_v, run_dir, point, tmp_path / "pv")
    p_i = _power_with(act_i, run_dir, point, tmp_path / "pi")
    assert p_v["power__total"] == pytest.approx(p_i["power__total"], rel=1e-6)


def test_gate_level_runs_report_timeouts_and_missing_netlists(mc, window_elf, tmp_path):
    run_dir, sim, lib, point = mc
    # 300 cycles: too few for the firmware; core_tb (unchanged) reports its timeout through either simulator.
    with pytest.raises(CryptoppaError, match=r"did not reach its exit store \(timeout 300 0"):
        run_gate_sim(sim, window_elf, period_ns=10.0, out_dir=tmp_path / "v", max_cycles=300)
    with pytest.raises(CryptoppaError, match=r"did not reach its exit store \(timeout 300 0"):
        simulate(run_dir, window_elf, liberty=lib, top="rv32_mc", period_ns=10.0, out_dir=tmp_path / "i",
                 max_cycles=300)
    for call in (lambda: simulate(tmp_path, window_elf, liberty=lib, top="rv32_mc", period_ns=10.0,
                                  out_dir=tmp_path / "i2"),
                 lambda: build_gate_sim(tmp_path / "netlist.v", liberty=lib, top="rv32_mc", cache=tmp_path)):
        with pytest.raises(CryptoppaError, match="no netlist.v"):
            call()
    with pytest.raises(CryptoppaError, match="simulator 'vcs'"):
        core_energy(point, run_dir, window_elf, tmp_path / "e", simulator="vcs")


@pytest.mark.full
def test_table_gcm_line_energy_on_rv32_mc_netlist(mc, tmp_path):
    run_dir, sim, lib, point = mc
    elf = build_firmware("table", 128, "-O2", "rv32i", long_bytes=0, cbc_bytes=(), out_dir=tmp_path / "fw")
    rtl = run_core("rv32_mc", elf, tmp_path, params={"ZK": 0})
    e = core_energy(point, run_dir, elf, tmp_path / "energy")

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
    p_quiet = _power_with(quiet, run_dir, point, tmp_path / "quiet")["power__total"]
    p_busy = _power_with(busy, run_dir, point, tmp_path / "busy")["power__total"]
    assert p_quiet < e.power["power__total"] < p_busy
