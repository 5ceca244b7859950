"""Repairs of the FlexLib liberty files (see [repairs] in pdk/freepdk45.toml for the why).

Each repair is a function from a parsed library to a list of what it changed, so tests can check each one alone.
The parsing and writing is liberty-parser's; nothing here edits liberty text by pattern.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from liberty.types import Group

# Timing checks whose edge must match a flip-flop's `clocked_on` polarity.
_RISING_CHECKS = {"setup_falling": "setup_rising", "hold_falling": "hold_rising"}


def _cells(lib: Group) -> list[Group]:
    return lib.get_groups("cell")


def set_areas(lib: Group, footprints: dict[str, float]) -> list[str]:
    """Give each cell the area of its layout; a cell without a footprint is an error, not a silent zero."""
    missing = [c.args[0] for c in _cells(lib) if c.args[0] not in footprints]
    if missing:
        raise ValueError(f"no footprint for cells: {', '.join(missing)}")
    for cell in _cells(lib):
        cell["area"] = footprints[cell.args[0]]
    return [f"area of {len(_cells(lib))} cells from their layouts"]


def add_operating_conditions(lib: Group) -> list[str]:
    """Add a default operating point at the library's nominal process/voltage/temperature."""
    # liberty.types pulls in sympy (half a second): only an install needs it, not every command.
    from liberty.types import Attribute, Group  # noqa: PLC0415

    if lib.get_groups("operating_conditions"):
        return []
    voltage = float(lib["nom_voltage"])
    temperature = float(lib["nom_temperature"])
    process = float(lib["nom_process"])
    name = f"nom_{voltage:.2f}V_{temperature:g}C".replace(".", "p").replace("-", "m")
    cond = Group(
        "operating_conditions",
        args=[name],
        attributes=[
            Attribute("process", process),
            Attribute("voltage", voltage),
            Attribute("temperature", temperature),
            Attribute("tree_type", "balanced_tree"),
        ],
    )
    lib.groups.insert(0, cond)
    lib["default_operating_conditions"] = name
    return [f"operating_conditions {name} (V={voltage:g}, T={temperature:g}, P={process:g}) as default"]


def _is_rising_flop(cell: Group) -> str | None:
    """The clock pin of a rising-edge flip-flop, else None."""
    for ff in cell.get_groups("ff"):
        clocked_on = str(ff["clocked_on"]).strip('"')
        if clocked_on.isidentifier():
            return clocked_on
    return None


def fix_flop_checks(lib: Group) -> list[str]:
    """Make setup/hold checks and clock arcs of rising-edge flip-flops consistent with their function."""
    changes = []
    for cell in _cells(lib):
        clock = _is_rising_flop(cell)
        if clock is None:
            continue
        for pin in cell.get_groups("pin"):
            kept = []
            for timing in pin.groups:
                if timing.group_name != "timing":
                    kept.append(timing)
                    continue
                ttype = str(timing["timing_type"] or "").strip('"')
                related = str(timing["related_pin"] or "").strip('"')
                if ttype in _RISING_CHECKS:
                    timing["timing_type"] = _RISING_CHECKS[ttype]
                    changes.append(f"{cell.args[0]}/{pin.args[0]}: {ttype} -> {_RISING_CHECKS[ttype]}")
                elif related == clock and ttype in ("falling_edge", "preset", "clear"):
                    changes.append(f"{cell.args[0]}/{pin.args[0]}: removed {ttype} arc from {clock}")
                    continue
                kept.append(timing)
            pin.groups = kept
    return changes


def repair(lib: Group, footprints: dict[str, float]) -> list[str]:
    return set_areas(lib, footprints) + add_operating_conditions(lib) + fix_flop_checks(lib)
