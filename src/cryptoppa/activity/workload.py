"""Testbenches that drive a synthesized netlist through a workload and mark an activity window in the VCD.

Every testbench clocks at the constraint's period, resets the design (when it has the reset port), runs the
workload into steady state, then raises a `window` register at a falling clock edge and drops it at a later
falling edge, so the window holds whole clock cycles and every change of the zero-delay simulation (all at
rising edges) falls strictly inside or outside it. The dumped scope is the netlist's top only (`tb.dut`).

Workloads:
  enable       reset, then every data input held at 1 (a counter counts every cycle)   [any design]
  random       a fresh random value on every data input every cycle                     [any design]
  random_half  a fresh random value on every data input every second cycle              [any design]
  saturated    engine: key loaded, random lines offered back to back, results taken at once
  idle         engine: key loaded, no lines
  load<P>      engine: lines offered at P % (1..100) of the saturation line rate
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..designs import interface
from ..errors import CryptoppaError, InputError

BLOCK_WORKLOADS = ("enable", "random", "random_half")
ENGINE_WORKLOADS = ("saturated", "idle")
_LOAD = re.compile(r"load([1-9][0-9]?|100)\Z")
_PORT = re.compile(r"^\s*(input|output)\s+(?:\\(\S+)|([A-Za-z_][A-Za-z0-9_$]*))\s*;", re.M)
_BIT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\Z")
# Line periods of every engine a line workload's window spans (the answer model's gate asks for as many).
WINDOW_PERIODS = 4


def check_workload(name: str) -> str:
    if name in BLOCK_WORKLOADS or name in ENGINE_WORKLOADS or _LOAD.match(name):
        return name
    raise InputError(f"activity workload {name!r}: expected one of {', '.join(BLOCK_WORKLOADS + ENGINE_WORKLOADS)} "
                         "or load<P> with P = 1..100")


def is_engine_workload(name: str) -> bool:
    return name in ENGINE_WORKLOADS or bool(_LOAD.match(name))


@dataclass(frozen=True)
class Port:
    direction: str  # input | output
    bits: dict[int, str]  # bit index -> netlist port name ({-1: name} for a scalar)

    @property
    def width(self) -> int:
        return 1 if -1 in self.bits else max(self.bits) + 1


def netlist_ports(netlist: Path, top: str) -> dict[str, Port]:
    """The top module's ports, bit-split ports (`\\key[3] `) regrouped into buses by base name."""
    text = Path(netlist).read_text()
    start = re.search(rf"^module {re.escape(top)}\(", text, re.M)
    if start is None:
        raise CryptoppaError(f"{netlist}: no module {top}")
    body = text[start.start():text.index("endmodule", start.start())]
    ports: dict[str, Port] = {}
    for m in _PORT.finditer(body):
        direction, name = m.group(1), m.group(2) or m.group(3)
        bit = _BIT.match(name)
        base, index = (bit.group(1), int(bit.group(2))) if bit else (name, -1)
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", base):
            raise CryptoppaError(f"{netlist}: port {name!r} is not an identifier or a bit of one")
        ports.setdefault(base, Port(direction, {})).bits[index] = name
    return ports


def _decls(ports: dict[str, Port], clock: str) -> tuple[list[str], list[str]]:
    """Declarations and connections; the clock port is driven by the testbench's own tb_clk."""
    decls, conns = [], []
    for base, port in ports.items():
        if base != clock:
            kind = "reg" if port.direction == "input" else "wire"
            rng = "" if -1 in port.bits else f"[{port.width - 1}:0] "
            decls.append(f"  {kind} {rng}{base}{' = 0' if kind == 'reg' else ''};")
        for index, name in sorted(port.bits.items()):
            ref = "tb_clk" if base == clock else base if index < 0 else f"{base}[{index}]"
            conns.append(f".{name if index < 0 else chr(92) + name + ' '}({ref})")
    return decls, conns


def _random(width: int) -> str:
    """A width-bit random value from 32-bit $random words."""
    words = (width + 31) // 32
    return "{" + ", ".join(["$random"] * words) + "}" if words > 1 else "$random"


@dataclass(frozen=True)
class Bench:
    text: str
    window_lines: int  # results completed inside the window (saturated/load workloads), else 0


def _fixed_window(cycles: int) -> list[str]:
    return ["  always @(negedge tb_clk) begin",
            "    if (tb_start >= 0 && !tb_window && tb_cycle == tb_start + 1) tb_window <= 1'b1;",
            f"    if (tb_window && tb_cycle == tb_start + 1 + {cycles}) begin tb_window <= 1'b0; #1 $finish; end",
            "  end"]


