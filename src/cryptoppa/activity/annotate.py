"""Simulated activity as OpenSTA commands, and how much of the design it covers.

Debian's OpenSTA 2.0.17 cannot read VCD/SAIF and its `set_power_activity -pins` is broken, so each net's
activity goes through the SWIG commands directly: `sta::set_power_pin_activity` on each pin of the net and
`sta::set_power_input_port_activity` on an input port. Net names come from our own netlist but are still
checked against a narrow alphabet and passed inside Tcl braces with OpenSTA's bracket escapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import CryptoppaError
from .vcd import Activity

_NET = re.compile(r"[A-Za-z0-9_.$:\[\]]+\Z")
_CONN = re.compile(r"^\s*\.[A-Za-z_][A-Za-z0-9_]*\((\\\S+ |[A-Za-z_][A-Za-z0-9_$]*(?:\[\d+\])?)\)", re.M)
_PORT = re.compile(r"^\s*(?:input|output)\s+(\\\S+ |[A-Za-z_][A-Za-z0-9_$]*)\s*;", re.M)
COVERAGE_WARNING = 0.9

# OpenSTA 2.0.17 overwrites user pin activities with propagated ones the first time it computes power, and
# keeps them afterwards: so power is computed once first, then every pin of each simulated net (the driver for
# switching power, the loads for their cells' internal power) and its input port, if any, gets the activity.
_PROC = """\
sta::design_power [sta::cmd_corner]
proc cryptoppa_net_activity {name activity duty} {
    set net [get_nets -quiet $name]
    if {![llength $net]} { error "activity annotation: no net $name in the design" }
    foreach port [get_ports -quiet -of_objects $net] {
        if {[get_property $port direction] == "input"} { sta::set_power_input_port_activity $port $activity $duty }
    }
    foreach pin [get_pins -quiet -of_objects $net] { sta::set_power_pin_activity $pin $activity $duty }
}
"""


def _net_name(conn: str) -> str:
    return conn[1:].rstrip() if conn.startswith("\\") else conn


def _tcl_name(net: str) -> str:
    if not _NET.match(net):
        raise CryptoppaError(f"net {net!r} has characters that cannot be passed to OpenSTA safely")
    return "{" + net.replace("[", "\\[").replace("]", "\\]") + "}"


@dataclass(frozen=True)
class Annotation:
    tcl: str
    pins: int  # instance pins and top-level ports of the netlist
    annotated_pins: int  # of those, on nets whose activity came from the simulation
    nets: int  # nets annotated

    @property
    def coverage(self) -> float:
        return self.annotated_pins / self.pins if self.pins else 0.0


def annotation(activity: Activity, netlist: Path, clock_net: str | None) -> Annotation:
    """Tcl that applies `activity` to the netlist's nets; the clock net is left to OpenSTA's clock model."""
    text = Path(netlist).read_text()
    pin_nets = [_net_name(m) for m in _CONN.findall(text)] + [_net_name(m) for m in _PORT.findall(text)]
    lines = [f"# {activity.cycles} cycles of {activity.period_ps / 1000.0:g} ns simulated; "
             "activity = transitions per cycle, duty = fraction of time high", _PROC]
    nets = 0
    for net in sorted(activity.nets):
        if net == clock_net:
            continue
        lines.append(f"cryptoppa_net_activity {_tcl_name(net)} {activity.rate(net):.9g} {activity.duty(net):.9g}")
        nets += 1
    # The clock net counts as covered: OpenSTA's clock model (two transitions per cycle) is exact for it.
    known = set(activity.nets) | ({clock_net} if clock_net else set())
    annotated = sum(1 for n in pin_nets if n in known)
    return Annotation("\n".join(lines) + "\n", len(pin_nets), annotated, nets)
