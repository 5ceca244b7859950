"""Simulated activity annotated into OpenSTA: exact toggle rates, hand-computed switching power, checks that fail."""

import json
import re
import subprocess
from pathlib import Path

import pytest
from liberty.parser import parse_liberty

from cryptoppa import designs, flow, pdk
from cryptoppa.activity.capture import capture
from cryptoppa.activity.vcd import read_activity
from cryptoppa.errors import CryptoppaError
from cryptoppa.flow import FlowPoint, design_point, make_sta_plan, make_synth_plan
from cryptoppa.runs import sha256_file

from support import load_metrics, run_cli

pytestmark = pytest.mark.eda
PERIOD_NS = 1000 / 225


def characterize(name, runs, activity, **params):
    d = designs.get(name)
    point = design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params=d.resolve_params(params),
                         activity_mode=activity)
    return flow.characterize(point, runs).run_dir


def _liberty(run: Path) -> Path:
    return Path(json.loads((run / "run.json").read_text())["liberty"]["path"])


@pytest.fixture(scope="module")
def counter_run(flexlib_home, runs_dir):
    out = run_cli("run", "--design", "counter", "--param", "WIDTH=8", "--activity", "sim:enable", "--runs", runs_dir)
    assert out.returncode == 0, out.stderr
    return Path(re.search(r"^run: (\S+)", out.stdout, re.M).group(1))


def test_counter_bit_k_toggles_once_every_2_to_the_k_cycles(counter_run):
    cap = capture(counter_run, "enable", liberty=_liberty(counter_run), top="counter", period_ns=PERIOD_NS,
                  clock="clk", reset="rst", out_dir=counter_run.parent / "counter_capture")
    assert cap.activity.cycles == 256
    for k in range(8):
        assert cap.activity.rate(f"count[{k}]") == 1 / 2 ** k
        assert cap.activity.duty(f"count[{k}]") == 0.5
    tcl = (counter_run / "activity" / "activity.tcl").read_text()
    assert "cryptoppa_net_activity {count\\[7\\]} 0.0078125 0.5" in tcl
    m = load_metrics(counter_run)
    assert m["power__activity__mode"] == "sim:enable"
    assert m["power__activity__coverage"] == 1.0
    assert "simulated (sim:enable)" in json.loads((counter_run / "run.json").read_text())["assumptions"]["activity"]


def _pin_caps(liberty: Path) -> dict[tuple[str, str], tuple[float, float]]:
    """Each pin's (rise, fall) capacitance: the liberty's rise_/fall_capacitance where it gives them (the
    characterized FlexLib does), else its capacitance for both."""
    lib = parse_liberty(liberty.read_text())
    out = {}
    for c in lib.get_groups("cell"):
        for p in c.get_groups("pin"):
            plain = float(p["capacitance"] or 0.0)
            out[(c.args[0], p.args[0])] = (float(p["rise_capacitance"] or plain), float(p["fall_capacitance"] or plain))
    return out


def _net_pins(netlist: str) -> dict[str, list[tuple[str, str]]]:
    """net -> [(cell type, pin)] from the Yosys netlist (hand-parsed, independently of the flow)."""
    nets: dict[str, list[tuple[str, str]]] = {}
    for cell, body in re.findall(r"^\s*([a-z0-9_]+) \S+ \((.*?)\);", netlist, re.M | re.S):
        for pin, net in re.findall(r"\.(\w+)\(\\?([^ )]+) ?\)", body):
            nets.setdefault(net, []).append((cell, pin))
    return nets


def test_flop_switching_power_matches_hand_computation(counter_run, tmp_path):
    # Each count[k] net: C = every pin on it (the library gives output pins a capacitance too) + the output
    # load the flow sets; P = 1/2 C V^2 f a with a = 1/2^k from the counter's arithmetic, not from the simulation.
    caps = _pin_caps(_liberty(counter_run))
    netlist = (counter_run / "netlist.v").read_text()
    nets = _net_pins(netlist)
    flops = dict((net, inst) for inst, net in re.findall(r"sff1_x4 (\S+) \([^;]*?\.q\(\\(count\[\d\]) \)", netlist))
    assert len(flops) == 8
    script = tmp_path / "check_power.tcl"
    script.write_text("source sta.tcl\nreport_power -instances [get_cells {%s}] -digits 10\n" % " ".join(flops.values()))
    out = subprocess.run(["sta", "-no_splash", "-exit", str(script)], cwd=counter_run, capture_output=True, text=True)
    number = r"[0-9.e+-]+"
    rows = re.findall(rf"^\s*{number}\s+({number})\s+{number}\s+{number}\s+(_\d+_)$", out.stdout, re.M)
    switching = {inst: float(sw) for sw, inst in rows}
    volts, load_pf = 1.0, 0.01
    for k in range(8):
        net = f"count[{k}]"
        # OpenSTA charges a net's switching at its larger total load of the two transitions.
        load_ff = max(sum(caps[pin][rf] for pin in nets[net]) for rf in (0, 1))
        c_farad = load_ff * 1e-15 + load_pf * 1e-12
        hand = 0.5 * c_farad * volts ** 2 * 225e6 / 2 ** k
        assert switching[flops[net]] == pytest.approx(hand, rel=1e-4), net