def testbench(workload: str, ports: dict[str, Port], top: str, *, period_ns: float, clock: str, reset: str,
              window_cycles: int = 256, window_periods: int = WINDOW_PERIODS, engines: int = 1,
              cycles_per_line: float | None = None) -> Bench:
    """Verilog text of module `tb` driving `top` through the workload (testbench names start with tb_).

    Line workloads measure over `window_periods` line periods of each of the netlist's `engines` (N of an array)."""
    check_workload(workload)
    period_ps = round(period_ns * 1000.0)
    decls, conns = _decls(ports, clock)
    data_in = [b for b, p in ports.items() if p.direction == "input" and b not in (clock, reset)]
    head = ["`timescale 1ps/1ps", "module tb;", "  reg tb_clk = 1'b0, tb_window = 1'b0;",
            "  integer tb_cycle = 0, tb_start = -1, tb_out = 0, tb_offered = 0, tb_first = 0;", "  reg tb_keyed = 1'b0;",
            *decls,
            f"  initial begin #{period_ps // 2}; forever begin tb_clk = 1'b1; #{period_ps - period_ps // 2}; "
            f"tb_clk = 1'b0; #{period_ps // 2}; end end",
            f"  {top} dut({', '.join(conns)});",
            "  initial begin $dumpfile(\"activity.vcd\"); $dumpvars(1, tb.dut, tb.tb_clk, tb.tb_window); end"]
    body = [f"    if (tb_cycle == 0) {reset} <= 1'b1;", f"    if (tb_cycle == 4) {reset} <= 1'b0;"] \
        if reset and reset in ports else []
    lines = 0
    if is_engine_workload(workload):
        more, close, lines = _engine(workload, ports, window_periods, engines, window_cycles, cycles_per_line)
        body += more
    else:
        value = (lambda b: "~0") if workload == "enable" else (lambda b: _random(ports[b].width))
        every = "(tb_cycle % 2 == 1)" if workload == "random_half" else "1"
        body += [f"    if (tb_cycle >= 5 && {every}) begin", *[f"      {b} <= {value(b)};" for b in data_in],
                 "    end", "    if (tb_cycle == 16) tb_start <= tb_cycle;"]
        close = _fixed_window(window_cycles)
    text = "\n".join(head + ["  always @(posedge tb_clk) begin", "    tb_cycle <= tb_cycle + 1;", *body,
                             "    if (tb_cycle > 1000000) begin $display(\"TIMEOUT\"); $finish; end",
                             "  end", *close, "endmodule", ""])
    return Bench(text, lines)


def _engine(workload: str, ports: dict[str, Port], periods: int, engines: int, window_cycles: int,
            cycles_per_line: float | None) -> tuple[list[str], list[str], int]:
    missing = [p.name for p in interface.core_ports() if p.name not in ports]
    if missing:
        raise CryptoppaError(f"workload {workload} needs the engine interface; the netlist lacks {', '.join(missing)}")
    rnd = {b: _random(ports[b].width) for b in ("key", "in_iv", "in_aad", "in_data")}
    if workload == "idle":
        offer = "1'b0"
    elif workload in ("saturated", "load100"):
        offer = "1'b1"
    else:
        if not cycles_per_line:
            raise CryptoppaError(f"workload {workload} needs the engine's saturation cycles per line (perf step)")
        # Line k is offered from cycle first + k * cpl / load on: a deterministic schedule at the target rate.
        offer = f"(tb_cycle - tb_first) * {int(workload[4:])} >= tb_offered * {round(cycles_per_line * 100)}"
    body = [
        "    out_ready <= 1'b1;",
        f"    if (tb_cycle == 5) begin key_valid <= 1'b1; key <= {rnd['key']}; end",
        "    if (key_valid && key_ready && tb_cycle > 5) begin",
        "      key_valid <= 1'b0; tb_keyed <= 1'b1; tb_first <= tb_cycle + 1; $display(\"KEY %h\", key);",
        "    end",
        # in_valid is held until taken; a new line's fields are drawn when it is offered.
        f"    if (tb_keyed && !key_valid && (!in_valid || in_ready) && {offer}) begin",
        f"      in_valid <= 1'b1; tb_offered = tb_offered + 1; in_iv <= {rnd['in_iv']}; in_aad <= {rnd['in_aad']}; in_data <= {rnd['in_data']};",
        "    end else if (in_valid && in_ready) in_valid <= 1'b0;",
        "    if (in_valid && in_ready) begin",
        "      in_id <= in_id + 1; $display(\"IN %h %h %h %h\", in_id, in_iv, in_aad, in_data);",
        "    end",
        # Only results after the key: a flip-flop that powers up at 1 can raise out_valid during reset.
        "    if (tb_keyed && out_valid && out_ready) begin",
        "      tb_out = tb_out + 1; $display(\"OUT %h %h %h\", out_id, out_data, out_tag);",
        "    end",
    ]
    if workload == "idle":
        body.append("    if (tb_keyed && tb_cycle == tb_first + 32) tb_start <= tb_cycle;")
        return body, _fixed_window(window_cycles), 0
    # An array's engines finish their first lines within a few cycles of each other, so a window of a few results
    # from the second on covers a burst, not a line period (the N = 8 and 16 arrays once measured 4 cycles). The
    # window opens at the first result of the second round (every engine past its first line) and spans `periods`
    # whole rounds of `engines` results: `periods` line periods of every engine.
    first, lines = engines + 1, periods * engines
    close = ["  always @(negedge tb_clk) begin",
             f"    if (!tb_window && tb_out == {first}) tb_window <= 1'b1;",
             f"    if (tb_window && tb_out == {first + lines}) begin tb_window <= 1'b0; #1 $finish; end",
             "  end"]
    return body, close, lines
