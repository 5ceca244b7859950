"""SRAM estimate of a firmware: section sizes of real built ELFs, checked against the linker's own symbols."""

import shutil
import subprocess

import pytest

from cryptoppa.baselines import memory
from cryptoppa.errors import CryptoppaError
from cryptoppa.feasibility import sram
from cryptoppa.sw import build_firmware

pytestmark = pytest.mark.skipif(not shutil.which("riscv64-unknown-elf-gcc") or not shutil.which(memory.SIZE),
                                reason="riscv64-unknown-elf-gcc / -size missing")
RAM_ORIGIN = 0x8000_0000  # designs/sw/link.ld


def _symbol(elf, name: str) -> int:
    out = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True, check=True).stdout
    return next(int(line.split()[0], 16) for line in out.splitlines() if line.split()[-1] == name)


@pytest.fixture(scope="module")
def elfs(tmp_path_factory):
    out = tmp_path_factory.mktemp("fw")
    return {(variant, long_bytes): build_firmware(variant, 128, "-O2", "rv32i", long_bytes=long_bytes, cbc_bytes=(),
                                                  out_dir=out)
            for variant in ("table", "ct") for long_bytes in (0, 16384)}


def test_code_and_data_match_the_linked_image(elfs):
    for elf in elfs.values():
        mem = memory.firmware_memory(elf)
        assert mem.stack_bytes == 8192  # the reservation link.ld asserts
        # Everything loaded lies between the RAM origin and __bss_end; only alignment padding is not counted.
        image = _symbol(elf, "__bss_end") - RAM_ORIGIN
        assert 0 <= image - (mem.code_bytes + mem.data_bytes - mem.stack_bytes) < 16, elf.name
        assert mem.sram_area_um2 == (mem.code_bytes + mem.data_bytes) * 8 * memory.SRAM_UM2_PER_BIT
        cols = mem.columns()
        assert cols["memory__sram__area__estimate"] == mem.sram_area_um2
        assert "NOT included in synth__design__instance__area__stdcell" in cols["memory_note"]


def test_buffers_and_tables_land_in_data(elfs):
    table0, table16k = memory.firmware_memory(elfs["table", 0]), memory.firmware_memory(elfs["table", 16384])
    ct0 = memory.firmware_memory(elfs["ct", 0])
    # The benchmark buffer grows from the 64-byte line to 16 KiB; the T-tables (4 x 1 KiB, built at start) are bss.
    assert table16k.data_bytes - table0.data_bytes == 16384 - 64
    assert table0.data_bytes - ct0.data_bytes >= 4096
    # The per-bit figure is the cell over the array efficiency, rounded (documented in the module).
    assert memory.SRAM_UM2_PER_BIT == pytest.approx(sram.BIT_CELL_UM2 / sram.ARRAY_EFFICIENCY, rel=0.02)


def test_unreadable_inputs_are_named(tmp_path):
    ld = tmp_path / "link.ld"
    ld.write_text("SECTIONS { }\n")
    with pytest.raises(CryptoppaError, match="link.ld: no `ASSERT"):
        memory.stack_bytes(ld)
    junk = tmp_path / "junk.elf"
    junk.write_bytes(b"not an elf")
    with pytest.raises(CryptoppaError, match="junk.elf failed"):
        memory.firmware_memory(junk)
