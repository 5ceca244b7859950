"""The characterized liberty: the base library (FlexLib: the repaired shipped one; sky130: the skeleton of
sky130.py) with each characterized cell's tables swapped for ours, every cell marked with where its tables come
from. Areas, functions, ff groups and operating conditions stay.

Table axes are the ones Debian's OpenSTA 2.0.17 reads: delay and transition tables input_net_transition x
total_output_net_capacitance, energy tables input_transition_time (x total_output_net_capacitance), constraints
constrained_pin_transition x related_pin_transition. Output pins lose the shipped `capacitance`: OpenSTA adds an
output pin's capacitance to its net's load, and our tables already include the cell's own output diffusion."""

from __future__ import annotations

import re

import numpy as np

from ..install import liberty_text
from .flop import FlopPins
from .tables import CHARACTERIZED, cell_group, cell_mark
from .targets import Target

NOTES = {
    "arcs": "our own ngspice decks: delay and transition (the slowest side-input state at each grid point), "
            "internal energy (supply, less the load's C*V^2, mean over side-input states), pin capacitance (charge), "
            "leakage per input state",
    "flop": "our own ngspice decks: clock-to-q{clear} over slew x load; {checks} by bisection on a {n} x {n} "
            "slew grid at {load:g} fF (clock-to-q at most 10 % above nominal; removal: q below 10 % of Vdd); "
            "internal energy per event, pin capacitance (charge), leakage per state",
}


def _group(name: str, args=None, **attrs):
    from liberty.types import EscapedString, Group  # noqa: PLC0415 (sympy: heavy)

    g = Group(name, args=list(args or []))
    for key, value in attrs.items():
        g[key] = EscapedString(value) if isinstance(value, str) and key in ("related_pin", "when") else value
    return g


def _table(name: str, template: str, values, *indices):
    g = _group(name, [template])
    for i, index in enumerate(indices, start=1):
        g.set_array(f"index_{i}", np.array(index, dtype=float))
    g.set_array("values", np.round(np.array(values if indices[1:] else [values], dtype=float), 4))
    return g


class _Templates:
    """The table templates the new tables name, added once to the library."""

    def __init__(self):
        self.groups = {}

    def name(self, kind: str, variables: tuple[str, ...], *sizes: int) -> str:
        name = f"cryptoppa_{kind}_{'x'.join(map(str, sizes))}"
        if name not in self.groups:
            g = _group("power_lut_template" if kind == "energy" else "lu_table_template", [name])
            for i, (var, size) in enumerate(zip(variables, sizes), start=1):
                g[f"variable_{i}"] = var
                g.set_array(f"index_{i}", np.arange(1000.0, 1000.0 + size))
            self.groups[name] = g
        return name

    def delay(self, slews, loads) -> str:
        return self.name("delay", ("input_net_transition", "total_output_net_capacitance"), len(slews), len(loads))

    def energy(self, slews, loads=None) -> str:
        if loads is None:
            return self.name("energy", ("input_transition_time",), len(slews))
        return self.name("energy", ("input_transition_time", "total_output_net_capacitance"), len(slews), len(loads))

    def constraint(self, slews) -> str:
        return self.name("constraint", ("constrained_pin_transition", "related_pin_transition"), len(slews),
                         len(slews))


def _timing(tmpl: _Templates, related: str, tables: dict, slews, loads, **attrs):
    g = _group("timing", related_pin=related, **attrs)
    name = tmpl.delay(slews, loads)
    g.groups = [_table(t, name, tables[t], slews, loads) for t in ("cell_rise", "cell_fall", "rise_transition",
                                                                   "fall_transition") if t in tables]
    return g


def _power(tmpl: _Templates, related: str | None, tables: dict, slews, loads=None):
    g = _group("internal_power", **({"related_pin": related} if related else {}))
    name = tmpl.energy(slews, loads)
    g.groups = [_table(t, name, tables[t], slews, *([loads] if loads else [])) for t in ("rise_power", "fall_power")
                if t in tables]
    return g


def _check(tmpl: _Templates, clock: str, kind: str, checks: dict, slews):
    g = _group("timing", related_pin=clock, timing_type=f"{kind}_rising")
    name = tmpl.constraint(slews)
    g.groups = [_table(f"{edge}_constraint", name, checks[f"{kind}_{edge}"], slews, slews)
                for edge in ("rise", "fall") if f"{kind}_{edge}" in checks]
    return g


def _set_caps(cell, caps: dict) -> None:
    for pin in cell.get_groups("pin"):
        if str(pin.args[0]) in caps:
            for attr, value in caps[str(pin.args[0])].items():
                pin[attr] = round(value, 4)


def _set_leakage(cell, states: dict[str, float], names: list[str]) -> None:
    unit = 1e-6  # leakage_power_unit 1uW (checked by assemble)
    cell["cell_leakage_power"] = round(sum(states.values()) / len(states) / unit, 6)
    cell.groups = [g for g in cell.groups if g.group_name != "leakage_power"]
    for state, watts in sorted(states.items(), reverse=True):
        when = " & ".join(p if bit == "1" else f"!{p}" for p, bit in zip(names, state))
        cell.groups.insert(0, _group("leakage_power", when=when, value=round(watts / unit, 6)))


