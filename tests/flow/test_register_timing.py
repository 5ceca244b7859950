"""fmax means register to register, whatever the RTL's reset and broadcast inputs do (issue 27 item 1).

Each case runs `cryptoppa run --rtl` as a user would, then times the same netlist independently in OpenSTA with no
I/O constraints at all (so only register-to-register paths are constrained) and, for the reset, the reset held
inactive by case analysis: the flow's timing__fmax__mhz must agree with that reference, and the naive figure (every
path, the port driven by one buffer, as the flow timed it before) must be far below it, so the test can fail.
"""

import json
import subprocess
from pathlib import Path

import pytest

from cryptoppa import pdk
from cryptoppa.pdk.cells import library_cells

from support import load_metrics, run_cli

pytestmark = pytest.mark.eda

RTL = Path(__file__).parent / "rtl"


def _run(tmp_path: Path, name: str) -> tuple[Path, str]:
    out = run_cli("run", "--rtl", RTL / f"{name}.v", "--top", name, "--runs", tmp_path / "runs", "--clock-mhz", 500)
    assert out.returncode == 0, out.stderr
    run_dir = Path(out.stdout.split()[1])
    return run_dir, out.stdout


def _sta(run_dir: Path, tmp_path: Path, body: str) -> float:
    """Worst setup slack (ns) of an independent OpenSTA script on the run's netlist and liberty."""
    liberty = json.loads((run_dir / "run.json").read_text())["liberty"]["path"]
    top = json.loads((run_dir / "run.json").read_text())["point"]["top"]
    script = tmp_path / "ref.tcl"
    script.write_text(f"read_liberty {liberty}\nread_verilog {run_dir / 'netlist.v'}\nlink_design {top}\n"
                      f"set_cmd_units -time ns\ncreate_clock -name clk -period 2 [get_ports clk]\n{body}\n"
                      "puts \"WS [sta::worst_slack -max]\"\n")
    out = subprocess.run(["sta", "-no_splash", "-exit", str(script)], capture_output=True, text=True, check=True)
    return float(next(ln.split()[1] for ln in out.stdout.splitlines() if ln.startswith("WS ")))


def test_asynchronous_reset_does_not_set_fmax(tmp_path):
    run_dir, printed = _run(tmp_path, "async_reset_pipe")
    m = load_metrics(run_dir)
    assert m["timing__fmax__basis"] == "reg2reg"
    assert m["timing__async__ports"] == "rst_n" and m["timing__async__pins"] == 512
    # The same netlist, reset held inactive, only register-to-register paths constrained.
    reference = 1000 / (2 - _sta(run_dir, tmp_path, "set_case_analysis 1 [get_ports rst_n]"))
    assert m["timing__fmax__mhz"] == pytest.approx(reference, rel=0.03)
    # As the flow timed it before: every path, the reset port driven by one buffer like any input.
    naive = 1000 / (2 - _sta(run_dir, tmp_path, "set_input_delay 0 -clock clk [delete_from_list [all_inputs] "
                                                "[get_ports clk]]\nset_driving_cell -lib_cell buf_x2 "
                                                "[delete_from_list [all_inputs] [get_ports clk]]"))
    assert naive < m["timing__fmax__mhz"] / 2
    # What was done with the reset is printed and kept in run.json.
    assert "rst_n" in printed and "asynchronous set/reset" in printed
    assert "register to register" in json.loads((run_dir / "run.json").read_text())["assumptions"]["timing"]


def test_enable_broadcast_is_an_input_path_not_fmax(tmp_path):
    run_dir, _ = _run(tmp_path, "enable_broadcast")
    m = load_metrics(run_dir)
    assert m["timing__fmax__basis"] == "reg2reg"
    reference = 1000 / (2 - _sta(run_dir, tmp_path, ""))  # no I/O constraints: register paths only
    assert m["timing__fmax__mhz"] == pytest.approx(reference, rel=0.03)
    # The input paths are reported apart, each with its own fmax, and never above what every path allows.
    assert m["timing__setup__ws__in2reg"] is not None and m["timing__fmax__in2reg__mhz"] > 0
    assert m["timing__setup__ws"] == pytest.approx(min(m["timing__setup__ws__reg2reg"], m["timing__setup__ws__in2reg"],
                                                       m["timing__setup__ws__reg2out"]), abs=1e-6)
    assert m["timing__async__pins"] == 0 and m["timing__input__max_fanout"] >= 1


def test_library_cells_know_the_asynchronous_pins_and_the_gate_equivalent(flexlib_home):
    cells = library_cells(pdk.liberty(pdk.get("freepdk45"), "nom"))
    assert cells.async_pins == (("sff1r_x4", "nrst"),)
    assert cells.area("na2_x1", "test") == pytest.approx(1.2 * 4.0)  # its layout's footprint