def test_waveform_clock_must_match_the_constraint(counter_run, tmp_path):
    cap = capture(counter_run, "enable", liberty=_liberty(counter_run), top="counter", period_ns=5.0, clock="clk",
                  reset="rst", out_dir=tmp_path, keep_vcd=True)
    assert cap.activity.period_ps == 5000
    with pytest.raises(CryptoppaError, match="clock period 5 ns differs from the constraint's 4.44444 ns"):
        read_activity(tmp_path / "activity.vcd", tb="tb", dut="dut", clock="tb_clk", window="tb_window",
                      period_ns=PERIOD_NS)


def test_inputs_changing_twice_as_often_raise_switching_power(flexlib_home, runs_dir):
    fast = characterize("xor_tree", runs_dir, "sim:random")
    slow = characterize("xor_tree", runs_dir, "sim:random_half")
    mf, ms = load_metrics(fast), load_metrics(slow)
    assert mf["timing__clock__kind"] == "virtual"
    assert mf["power__activity__coverage"] > 0.99
    ratio = mf["power__switching__total"] / ms["power__switching__total"]
    assert 1.6 < ratio < 2.4, ratio
    assert mf["power__leakage__total"] == pytest.approx(ms["power__leakage__total"], rel=0.05)


def test_activity_modes_of_one_point_share_one_synthesis(flexlib_home, tmp_path):
    # Two simulated modes and the vectorless run: Yosys runs once, and both modes time and power its netlist.
    fast, slow = (characterize("xor_tree", tmp_path, mode) for mode in ("sim:random", "sim:random_half"))
    vectorless = characterize("xor_tree", tmp_path, "vectorless")
    synthesized = [run for run in tmp_path.iterdir() if (run / "yosys_map.ys").is_file()]
    assert len(synthesized) == 1
    assert json.loads((vectorless / "run.json").read_text())["synthesized"] == str(synthesized[0])
    for run in (fast, slow):
        assert json.loads((run / "run.json").read_text())["synthesized"] == str(vectorless)
        assert sha256_file(run / "netlist.v") == sha256_file(vectorless / "netlist.v")
        m, v = load_metrics(run), load_metrics(vectorless)
        assert m["synth__design__instance__area__stdcell"] == v["synth__design__instance__area__stdcell"]
        assert m["timing__setup__ws"] == v["timing__setup__ws"]
        assert m["power__total"] != v["power__total"]  # its own activity


def test_bad_activity_modes_are_one_line_errors(flexlib_home):
    d = designs.get("counter")
    with pytest.raises(CryptoppaError, match="activity workload 'bogus'"):
        design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params={"WIDTH": 8}, activity_mode="sim:bogus")
    with pytest.raises(CryptoppaError, match="engine workloads need a design with the engine interface"):
        design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params={"WIDTH": 8},
                     activity_mode="sim:saturated")
    with pytest.raises(CryptoppaError, match="expected vectorless or sim:<workload>"):
        FlowPoint(rtl=d.files, top="counter", pdk="freepdk45", corner="nom", clock_mhz=225.0, activity="vcd")
    out = run_cli("run", "--design", "counter", "--activity", "fast")
    assert out.returncode != 0 and "--activity 'fast'" in out.stderr


def test_plan_key_depends_on_the_activity_mode_and_synthesis_is_shared(flexlib_home, tmp_path):
    d = designs.get("counter")

    def point(mode):
        return design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params={"WIDTH": 8}, activity_mode=mode)

    synthesized = tmp_path / "counter-synth"
    (synthesized / "reports").mkdir(parents=True)
    (synthesized / "netlist.v").write_text("module counter(); endmodule\n")
    (synthesized / "reports" / "synth_stat.json").write_text("{}\n")
    (synthesized / "seal.json").write_text(json.dumps({"netlist.v": sha256_file(synthesized / "netlist.v")}))
    vectorless = make_sta_plan(point("vectorless"), pdk.get("freepdk45"), synthesized)
    simulated = [make_sta_plan(point(mode), pdk.get("freepdk45"), synthesized) for mode in ("sim:enable", "sim:random")]
    assert len({p.key for p in (vectorless, *simulated)}) == 3
    assert "source activity/activity.tcl" in simulated[0].scripts["sta.tcl"]
    assert "source activity" not in vectorless.scripts["sta.tcl"]
    # the timing steps synthesize nothing: they time an earlier run's netlist, keyed by its contents; the one
    # synthesis plan of the point is the same whatever the activity mode
    assert not any(name.startswith("yosys") for p in (vectorless, *simulated) for name in p.scripts)
    assert simulated[0].inputs["netlist.v"][1] == sha256_file(synthesized / "netlist.v")
    assert len({make_synth_plan(point(mode), pdk.get("freepdk45")).key
                for mode in ("vectorless", "sim:enable", "sim:random")}) == 1

