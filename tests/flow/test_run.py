"""The single-point flow with the real Yosys and OpenSTA, on small designs written for the purpose."""

import json
import re
from pathlib import Path

import pytest
from liberty.parser import parse_liberty

from cryptoppa import designs, flow
from cryptoppa.flow import design_point
from cryptoppa.runs import sha256_file

from support import load_metrics

pytestmark = pytest.mark.eda


def characterize(name, runs, corner="nom", clock_mhz=225.0, **params):
    d = designs.get(name)
    point = design_point(d, pdk="freepdk45", corner=corner, clock_mhz=clock_mhz, params=d.resolve_params(params))
    return flow.characterize(point, runs).run_dir


@pytest.fixture(scope="module")
def counter_run(flexlib_home, runs_dir):
    return characterize("counter", runs_dir, WIDTH=16)


def _cell_areas(liberty: Path) -> dict[str, float]:
    lib = parse_liberty(liberty.read_text())
    return {c.args[0]: float(c["area"]) for c in lib.get_groups("cell")}


def test_area_is_the_sum_of_cell_areas(counter_run):
    run = json.loads((counter_run / "run.json").read_text())
    areas = _cell_areas(Path(run["liberty"]["path"]))
    netlist = (counter_run / "netlist.v").read_text()
    instances = re.findall(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s+(\S+)\s*\(", netlist, re.M)
    cells = [cell for cell, _ in instances if cell in areas]
    assert cells, "no library cells found in the netlist"
    m = load_metrics(counter_run)
    assert m["synth__design__instance__count"] == len(cells)
    assert m["synth__design__instance__area__stdcell"] == pytest.approx(sum(areas[c] for c in cells), rel=1e-9)
    assert m["synth__design__instance__count__sequential"] == 16 == sum(c.startswith("sff") for c in cells)
    # Gate equivalents: the same area in units of the library's NAND2 X1 (na2_x1 in FlexLib).
    assert m["synth__design__ge__area"] == areas["na2_x1"]
    assert m["synth__design__instance__area__stdcell__kge"] == pytest.approx(
        m["synth__design__instance__area__stdcell"] / areas["na2_x1"] / 1000, rel=1e-12)


def test_fmax_and_power_are_consistent(counter_run):
    m = load_metrics(counter_run)
    period = m["timing__clock__period"]
    assert period == pytest.approx(1000 / 225)
    # fmax is register to register; no class of paths has less slack than the worst of every path.
    assert m["timing__fmax__basis"] == "reg2reg"
    assert m["timing__fmax__mhz"] == pytest.approx(1000 / (period - m["timing__setup__ws__reg2reg"]), rel=1e-9)
    classes = [m[f"timing__setup__ws__{c}"] for c in ("reg2reg", "in2reg", "reg2out", "in2out")]
    assert m["timing__setup__ws"] == pytest.approx(min(c for c in classes if c is not None), abs=1e-6)
    parts = m["power__internal__total"] + m["power__switching__total"] + m["power__leakage__total"]
    assert m["power__total"] == pytest.approx(parts, rel=1e-5)
    # Repair (b): with operating conditions, switching and flip-flop internal power are no longer zero.
    assert m["power__switching__total"] > 0
    assert m["power__internal__total"] > 0
    report = (counter_run / "reports/power.rpt").read_text()
    seq_internal = float(re.search(r"^Sequential\s+(\S+)", report, re.M).group(1))
    assert seq_internal > 0


def test_setup_is_checked_at_the_full_period(counter_run):
    # Repair (c): a register-to-register path is captured at the next rising edge, one full period later.
    report = (counter_run / "reports/timing_setup.rpt").read_text()
    assert "rising edge-triggered flip-flop" in report
    edges = re.findall(r"(\d+\.\d+)\s+clock clk \(rise edge\)", report)
    assert [float(t) for t in edges] == pytest.approx([0.0, 1000 / 225], abs=1e-3)
    assert "fall edge" not in report
    assert "library setup time" in report


def test_run_directory_is_traceable(counter_run):
    for rel in ("run.json", "metrics.json", "netlist.v", "sta.tcl", "logs/sta.log", "reports/synth_stat.json",
                "reports/timing_setup.rpt", "reports/power.rpt"):
        assert (counter_run / rel).is_file(), rel
    run = json.loads((counter_run / "run.json").read_text())
    # The netlist was mapped by the synthesis run the timing run names, whose folder holds Yosys's scripts and logs.
    synthesized = Path(run["synthesized"])
    for rel in ("run.json", "metrics.json", "netlist.v", "yosys_elab.ys", "yosys_map.ys", "logs/yosys_elab.log",
                "logs/yosys_map.log", "reports/synth_stat.json"):
        assert (synthesized / rel).is_file(), rel
    assert run["inputs"]["netlist.v"]["sha256"] == sha256_file(synthesized / "netlist.v")
    synth = json.loads((synthesized / "run.json").read_text())
    assert synth["tools"]["pyosys"] and run["tools"]["sta"]
    assert synth["mapping"] == {"corner": "nom", "clock_mhz": 100.0}
    assert all(len(v["sha256"]) == 64 for r in (run, synth) for v in r["inputs"].values())
    assert "toggles per clock cycle" in run["assumptions"]["activity"]
    assert "mapped once, at corner nom" in run["assumptions"]["mapping"]
    assert run["assumptions"]["wire_load_model"].startswith("none")
    metrics = json.loads((counter_run / "metrics.json").read_text())
    assert metrics["synth__design__instance__area__stdcell"]["unit"] == "um^2"
    assert metrics["power__total"]["unit"] == "W" and metrics["timing__setup__ws"]["unit"] == "ns"
    assert metrics["synth__mapping__corner"]["value"] == "nom"
    # Yosys's step times are the synthesis run's, named in its folder.
    assert metrics["flow__synth_map__runtime"]["source"] == f"../{synthesized.name}/logs/synth_map"


def test_same_inputs_same_metrics(counter_run, tmp_path):
    again = characterize("counter", tmp_path, WIDTH=16)
    assert again.name == counter_run.name
    strip = lambda m: {k: v for k, v in m.items() if not k.startswith("flow__")}
    assert strip(load_metrics(again)) == strip(load_metrics(counter_run))


def test_more_logic_more_area_and_no_flops_when_combinational(flexlib_home, runs_dir):
    small = load_metrics(characterize("xor_tree", runs_dir, LANES=2))
    big = load_metrics(characterize("xor_tree", runs_dir, LANES=8))
    assert big["synth__design__instance__area__stdcell"] > small["synth__design__instance__area__stdcell"]
    assert small["synth__design__instance__count__sequential"] == 0
    assert small["synth__design__instance__area__sequential"] == 0
    assert small["timing__clock__kind"] == "virtual"


def test_one_synthesis_serves_every_corner_and_clock(flexlib_home, tmp_path):
    """Two corners and two clocks of one RTL configuration: Yosys runs once, and the four timing runs time its
    netlist (sign-off style); the slow corner is slower on the same cells."""
    runs = {(corner, mhz): characterize("counter", tmp_path, corner=corner, clock_mhz=mhz, WIDTH=16)
            for corner in ("nom", "slow") for mhz in (225.0, 500.0)}
    synthesized = [run for run in tmp_path.iterdir() if (run / "yosys_map.ys").is_file()]
    assert len(synthesized) == 1 and synthesized[0].name.startswith("counter-synth-")
    assert sum(1 for run in tmp_path.iterdir() if (run / "logs" / "yosys_map.log").is_file()) == 1
    assert len(set(runs.values())) == 4
    netlist = sha256_file(synthesized[0] / "netlist.v")
    for run in runs.values():
        assert json.loads((run / "run.json").read_text())["synthesized"] == str(synthesized[0])
        assert sha256_file(run / "netlist.v") == netlist
    m = {k: load_metrics(run) for k, run in runs.items()}
    assert len({v["synth__design__instance__area__stdcell"] for v in m.values()}) == 1
    assert {v["synth__mapping__corner"] for v in m.values()} == {"nom"}
    assert {k: v["timing__clock__period"] for k, v in m.items()} == pytest.approx(
        {k: 1000 / k[1] for k in runs})
    for mhz in (225.0, 500.0):
        assert m["slow", mhz]["timing__fmax__mhz"] < m["nom", mhz]["timing__fmax__mhz"]
    # fmax is the netlist's, whatever clock it is timed at (up to the constraint's 6 significant digits in sta.tcl);
    # power grows with the clock.
    assert m["nom", 225.0]["timing__fmax__mhz"] == pytest.approx(m["nom", 500.0]["timing__fmax__mhz"], rel=1e-4)
    assert m["nom", 500.0]["power__total"] > m["nom", 225.0]["power__total"]
