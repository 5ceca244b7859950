"""The engine interface, described once (designs/README.md explains it to people).

Every consumer reads PORTS: the array generator (arrays.py), the composed array's linked top
(flow/compose.py), the throughput bench (sim/perf.py), the activity workloads (activity/workload.py) and the
tests' cocotb driver. A port's `array` role says how an N-engine array wires it:

  broadcast  one outer port fans out to every engine (line fields, key)
  dispatch   per engine, through the dispatcher (designs/array/array_dispatch.v) as bus `e_<name>`
  shared     the clock and reset
  tie0       optional input an array drives low (the array does not forward it)
  open       optional output an array leaves unconnected

Optional groups are declared per design in design.toml (`[design] prefetch = true`, `early = true`):
  prefetch  a hint that a line with this IV will arrive: the engine may precompute what depends on the IV only
            (pads, masks), started at the read request; no ready, the engine may ignore it
  early     the result data as soon as it is computed, before the tag check (speculative forwarding);
            no back-pressure
"""

from __future__ import annotations

from dataclasses import dataclass

GROUPS = ("prefetch", "early")
WIDTH_PARAMS = ("KEY_BITS", "LINE_BYTES", "ID_BITS")  # parameters every engine has (they set port widths)
WIDTH_DEFAULTS = {"KEY_BITS": 128, "LINE_BYTES": 64, "ID_BITS": 8}


@dataclass(frozen=True)
class Port:
    name: str
    direction: str  # input | output
    width: int | str  # bits, or the parameter that sets them
    scale: int = 1  # width = scale x parameter (8 x LINE_BYTES)
    array: str = "broadcast"
    group: str = ""  # "" = every engine has it

    def bits(self, params: dict[str, int]) -> int:
        if isinstance(self.width, int):
            return self.width
        return self.scale * int(params.get(self.width, WIDTH_DEFAULTS[self.width]))

    def bits_expr(self) -> str:
        """The width as a Verilog expression in the engine's parameters."""
        if isinstance(self.width, int):
            return str(self.width)
        return f"{self.scale}*{self.width}" if self.scale != 1 else self.width

    def verilog_width(self) -> str:
        """The width as a Verilog expression in the engine's parameters ("" for one bit)."""
        if self.width == 1:
            return ""
        return f"[{self.width - 1}:0]" if isinstance(self.width, int) else f"[{self.bits_expr()}-1:0]"


PORTS = (
    Port("clk", "input", 1, array="shared"),
    Port("rst", "input", 1, array="shared"),
    Port("key_valid", "input", 1, array="dispatch"),
    Port("key_ready", "output", 1, array="dispatch"),
    Port("key", "input", "KEY_BITS"),
    Port("in_valid", "input", 1, array="dispatch"),
    Port("in_ready", "output", 1, array="dispatch"),
    Port("in_decrypt", "input", 1),
    Port("in_iv", "input", 96),
    Port("in_aad", "input", 128),
    Port("in_data", "input", "LINE_BYTES", scale=8),
    Port("in_tag", "input", 128),
    Port("in_id", "input", "ID_BITS"),
    Port("out_valid", "output", 1, array="dispatch"),
    Port("out_ready", "input", 1, array="dispatch"),
    Port("out_data", "output", "LINE_BYTES", scale=8, array="dispatch"),
    Port("out_tag", "output", 128, array="dispatch"),
    Port("out_auth_fail", "output", 1, array="dispatch"),
    Port("out_id", "output", "ID_BITS", array="dispatch"),
    Port("pre_valid", "input", 1, array="tie0", group="prefetch"),
    Port("pre_iv", "input", 96, array="tie0", group="prefetch"),
    Port("early_valid", "output", 1, array="open", group="early"),
    Port("early_data", "output", "LINE_BYTES", scale=8, array="open", group="early"),
    Port("early_id", "output", "ID_BITS", array="open", group="early"),
)
BY_NAME = {p.name: p for p in PORTS}


def ports(groups: tuple[str, ...] = ()) -> tuple[Port, ...]:
    """The ports of an engine with these optional groups, in interface order."""
    return tuple(p for p in PORTS if not p.group or p.group in groups)


def core_ports() -> tuple[Port, ...]:
    """The ports every engine (and every array) has."""
    return ports(())


def dispatched() -> tuple[Port, ...]:
    return tuple(p for p in PORTS if p.array == "dispatch")