def _output_pins(cell):
    return [p for p in cell.get_groups("pin") if str(p["direction"]) == "output"]


def _combinational(tmpl: _Templates, cell, data: dict) -> None:
    for pin in _output_pins(cell):
        name = str(pin.args[0])
        pin.groups = [g for g in pin.groups if g.group_name not in ("timing", "internal_power")]
        for related, arc in data["arcs"][name].items():
            slews, loads = data["slews"], data["loads"]
            for sense in ("positive_unate", "negative_unate"):
                if sense in arc:
                    pin.groups.append(_timing(tmpl, related, arc[sense], slews, loads, timing_sense=sense))
            pin.groups.append(_power(tmpl, related, arc, slews, loads))
    _set_caps(cell, data["capacitance"])
    _set_leakage(cell, data["leakage_w"], data["inputs"])


def _flop(tmpl: _Templates, cell, data: dict, names: FlopPins) -> None:
    """data keys the pins by role (ck, i, q, nrst, as FlexLib names them); names says what the cell calls them."""
    ckq, slews, loads, cs = data["clock_to_q"], data["slews"], data["loads"], data["constraint_slews"]
    pins = {str(p.args[0]): p for p in cell.get_groups("pin")}
    keep = lambda p: [g for g in p.groups if g.group_name not in ("timing", "internal_power")]  # noqa: E731
    for p in pins.values():
        p.groups = keep(p)
    ck = names.clock
    pins[ck].groups.append(_power(tmpl, None, ckq["ck_power"], slews))
    pins[names.data].groups += [_check(tmpl, ck, "setup", data["checks"], cs),
                                _check(tmpl, ck, "hold", data["checks"], cs), _power(tmpl, None, ckq["i_power"], slews)]
    q = pins[names.q]
    q.groups += [_timing(tmpl, ck, ckq["q"], slews, loads, timing_type="rising_edge"),
                 _power(tmpl, ck, ckq["q"], slews, loads)]
    role = {"ck": ck, "i": names.data, "nrst": names.clear}
    caps = {role[r]: c for r, c in ckq["capacitance"].items()}
    if "clear" in data:
        clear, nrst = data["clear"], names.clear
        q.groups += [_timing(tmpl, nrst, clear["q"], slews, loads, timing_sense="positive_unate",
                             timing_type="clear"), _power(tmpl, nrst, clear["q"], slews, loads)]
        pins[nrst].groups += [_check(tmpl, ck, "recovery", data["checks"], cs),
                              _check(tmpl, ck, "removal", data["checks"], cs),
                              _power(tmpl, None, clear["nrst_power"], slews)]
        caps.update({role[r]: c for r, c in clear["capacitance"].items()})
    _set_caps(cell, caps)
    _set_leakage(cell, data["leakage_w"], names.names())


def note(target: Target, name: str, data: dict | None, failures: dict[str, str]) -> str:
    """The provenance comment of one cell."""
    if data is None:
        why = target.not_characterized.get(name) or failures.get(name) or "not characterized in this run"
        return f"{target.kept} ({why})"
    method = data["method"]
    if method == "flop":
        clear = "clear" in data
        text = NOTES["flop"].format(clear=" and the clear nrst -> q" if clear else "",
                                    checks="setup, hold, recovery and removal" if clear else "setup and hold",
                                    n=len(data["constraint_slews"]), load=data["constraint_load"])
        return f"{CHARACTERIZED}: {text}"
    return f"{CHARACTERIZED}: {NOTES[method]}"


def assemble(target: Target, shipped, results: dict[str, dict], header: str, failures: dict[str, str]) -> str:
    """The base library with our cells swapped in, as liberty text with provenance comments."""
    if (str(shipped["leakage_power_unit"]).strip('"'), str(shipped["time_unit"]).strip('"'),
            str(shipped["voltage_unit"]).strip('"'), [str(x) for x in shipped["capacitive_load_unit"]]) != (
            "1uW", "1ps", "1V", ["1", "ff"]):
        raise ValueError("unexpected units in the shipped liberty")
    tmpl = _Templates()
    for name, data in results.items():
        cell = cell_group(shipped, name)
        if data["method"] == "flop":
            _flop(tmpl, cell, data, target.flops[name])
        else:
            _combinational(tmpl, cell, data)
        for pin in _output_pins(cell):
            pin.attributes = [a for a in pin.attributes if a.name != "capacitance"]
    first = next(i for i, g in enumerate(shipped.groups) if g.group_name == "cell")
    names = {str(g.args[0]) for g in shipped.groups if g.group_name.endswith("template")}
    shipped.groups[first:first] = [g for n, g in sorted(tmpl.groups.items()) if n not in names]
    lines = liberty_text(shipped).split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)cell \((\w+)\) \{", line)
        if m:
            lines[i] = f"{line}\n{m.group(1)}  {cell_mark(note(target, m.group(2), results.get(m.group(2)), failures))}"
    return header + "\n".join(lines)
