"""One call from a synthesized netlist and a workload to OpenSTA activity commands and their coverage.

    cap = capture(run_dir, "saturated", liberty=lib, top="gcm_iter", period_ns=4.444, clock="clk", reset="rst")
    cap.tcl            # file to `source` in OpenSTA after the vectorless setup
    cap.coverage       # annotated pins / all pins

The simulation is Icarus Verilog on the netlist with zero-delay cell models generated from the liberty
functions (cellmodels.py), so activity has no glitches; the VCD is deleted once counted unless keep_vcd.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import CryptoppaError
from ..tools import run
from .annotate import Annotation, annotation
from .cellmodels import cell_models
from .vcd import Activity, read_activity
from .workload import check_workload, netlist_ports, testbench


@dataclass(frozen=True)
class Capture:
    workload: str
    activity: Activity
    annotation: Annotation
    tcl: Path
    log: Path  # simulation output: KEY / IN / OUT lines of engine workloads
    window_lines: int  # engine results inside the window (0 for non-line workloads)

    @property
    def coverage(self) -> float:
        return self.annotation.coverage


def capture(run_dir: Path, workload: str, *, liberty: Path, top: str, period_ns: float, clock: str, reset: str,
            cycles_per_line: float | None = None, out_dir: Path | None = None, window_cycles: int = 256,
            engines: int = 1, timeout_s: float = 1800.0, keep_vcd: bool = False) -> Capture:
    """Simulate `run_dir/netlist.v` under the workload and turn the window's activity into OpenSTA Tcl."""
    check_workload(workload)
    run_dir = Path(run_dir)
    netlist = run_dir / "netlist.v"
    if not netlist.is_file():
        raise CryptoppaError(f"{run_dir}: no netlist.v (is it a synthesized run directory?)")
    out = Path(out_dir) if out_dir else run_dir / "activity"
    out.mkdir(parents=True, exist_ok=True)
    ports = netlist_ports(netlist, top)
    bench = testbench(workload, ports, top, period_ns=period_ns, clock=clock, reset=reset,
                      window_cycles=window_cycles, engines=engines, cycles_per_line=cycles_per_line)
    (out / "cells.v").write_text(cell_models(liberty))
    (out / "tb.v").write_text(bench.text)
    run("iverilog", ["-g2005", "-o", "tb.vvp", "-s", "tb", "tb.v", "cells.v", netlist.resolve()], cwd=out,
        log=out / "iverilog.log", timeout=600.0, what="iverilog (activity)")
    log = out / "sim.log"
    run("vvp", ["-n", "tb.vvp"], cwd=out, log=log, timeout=timeout_s, what=f"vvp (activity, {workload})")
    if "TIMEOUT" in log.read_text(errors="replace"):
        raise CryptoppaError(f"activity simulation ({workload}) never reached its window (log: {log})")
    vcd = out / "activity.vcd"
    activity = read_activity(vcd, tb="tb", dut="dut", clock="tb_clk", window="tb_window", period_ns=period_ns)
    if not keep_vcd:
        vcd.unlink()
    ann = annotation(activity, netlist, clock if clock in ports else None)
    tcl = out / "activity.tcl"
    tcl.write_text(f"# workload {workload}\n" + ann.tcl)
    return Capture(workload, activity, ann, tcl, log, bench.window_lines)
