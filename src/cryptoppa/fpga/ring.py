"""An IO ring for devices whose placer needs every port on a package pin (nextpnr-nexus has no out-of-context
mode) while an engine has over a thousand port bits: three pins (clock, serial in, serial out) around the design.

Every input bit comes from a shift chain fed by the serial pin, so synthesis can neither see a constant input
nor drop logic; every output bit is captured into a second chain shifted out, so nothing is unobserved. The
ring costs one flip-flop per port bit and one LUT per output bit; its counts are reported beside the design's.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..errors import InputError
from ..names import check_identifier

RING_TOP = "cryptoppa_ring"
RING_FILE = "ring.v"
PORTS_SCRIPT = "yosys_ports.ys"
PORTS_JSON = "reports/ports.json"


def code_sha256() -> str:
    """The generator's own text: a change to the ring changes every key that uses it."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


def render_ports(reads: str, top: str, chparams: str) -> str:
    return "\n".join([reads, f"hierarchy -check -top {top} {chparams}".rstrip(), "proc", f"write_json {PORTS_JSON}", ""])


def top_ports(run_dir: Path, top: str) -> list[tuple[str, str, int]]:
    """(name, direction, width) of the elaborated top's ports, in declaration order."""
    modules = json.loads((run_dir / PORTS_JSON).read_text())["modules"]
    mod = modules.get(top) or next((m for name, m in modules.items() if m.get("attributes", {}).get("top")), None)
    if mod is None:
        raise InputError(f"top module {top!r} not found after elaboration")
    return [(check_identifier(name, "port"), p["direction"], len(p["bits"])) for name, p in mod["ports"].items()]


def render_ring(top: str, params: tuple[tuple[str, int], ...], ports: list[tuple[str, str, int]], clock: str) -> str:
    ins = [(n, w) for n, d, w in ports if d == "input" and n != clock]
    outs = [(n, w) for n, d, w in ports if d == "output"]
    if any(d == "inout" for _, d, _ in ports):
        raise InputError(f"{top}: inout ports cannot go through the IO ring")
    if clock not in {n for n, _, _ in ports}:
        raise InputError(f"{top}: no clock port {clock!r}")
    n_in, n_out = max(1, sum(w for _, w in ins)), max(1, sum(w for _, w in outs))
    conns, at = [f".{clock}(clk)"], 0
    for name, width in ins:
        conns.append(f".{name}(in_sr[{at + width - 1}:{at}])")
        at += width
    at = 0
    for name, width in outs:
        conns.append(f".{name}(outs[{at + width - 1}:{at}])")
        at += width
    overrides = ", ".join(f".{k}({v})" for k, v in params)
    return "\n".join([
        f"module {RING_TOP}(input wire clk, input wire sin, output wire sout);",
        f"  reg [{n_in}:0] in_sr;",
        f"  wire [{n_out - 1}:0] outs;",
        f"  reg [{n_out - 1}:0] out_sr;",
        f"  always @(posedge clk) in_sr <= {{in_sr[{n_in - 1}:0], sin}};",
        "  // The chain's spare top bit picks capture or shift, so the output chain has a changing control.",
        f"  always @(posedge clk) out_sr <= in_sr[{n_in}] ? outs : {{out_sr[{max(n_out - 2, 0)}:0], 1'b0}};",
        f"  assign sout = out_sr[{n_out - 1}];",
        f"  {top} {'#(' + overrides + ') ' if overrides else ''}u_dut (",
        "    " + ",\n    ".join(conns) + ");",
        "endmodule", ""])


def render_pdc(pins: tuple[str, str, str]) -> str:
    return "".join(f"ldc_set_location -site {{{site}}} [get_ports {port}]\n"
                   for port, site in zip(("clk", "sin", "sout"), pins))
