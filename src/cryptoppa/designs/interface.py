"""The engine interface, described once (designs/README.md explains it to people).

Every consumer reads PORTS: the array generator (arrays.py), the composed array's linked top
(flow/compose.py), the throughput bench (sim/perf.py), the activity workloads (activity/workload.py) and the
tests' cocotb driver. A port's `array` role says how an N-engine array wires it:

  broadcast  one outer port fans out to every engine (line fields, key)
  dispatch   per engine, through the dispatcher (designs/array/array_dispatch.v) as bus `e_<name>`
  shared     the clock and reset
  tie0       optional input an array drives low (the array does not forward it)
  open       optional output an array leaves unconnected

Optional groups are declared per design in design.toml (`[design] prefetch = true`, `early = true`,
`multikey = true`):
  prefetch  a hint that a line with this IV will arrive: the engine may precompute what depends on the IV only
            (pads, masks), started at the read request; no ready, the engine may ignore it
  early     the result data as soon as it is computed, before the tag check (speculative forwarding);
            no back-pressure
  multikey  a key table of KEYS entries (the engine's parameter KEY_TABLE_PARAM): `key` is written to entry
            `key_index`, and each line (and, with prefetch, each hint) names the entry of its key; key IDs are
            KEY_ID_BITS wide and the engine uses their low log2(KEYS) bits. Arrays tie these ports low (every engine
            of an array uses entry 0), so the default interface drives a multi-key engine as a single-key one.
A port of two groups ("prefetch+multikey") exists only on engines with both.
"""

from __future__ import annotations

from dataclasses import dataclass

GROUPS = ("prefetch", "early", "multikey")
KEY_ID_BITS = 16  # key IDs of the multikey group (Intel TME-MK allows up to 15 KeyID bits)
KEY_TABLE_PARAM = "KEYS"  # the parameter of a multikey engine that holds its number of key-table entries
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
    Port("key_index", "input", KEY_ID_BITS, array="tie0", group="multikey"),
    Port("in_key_id", "input", KEY_ID_BITS, array="tie0", group="multikey"),
    Port("pre_key_id", "input", KEY_ID_BITS, array="tie0", group="prefetch+multikey"),
)
BY_NAME = {p.name: p for p in PORTS}


def ports(groups: tuple[str, ...] = ()) -> tuple[Port, ...]:
    """The ports of an engine with these optional groups, in interface order."""
    return tuple(p for p in PORTS if not p.group or all(g in groups for g in p.group.split("+")))


def key_entries(groups: tuple[str, ...], params: dict[str, int]) -> int:
    """Key-table entries of an engine: its KEY_TABLE_PARAM with the multikey ports, else 1."""
    return int(params.get(KEY_TABLE_PARAM, 1)) if "multikey" in groups else 1


def core_ports() -> tuple[Port, ...]:
    """The ports every engine (and every array) has."""
    return ports(())


def dispatched() -> tuple[Port, ...]:
    return tuple(p for p in PORTS if p.array == "dispatch")
