"""ngspice decks of our own: one corner's models, voltage and temperature; cell instances by port name; linear
ramps by the library's 20-80 % slew; a transient whose .meas results come back as a dict."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...errors import CryptoppaError, ToolError
from ...tools import run_status

SLEW_LOW, SLEW_HIGH = 0.2, 0.8  # FlexLib's slew thresholds (checked against the library header)


@dataclass(frozen=True)
class Corner:
    name: str
    models: Path  # the SPICE model file of the corner
    vdd: float  # V
    temp: float  # °C
    # How much slower the library's cells are than FreePDK45's: the fixed time frames of the decks (settling
    # times, clock periods, search ranges of the timing checks), sized for FreePDK45, stretch by it.
    time_scale: float = 1.0


def subckt_ports(netlist: str) -> list[str]:
    for line in netlist.splitlines():
        words = line.split()
        if words and words[0].lower() == ".subckt":
            return words[2:]
    raise CryptoppaError("netlist has no .subckt line")


def canonical(netlist: str) -> str:
    """PDKMaster orders a subcircuit's ports and devices differently from one run to the next (set order): sort
    both so the text, and with it every cache key, depends on the circuit alone. Instances connect by name
    (`instance`), never by position."""
    head, body, tail = None, [], []
    for line in netlist.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0].lower() == ".subckt":
            head = " ".join([words[0], words[1], *sorted(words[2:])])
        elif words[0].lower() == ".ends":
            tail.append(line.strip())
        else:
            body.append(line.strip())
    if head is None:
        raise CryptoppaError("netlist has no .subckt line")
    return "\n".join([head, *sorted(body), *tail]) + "\n"


def instance(name: str, cell: str, netlist: str, nodes: dict[str, str]) -> str:
    """A SPICE instance line of the cell connecting its ports by name (vdd/vss default to the nets vdd and 0)."""
    nodes = {"vdd": "vdd", "vss": "0", **nodes}
    return f"{name} {' '.join(nodes[p] for p in subckt_ports(netlist))} {cell}"


def full_swing(slew_ps: float) -> float:
    """The 0-100 % time of a linear ramp whose 20-80 % transition takes slew_ps."""
    return slew_ps / (SLEW_HIGH - SLEW_LOW)


def ramp(node: str, rising: bool, slew_ps: float, start_ps: float = 20.0, vdd: float = 1.0) -> str:
    """A voltage source on node: a linear edge whose 20-80 % transition takes slew_ps, starting at start_ps."""
    v0, v1 = (0.0, vdd) if rising else (vdd, 0.0)
    return f"v{node} {node} 0 pwl(0 {v0} {start_ps:.4f}p {v0} {start_ps + full_swing(slew_ps):.4f}p {v1})"


def pwl(node: str, edges: list[tuple[float, bool, float]], vdd: float, start_high: bool = False) -> str:
    """A voltage source on node with several linear edges: (start ps, rising, 20-80 % slew ps), in time order."""
    level = vdd if start_high else 0.0
    if not edges:
        return f"v{node} {node} 0 dc {level:g}"
    points = [(0.0, level)]
    for start, rising, slew in edges:
        points += [(start, level), (start + full_swing(slew), vdd if rising else 0.0)]
        level = vdd if rising else 0.0
    return f"v{node} {node} 0 pwl({' '.join(f'{t:.4f}p {v:g}' for t, v in points)})"


def logic(function: str, values: dict[str, int]) -> int:
    """A liberty function (!, &, |, ^, parentheses) of 0/1 inputs."""
    if not re.fullmatch(r"[\w\s()!&|^]+", function):
        raise CryptoppaError(f"unsupported liberty function {function!r}")
    return eval(function.replace("!", "~"), {"__builtins__": {}}, dict(values)) & 1  # noqa: S307 (checked above)


def transient(workdir: Path, name: str, body: list[str], meas: list[str], corner: Corner, stop_ps: float = 250,
              step_ps: float = 0.1, optional: bool = False) -> dict[str, float | None]:
    """Run one ngspice transient deck at the corner's temperature; its .meas results in SI units. A measurement
    ngspice could not make (a crossing that never happens) is an error, or None when optional. The largest time
    step, step_ps, stretches with the corner's time scale like the decks' times: a sky130 inverter's delay moves
    by 0.1 % between 1 and 4 ps steps."""
    workdir.mkdir(parents=True, exist_ok=True)
    deck = workdir / f"{name}.sp"
    step = step_ps * corner.time_scale
    deck.write_text("\n".join([f"* {name}", f".include {corner.models}", *body, f".temp {corner.temp:g}",
                               f".tran {step}p {stop_ps}p", *meas, ".end"]) + "\n")
    log = workdir / f"{name}.log"
    run_status("ngspice", ["-b", deck.name], cwd=workdir, log=log, timeout=1800, what=f"ngspice {name}")
    found = {k.lower(): float(v) for k, v in re.findall(r"^(\w+)\s*=\s*([-+0-9.eE]+)", log.read_text(), re.M)}
    wanted = [m.split()[2].lower() for m in meas]
    missing = [m for m in wanted if m not in found]
    if missing and not optional:
        raise ToolError(f"ngspice {name}: no result for {', '.join(missing[:5])}", str(log))
    return {m: found.get(m) for m in wanted}
