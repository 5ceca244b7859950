"""Gate-level run of a core's netlist in Verilator, switching activity over the firmware's window from SAIF.

    sim = build_gate_sim(netlist, liberty=lib, top="rv32_mc", cache=Path("work/gatesim"))
    uart, activity = run_gate_sim(sim, elf, period_ns=10.0, out_dir=Path("work/energy/x"))

The netlist runs with the liberty cell models (cellmodels.py) inside the project's core harness,
designs/cores/sim/core_tb.v, unchanged: a generated wrapper `cryptoppa_gate_core` gives the netlist's bit-split
ports (`\\imem_addr[3] `) the harness's vector ports and counts the fetches of `csrr cycle` the core takes
(reported to the C++ driver, designs/cores/sim/gate_main.cpp, through a DPI call). The driver writes SAIF only
over the window, so nothing outside it is traced; Verilator runs the 7k-cell rv32_mc at ~10^5 cycles/s, where
Icarus (core_workload.simulate, the reference) runs ~350. The simulator is built once per netlist, cell
library and driver (about a minute) and cached; each firmware then only runs.

Window: as in the Icarus reference, from the falling edge after the 1st `csrr cycle` fetch of the 64-byte GCM
line (t0) to the falling edge after the 3rd (t2): exactly the cycles its RESULT line reports.

Checked against Icarus: on tests/activity/window_fw.S, which writes every register before its window, every
net but the clock has the same toggle count and time high (a CI test). On rv32_mc running the table -O2 AES-128
firmware (59,061-cycle window; 6 s here, 525 s in Icarus) the annotated power was 5.537 mW vs Icarus's 5.526 mW
(+0.2 %); the nets that differ (1,607 of 7,239) differ through flip-flops' random power-up values, as much as
between two Verilator seeds (+verilator+seed+1 vs +7: 1,680 nets, 0.25 % of all toggles).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import CryptoppaError
from ..sim.core_sim import HARNESS, build_harness, elf_to_hex
from ..tools import run_program
from .cellmodels import cell_models
from .saif import read_saif
from .vcd import Activity, NetActivity
from .workload import Port, netlist_ports

# `csrr rd, cycle` (csrrs rd, 0xc00, x0) with any rd: the low half of the firmware's counter read.
CSRR_CYCLE, CSRR_MASK = 0xC0002073, 0xFFFFF07F
# The 64-byte GCM line is the firmware's first measured operation: its t0 and t2 are the 1st and 3rd reads.
WINDOW_READS = (1, 3)
CORE_PORTS = ("clk", "rst", "imem_valid", "imem_addr", "imem_ready", "imem_rdata", "dmem_valid", "dmem_we",
              "dmem_wstrb", "dmem_addr", "dmem_wdata", "dmem_ready", "dmem_rdata")
DRIVER = HARNESS / "gate_main.cpp"
SCOPE = ("TOP", "core_tb", "dut", "u")  # the netlist instance inside the wrapper
_WINDOW = re.compile(r"^GATESIM window (\d+) (\d+) (\d+)$", re.M)
_REPORT = re.compile(r"^CORESIM (\w+) (\d+) (\S+)", re.M)


@dataclass(frozen=True)
class GateSim:
    exe: Path
    netlist: Path
    top: str


def port_range(port: Port) -> str:
    return "" if -1 in port.bits else f"[{port.width - 1}:0] "


def core_ports(ports: dict[str, Port], top: str) -> tuple[list[str], str]:
    """(named connections of the netlist's bit-split ports to vectors named as the harness's core ports,
    that port list declared with directions and widths), for a module standing in for the core."""
    missing = [p for p in CORE_PORTS if p not in ports]
    if missing:
        raise CryptoppaError(f"netlist of {top} lacks core ports {', '.join(missing)} (designs/cores/README.md)")
    conns = [f".{name}({base})" if index < 0 else f".\\{name} ({base}[{index}])"
             for base in CORE_PORTS for index, name in sorted(ports[base].bits.items())]
    return conns, ", ".join(f"{ports[b].direction} {port_range(ports[b])}{b}" for b in CORE_PORTS)


def wrapper(ports: dict[str, Port], top: str) -> str:
    """Verilog of `cryptoppa_gate_core`: the harness's core ports around the netlist, and the read counter."""
    conns, decl = core_ports(ports, top)
    return "\n".join([
        f"module cryptoppa_gate_core({decl});",
        f"  {top} u({', '.join(conns)});",
        '  import "DPI-C" function void cryptoppa_reads(input int reads);',
        "  integer reads = 0;",
        # The core takes a fetched word in the cycle core_tb raises imem_ready with it.
        f"  always @(posedge clk) if (imem_ready && (imem_rdata & 32'h{CSRR_MASK:08x}) == 32'h{CSRR_CYCLE:08x}) "
        "reads <= reads + 1;",
        "  always @(reads) cryptoppa_reads(reads);",
        "endmodule", ""])


