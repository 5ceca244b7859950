"""Reading liberty files: parse, find a cell, a table's grid, a table's value at (slew, load) as STA reads it, and
the provenance mark each cell of a characterized library carries."""

from __future__ import annotations

import re

from ...errors import CryptoppaError

# Each cell of a characterized liberty carries a comment: "characterized: how", or what it has instead (the
# target's `kept`: "shipped FlexLib tables", "no tables") and why; `pdk show` lists the latter.
CHARACTERIZED = "characterized"


def parse(text: str):
    from liberty.parser import parse_liberty  # noqa: PLC0415 (sympy via liberty.types: heavy, only here)
    return parse_liberty(text)


def cell_group(lib, name: str):
    for g in lib.get_groups("cell"):
        if str(g.args[0]) == name:
            return g
    raise CryptoppaError(f"no cell {name!r} in the liberty")


def pins(cell, direction: str) -> list[str]:
    return [str(p.args[0]) for p in cell.get_groups("pin") if str(p["direction"]) == direction]


def timing(cell, pin: str, related: str, kind: str | None = None):
    """The cell's timing group on pin related to `related` (of timing_type kind, when given)."""
    for t in cell.get_groups("pin", pin)[0].get_groups("timing"):
        if str(t["related_pin"]).strip('"') == related and (
                kind is None or str(t["timing_type"] or "").strip('"') == kind):
            return t
    raise CryptoppaError(f"cell {cell.args[0]}: no {kind or 'timing'} arc {related} -> {pin}")


def table_indices(lib, cell) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(slews ps, loads fF) of the cell's first cell_rise/cell_fall table."""
    for pin in cell.get_groups("pin"):
        for group in pin.get_groups("timing"):
            for table in group.get_groups("cell_rise") + group.get_groups("cell_fall"):
                axes = dict(_axes(lib, table))
                return (tuple(axes["input_net_transition"]), tuple(axes["total_output_net_capacitance"]))
    raise CryptoppaError(f"cell {cell.args[0]}: no timing table to take the grid from")


def mean_delays(lib) -> dict[tuple[str, str, str, str], float]:
    """(cell, pin, related pin, table) -> the mean of each cell_rise/cell_fall table: what corners are ordered by."""
    out = {}
    for cell in lib.get_groups("cell"):
        for pin in cell.get_groups("pin"):
            for arc in pin.get_groups("timing"):
                for table in ("cell_rise", "cell_fall"):
                    for group in arc.get_groups(table):
                        values = [float(v) for row in group.get_array("values") for v in row]
                        out[str(cell.args[0]), str(pin.args[0]), str(arc["related_pin"]), table] = \
                            sum(values) / len(values)
    return out


def cell_mark(note: str) -> str:
    return f"/* cryptoppa: {note} */"


def shipped_cells(liberty_text: str) -> dict[str, str]:
    """Cells of a characterized liberty without tables of ours (shipped ones or none), and why."""
    return dict(re.findall(r"cell \((\w+)\) \{\s*/\* cryptoppa: (?!" + CHARACTERIZED + r":)[^(]*\((.*?)\) \*/",
                           liberty_text))


def _axes(lib, table) -> list[tuple[str, list[float]]]:
    tmpl = next(t for t in lib.groups if t.group_name in ("lu_table_template", "power_lut_template")
                and str(t.args[0]) == str(table.args[0]))
    variables = [str(tmpl[f"variable_{i}"]) for i in (1, 2) if tmpl.get(f"variable_{i}") is not None]
    axes = []
    for i, var in enumerate(variables, start=1):
        src = table if table.get(f"index_{i}") is not None else tmpl
        axes.append((var, [float(x) for x in src.get_array(f"index_{i}")[0]]))
    return axes


def _interp(xs: list[float], x: float) -> tuple[int, float]:
    """Segment index and fraction for linear inter-/extrapolation in a sorted axis."""
    if len(xs) == 1:
        return 0, 0.0
    i = max(0, min(len(xs) - 2, sum(1 for v in xs if v <= x) - 1))
    return i, (x - xs[i]) / (xs[i + 1] - xs[i])


def within(lib, table, **point: float) -> bool:
    """True when the point lies inside the table's grid (no extrapolation)."""
    names = {"slew": ("input_net_transition", "input_transition_time", "related_pin_transition"),
             "load": ("total_output_net_capacitance",), "constrained": ("constrained_pin_transition",)}
    for var, xs in _axes(lib, table):
        for key, value in point.items():
            if var in names[key] and not xs[0] <= value <= xs[-1]:
                return False
    return True


def lookup(lib, table, slew_ps: float, load_ff: float = 0.0, constrained_ps: float | None = None) -> float:
    """A table's value at (input slew, output load), bilinear as STA does, whatever the template's variable order.
    Constraint tables: slew_ps is the related (clock) pin's transition and constrained_ps the data pin's."""
    point = {"input_net_transition": slew_ps, "input_transition_time": slew_ps, "related_pin_transition": slew_ps,
             "total_output_net_capacitance": load_ff, "constrained_pin_transition": constrained_ps}
    axes = _axes(lib, table)
    values = [[float(x) for x in row] for row in table.get_array("values")]
    if len(axes) == 1:
        (var, xs), = axes
        i, f = _interp(xs, point[var])
        row = values[0]
        return row[i] + f * (row[min(i + 1, len(row) - 1)] - row[i])
    (v1, x1), (v2, x2) = axes
    i, fi = _interp(x1, point[v1])
    j, fj = _interp(x2, point[v2])
    i1, j1 = min(i + 1, len(x1) - 1), min(j + 1, len(x2) - 1)
    a = values[i][j] + fj * (values[i][j1] - values[i][j])
    b = values[i1][j] + fj * (values[i1][j1] - values[i1][j])
    return a + fi * (b - a)
