"""Pin directions of a liberty library's cells, for SPEF connection records."""

from __future__ import annotations

from pathlib import Path


def pin_directions(path: Path) -> dict[str, dict[str, str]]:
    """cell -> pin -> "I" / "O" (SPEF's letters; inout pins count as outputs, none are in FlexLib)."""
    from liberty.parser import parse_liberty  # noqa: PLC0415 -- it imports sympy: half a second of every command's start
    lib = parse_liberty(Path(path).read_text())
    out: dict[str, dict[str, str]] = {}
    for cell in lib.get_groups("cell"):
        pins = out.setdefault(str(cell.args[0]).strip('"'), {})
        for pin in cell.get_groups("pin"):
            direction = str(pin["direction"]).strip('"')
            pins[str(pin.args[0]).strip('"')] = "I" if direction == "input" else "O"
    return out