def build_gate_sim(netlist: Path, *, liberty: Path, top: str, cache: Path) -> GateSim:
    """The Verilated harness + netlist + cell models, built unless `cache` already holds this exact build."""
    netlist = Path(netlist).resolve()
    if not netlist.is_file():
        raise CryptoppaError(f"{netlist.parent}: no netlist.v (is it a synthesized core run directory?)")
    # Cell internals (IQ, next_, ...) are not nets of the netlist: tracing them would only cost time.
    trace = '`verilator_config\ntracing_off -file "*/cells.v"\n'
    # --trace-saif for the window; -O1: the C++ of a flat 7k-cell netlist compiles in about a minute, -O2
    # doubles that for ~20 % speed.
    exe = build_harness(f"{top}-gatesim",
                        [("trace.vlt", trace), HARNESS / "core_tb.v", ("gate_core.v", wrapper(netlist_ports(netlist, top), top)),
                         ("cells.v", cell_models(liberty)), netlist, DRIVER],
                        ["--trace-saif", "--trace-underscore", "--timescale", "1ps/1ps", "-MAKEFLAGS", "OPT_FAST=-O1"],
                        Path(cache).resolve(), timeout=3600,
                        headers={"core_inst.vh": "`define CORE_INST cryptoppa_gate_core dut\n"})
    return GateSim(exe, netlist, top)


def run_gate_sim(sim: GateSim, elf: Path, *, period_ns: float, out_dir: Path, max_cycles: int = 5_000_000,
                 timeout_s: float = 3600.0) -> tuple[str, Activity]:
    """Run the ELF to its exit store; (UART text, activity of the netlist's nets over the window)."""
    out = Path(out_dir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    elf_to_hex(Path(elf).resolve(), out / "prog.hex", out / "objcopy.log")
    period_ps = round(period_ns * 1000.0)
    first, last = WINDOW_READS
    log = out / "sim.log"
    # Names relative to the run folder: core_tb holds plusarg strings in 128 characters.
    run_program(sim.exe, ["+hex=prog.hex", "+uart=uart.txt", f"+max_cycles={int(max_cycles)}",
                          f"+period_ps={period_ps}", f"+window={first},{last}", "+saif_window=window.saif",
                          "+saif_init=init.saif"], cwd=out, log=log, timeout=timeout_s,
                what=f"gate-level {sim.top} running {Path(elf).name}")
    text = log.read_text(errors="replace")
    report = _REPORT.findall(text)
    if not report or report[-1][0] != "exit":
        raise CryptoppaError(f"gate-level {sim.top} running {Path(elf).name} did not reach its exit store "
                             f"({' '.join(report[-1]) if report else 'no report'}; log: {log})")
    window = _WINDOW.search(text)
    if window is None:
        raise CryptoppaError(f"gate-level {sim.top} running {Path(elf).name}: the firmware never completed "
                             f"counter reads {first}..{last} (log: {log})")
    uart = (out / "uart.txt").read_text(errors="replace")
    activity = saif_activity(out / "window.saif", out / "init.saif", *map(int, window.groups()), period_ps)
    for name in ("window.saif", "init.saif", "prog.hex"):
        (out / name).unlink()
    return uart, activity


def saif_activity(window: Path, init: Path, start: int, end: int, cycles: int, period_ps: int) -> Activity:
    """Activity from the driver's two SAIF files (see gate_main.cpp) and its window line (times in ps)."""
    win, ini = read_saif(window, SCOPE), read_saif(init, SCOPE)
    if win.timescale_ps != 1.0 or win.duration != end - start + 1 or (end - start) != cycles * period_ps:
        raise CryptoppaError(f"SAIF file {window}: duration {win.duration} x {win.timescale_ps:g} ps does not "
                             f"match the window {start}..{end} ps of {cycles} cycles of {period_ps} ps")
    nets = {}
    for name, net in win.nets.items():
        # A net that is 1 when the window opens is counted as one toggle; the init file holds exactly those.
        nets[name] = NetActivity(net.toggles - ini.nets[name].toggles, float(net.high))
    return Activity(nets, float(period_ps), cycles)
