"""The SRAM area per bit every on-chip memory estimate uses (an ESTIMATE: no SRAM compiler or macro is run).

- BIT_CELL_UM2: a 45 nm 6T bit cell of 0.346 um^2 (Intel's 45 nm high-k/metal-gate process, IEDM 2007);
- ARRAY_EFFICIENCY: ~70 % of an SRAM macro is bit cells (the rest decoders, sense amplifiers, I/O);
- SRAM_UM2_PER_BIT: ~ BIT_CELL_UM2 / ARRAY_EFFICIENCY, rounded to 0.5 um^2 per usable bit.
Arrays are sized exactly (no rounding up to a macro size); read and write energy is not estimated. The figure is
a commercial-density 45 nm one: set beside cells of a scalable-rule library such as FreePDK45 FlexLib (whose cells
are several times larger than a commercial 45 nm library's) it flatters SRAM by that factor.
"""

from __future__ import annotations

BIT_CELL_UM2 = 0.346  # 45 nm 6T SRAM cell (Intel 45 nm, IEDM 2007)
ARRAY_EFFICIENCY = 0.70  # share of an SRAM macro's area that is bit cells
SRAM_UM2_PER_BIT = 0.5  # ~ BIT_CELL_UM2 / ARRAY_EFFICIENCY, rounded: the figure every estimate uses
SRAM_SOURCE = (f"{BIT_CELL_UM2} um^2 45 nm 6T cell at ~{ARRAY_EFFICIENCY:.0%} array efficiency "
               f"~ {SRAM_UM2_PER_BIT} um^2/bit")


def sram_area_um2(bits: int) -> float:
    """Estimated SRAM area of `bits` bits."""
    return bits * SRAM_UM2_PER_BIT
