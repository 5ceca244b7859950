"""The code and data memory a firmware needs, and a documented SRAM area estimate for it.

Our cores are characterized without their memories (the testbench's 256 KiB RAM is a simulation model), so a
core's synthesized area alone flatters software against hardware engines. This module states what a real part
would have to add: the firmware ELF's loaded sections (`riscv64-unknown-elf-size -A`), code = text + rodata,
data = data + bss + the stack the linker script reserves, and an SRAM area = bits x area per bit.

Assumptions (an estimate, never part of synth__design__instance__area__stdcell):
- one SRAM array per byte needed, sized exactly (no rounding up to a macro size), code kept in SRAM as well
  (a ROM would be smaller but not reprogrammable);
- SRAM_UM2_PER_BIT (cryptoppa.feasibility.sram): a 45 nm 6T bit cell of 0.346 um^2 (Intel's 45 nm
  high-k/metal-gate process, IEDM 2007) at ~70 % array efficiency (decoders, sense amplifiers, I/O), i.e.
  ~0.5 um^2 per usable bit;
- the data memory holds the benchmark's buffers (BUF_BYTES, 16 KiB in the full matrix): a part encrypting
  64-byte lines in place would need less, so the figure is an upper bound for that use;
- read/write energy of the memories is not estimated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..catalog import AREA, CODE_BYTES, CORE_PLUS_SRAM, DATA_BYTES, SRAM_AREA, STACK_BYTES
from ..errors import CryptoppaError
from ..feasibility.sram import SRAM_SOURCE, SRAM_UM2_PER_BIT, sram_area_um2
from ..paths import DESIGNS
from ..tools import output

SIZE = "riscv64-unknown-elf-size"
LINK_LD = DESIGNS / "sw" / "link.ld"
NOTE = ("memory__* columns are an ESTIMATE (code = text+rodata, data = data+bss+stack, SRAM at "
        f"{SRAM_UM2_PER_BIT} um^2/bit: {SRAM_SOURCE}); NOT included in {AREA} "
        f"or power; {CORE_PLUS_SRAM} adds it to the core")
# Output sections of designs/sw/link.ld by memory kind; anything else that is loaded is an error (not guessed).
_CODE = re.compile(r"\.(s?rodata|text)(\..*)?")
_DATA = re.compile(r"\.(s?data|s?bss)(\..*)?")
_STACK = re.compile(r"__bss_end\s*\+\s*(\d+)\s*<=\s*__stack_top")


@dataclass(frozen=True)
class FirmwareMemory:
    code_bytes: int
    data_bytes: int  # includes stack_bytes
    stack_bytes: int

    @property
    def sram_area_um2(self) -> float:
        return sram_area_um2((self.code_bytes + self.data_bytes) * 8)

    def columns(self) -> dict:
        return {CODE_BYTES: self.code_bytes, DATA_BYTES: self.data_bytes,
                STACK_BYTES: self.stack_bytes, SRAM_AREA: self.sram_area_um2,
                "memory_note": NOTE}


def stack_bytes(link_ld: Path = LINK_LD) -> int:
    """The stack the linker script reserves below the top of RAM (its `__bss_end + N <= __stack_top` check)."""
    found = _STACK.search(Path(link_ld).read_text())
    if found is None:
        raise CryptoppaError(f"{link_ld}: no `ASSERT(__bss_end + N <= __stack_top, …)`; expected the reserved "
                             "stack size there")
    return int(found.group(1))


def section_sizes(elf: Path) -> dict[str, tuple[int, int]]:
    """{section: (size, address)} as `riscv64-unknown-elf-size -A` prints them."""
    sizes = {}
    for line in output(SIZE, ["-A", elf], what=f"{SIZE} -A {elf}").splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0].startswith(".") and parts[1].isdigit() and parts[2].isdigit():
            sizes[parts[0]] = (int(parts[1]), int(parts[2]))
    if not sizes:
        raise CryptoppaError(f"{SIZE} -A {elf}: no sections in its output")
    return sizes


def firmware_memory(elf: Path, link_ld: Path = LINK_LD) -> FirmwareMemory:
    """Code and data bytes of one firmware ELF (sections at address 0 are not loaded: attributes, debug)."""
    code = data = 0
    for name, (size, addr) in section_sizes(elf).items():
        if _CODE.fullmatch(name):
            code += size
        elif _DATA.fullmatch(name):
            data += size
        elif addr != 0 and size:
            raise CryptoppaError(f"{elf}: loaded section {name} ({size} bytes) is neither code (text/rodata) "
                                 "nor data (data/bss); update cryptoppa.baselines.memory for it")
    stack = stack_bytes(link_ld)
    return FirmwareMemory(code_bytes=code, data_bytes=data + stack, stack_bytes=stack)
