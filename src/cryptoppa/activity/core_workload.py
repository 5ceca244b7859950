"""Switching activity of firmware running on a synthesized RV32 core's netlist (flow/core_energy.py turns it
into energy per byte).

The netlist (run_dir/netlist.v) runs with the liberty cell models inside the project's own core harness,
designs/cores/sim/core_tb.v, unchanged: RAM loaded from +hex=, UART, exit device. Two simulators give the
window's activity: Verilator (gatesim.py, the default: SAIF over the window, ~10^5 cycles/s) and Icarus
(`simulator="icarus"`, `simulate` below: VCD over the window, ~350 cycles/s), kept as the reference the
Verilator path was checked against (tests/activity/test_core_energy.py: the same toggle count on every net).

Icarus bench: the harness connects its core by vector port names, while the mapped netlist has bit-split ports
(`\\imem_addr[3] `); so the generated top `tb` instantiates the netlist itself as `tb.dut` (the scope vcd.py
reads) and gives core_tb a port-compatible stand-in `tb_link` that only forwards the netlist's outputs. The
netlist's inputs are the values core_tb drives into that stand-in.

Window: from the fetch of the first `csrr cycle` of the 64-byte GCM line (the firmware's counter read t0,
before key setup) to the fetch of its third (t2, after the tag) — exactly the `cycles` the RESULT line reports,
setup included, so energy per byte = average power in the window x window cycles / f / 64. The VCD holds only
that window ($dumpvars at its start, $dumpoff at its end); the simulation then runs on to print and exit.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import CryptoppaError
from ..sim.core_sim import HARNESS, elf_to_hex
from ..tools import run
from .annotate import Annotation, annotation
from .cellmodels import cell_models
from .gatesim import CORE_PORTS, CSRR_CYCLE, CSRR_MASK, WINDOW_READS, core_ports, port_range
from .vcd import Activity, read_activity
from .workload import Port, netlist_ports



def _bench(ports: dict[str, Port], top: str, period_ps: int) -> tuple[str, str]:
    """(tb.v, core_inst.vh): the generated top and the stand-in core_tb instantiates as its core."""
    conns, link_ports = core_ports(ports, top)
    decls, link = [], []
    for base in CORE_PORTS:
        port = ports[base]
        if base == "clk":
            decls.append("  wire clk = tb_clk;")
        elif port.direction == "input":
            decls.append(f"  wire {port_range(port)}{base} = h.dut.{base};")  # what core_tb drives into its core
        else:
            decls.append(f"  wire {port_range(port)}{base};")
            link.append(f"  assign {base} = tb.{base};")
    first, last = WINDOW_READS
    half = period_ps // 2
    text = "\n".join([
        "`timescale 1ps/1ps",
        f"module tb_link({link_ports});", *link, "endmodule", "",
        "module tb;",
        "  reg tb_clk = 1'b0, tb_window = 1'b0;",
        "  integer tb_reads = 0;",
        f"  initial begin #{half}; forever begin tb_clk = 1'b1; #{period_ps - half}; tb_clk = 1'b0; #{half}; end end",
        *decls,
        f"  {top} dut({', '.join(conns)});",
        "  core_tb h(.clk(tb_clk));",
        "  initial $dumpfile(\"activity.vcd\");",
        # The core takes a fetched word in the cycle core_tb raises imem_ready with it.
        "  always @(posedge tb_clk)",
        f"    if (h.imem_ready && (h.imem_rdata & 32'h{CSRR_MASK:08x}) == 32'h{CSRR_CYCLE:08x}) "
        "tb_reads <= tb_reads + 1;",
        # Window edges at falling edges: it holds whole cycles, and every netlist change (at rising edges).
        "  always @(negedge tb_clk) begin",
        f"    if (!tb_window && tb_reads == {first}) begin $dumpvars(1, tb.dut, tb.tb_clk, tb.tb_window); "
        "tb_window <= 1'b1; end",
        f"    if (tb_window && tb_reads == {last}) begin tb_window <= 1'b0; #1 $dumpoff; $dumpflush; end",
        "  end",
        "endmodule", ""])
    return text, "`define CORE_INST tb_link dut\n"


def simulate(run_dir: Path, elf: Path, *, liberty: Path, top: str, period_ns: float, out_dir: Path,
             max_cycles: int = 5_000_000, timeout_s: float = 3600.0) -> tuple[str, Activity, Annotation, Path]:
    """Icarus reference: run the ELF on run_dir/netlist.v; (UART text, window activity, annotation, its Tcl)."""
    netlist = Path(run_dir) / "netlist.v"
    if not netlist.is_file():
        raise CryptoppaError(f"{run_dir}: no netlist.v (is it a synthesized core run directory?)")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    ports = netlist_ports(netlist, top)
    tb, inst = _bench(ports, top, round(period_ns * 1000.0))
    (out / "tb.v").write_text(tb)
    (out / "core_inst.vh").write_text(inst)
    (out / "cells.v").write_text(cell_models(liberty))
    elf_to_hex(Path(elf).resolve(), out / "prog.hex", out / "objcopy.log")
    run("iverilog", ["-g2005", "-o", "tb.vvp", "-s", "tb", "-I", ".", "tb.v", HARNESS / "core_tb.v", "cells.v",
                     netlist.resolve()], cwd=out, log=out / "iverilog.log", timeout=600.0, what="iverilog (core activity)")
    log = out / "sim.log"
    run("vvp", ["-n", "tb.vvp", "+hex=prog.hex", "+uart=uart.txt", f"+max_cycles={int(max_cycles)}"], cwd=out,
        log=log, timeout=timeout_s, what=f"vvp ({top} running {Path(elf).name})")
    report = re.findall(r"^CORESIM (\w+) (\d+) (\S+)", log.read_text(errors="replace"), re.M)
    if not report or report[-1][0] != "exit":
        raise CryptoppaError(f"gate-level {top} running {Path(elf).name} did not reach its exit store "
                             f"({' '.join(report[-1]) if report else 'no report'}; log: {log})")
    uart = (out / "uart.txt").read_text(errors="replace")
    vcd = out / "activity.vcd"
    activity = read_activity(vcd, tb="tb", dut="dut", clock="tb_clk", window="tb_window", period_ns=period_ns)
    vcd.unlink()
    ann, tcl = annotation_file(activity, netlist, elf, out)
    return uart, activity, ann, tcl


def annotation_file(activity: Activity, netlist: Path, elf: Path, out: Path) -> tuple[Annotation, Path]:
    ann = annotation(activity, netlist, "clk")
    tcl = out / "activity.tcl"
    tcl.write_text(f"# firmware {Path(elf).name}: 64-byte GCM line, counter reads t0..t2\n" + ann.tcl)
    return ann, tcl
