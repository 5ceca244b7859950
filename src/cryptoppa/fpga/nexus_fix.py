"""A netlist fix between Yosys's synth_nexus and nextpnr-nexus (both 0.70/0.11 wheels).

synth_nexus ties the carry-in of the first CCU2 of every chain to a VLO (constant 0) cell; nextpnr-nexus finds
chain roots by an unconnected CIN and stops with "CIN net driven by non-CCU2 cell" otherwise. An unconnected
CIN is the same constant 0 to the hardware, so the fix disconnects CINs driven by a constant cell.
"""

from __future__ import annotations

import json
from pathlib import Path

_CONSTANT_CELLS = {"VLO"}


def detach_constant_carry_ins(netlist: Path) -> int:
    """Rewrite the JSON netlist in place; return how many carry chains had their CIN detached."""
    data = json.loads(netlist.read_text())
    detached = 0
    for module in data["modules"].values():
        cells = module.get("cells", {})
        constant_bits = {bit for cell in cells.values() if cell["type"] in _CONSTANT_CELLS
                         for bits in cell["connections"].values() for bit in bits}
        for cell in cells.values():
            cin = cell["connections"].get("CIN") if cell["type"] == "CCU2" else None
            if cin and all(bit in constant_bits or bit in ("0", 0) for bit in cin):
                del cell["connections"]["CIN"]
                detached += 1
    netlist.write_text(json.dumps(data))
    return detached
