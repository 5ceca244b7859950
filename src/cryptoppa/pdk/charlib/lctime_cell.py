"""lctime 0.0.26 (its own virtualenv) on one combinational cell: an independent implementation our decks are
checked against (tests, reports/flexlib), no longer the source of the library's tables.

lctime's conventions are corrected here rather than trusted:
- it ramps the input from 0 to 100 % over the given slew, while liberty slews here are 20-80 %: lctime is given
  slew / 0.6 and the table index is written back as the 20-80 % slew;
- it reads netlists through KLayout, which upper-cases net names: pins are upper-cased in its input and restored;
- it reads the corner's voltage from the liberty but simulates every combinational arc at 25 °C whatever the
  liberty's nom_temperature (its CellSimulation never receives the temperature): the corner's `.temp` comes in
  an include file after lctime's own `.option TEMP=25`, and the later statement wins.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...tools import run
from .spice import SLEW_HIGH, SLEW_LOW, Corner
from .tables import parse


def _rename(text: str, mapping: dict[str, str]) -> str:
    return re.sub(r"[A-Za-z_][A-Za-z0-9_]*", lambda m: mapping.get(m.group(0), m.group(0)), text)


def template(shipped, cell) -> str:
    """A one-cell liberty for lctime: the shipped header, the cell's pins (upper-case) and its function."""
    from liberty.types import EscapedString, Group  # noqa: PLC0415 (sympy: heavy)

    upper = {str(p.args[0]): str(p.args[0]).upper() for p in cell.get_groups("pin")}
    new = Group("cell", args=[str(cell.args[0])])
    for pin in cell.get_groups("pin"):
        p = Group("pin", args=[upper[str(pin.args[0])]])
        p["direction"] = pin["direction"]
        if pin.get("function") is not None:
            p["function"] = EscapedString(_rename(str(pin["function"]).strip('"'), upper))
        new.groups.append(p)
    head = parse(str(shipped))
    head.groups = [g for g in head.groups if g.group_name == "operating_conditions"]
    head.groups.append(new)
    return str(head)


def upper_netlist(text: str) -> str:
    """Upper-case the subcircuit's net names (KLayout does) but keep the cell name and the keywords lctime parses."""
    out = []
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0].lower() == ".subckt":
            out.append(" ".join([".subckt", words[1], *(w.upper() for w in words[2:])]))
        elif words[0].lower() == ".ends":
            out.append(f".ends {words[1]}" if len(words) > 1 else ".ends")
        elif words[0][0].upper() == "M":
            name, d, g, s, b, model, *params = words
            out.append(" ".join([name, d.upper(), g.upper(), s.upper(), b.upper(), model, *params]))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def _relabel_slews(body: str, slews: tuple[float, ...]) -> str:
    """lctime writes index_2 = the ramp times it simulated; write the 20-80 % slews they stand for."""
    want = ", ".join(f"{s:g}" for s in slews)
    return re.sub(r'(index_2 \( \\\s*\n\s*)"[^"]*"', lambda m: f'{m.group(1)}"{want}"', body)


def characterize(work: Path, name: str, netlist: str, corner: Corner, lib, slews: tuple[float, ...],
                 loads: tuple[float, ...], timeout_s: float = 3600.0):
    """The cell as lctime characterizes it (calc mode worst, 1 ps time step) on the grid, parsed, with our pin
    names and 20-80 % slews; lib gives the header and the cell's pins and functions."""
    cell = next(g for g in lib.get_groups("cell") if str(g.args[0]) == name)
    (work / "lctime").mkdir(parents=True, exist_ok=True)
    (work / "template.lib").write_text(template(lib, cell))
    (work / "cell.sp").write_text(upper_netlist(netlist))
    (work / "corner.sp").write_text(f".include {corner.models.resolve()}\n.temp {corner.temp:g}\n")
    ramp = SLEW_HIGH - SLEW_LOW
    args = ["-l", "template.lib", "--cell", name, "--spice", "cell.sp", "-I", (work / "corner.sp").resolve(),
            "-o", "out.lib", "--workingdir", "lctime",
            "--output-loads", ",".join(f"{c * 1e-3:.6g}" for c in loads),
            "--slew-times", ",".join(f"{s / ramp * 1e-3:.6g}" for s in slews),
            "--time-step", "1e-12", "--calc-mode", "worst", "-j", "1"]
    run("lctime", args, cwd=work, log=work / "lctime.log", timeout=timeout_s, what=f"lctime {name}")
    lower = {str(p.args[0]).upper(): str(p.args[0]) for p in cell.get_groups("pin")}
    return parse(_relabel_slews(_rename((work / "out.lib").read_text(), lower), slews))
