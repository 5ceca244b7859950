"""The 2013 feasibility study's published figures, as data (paper mode ``owen2013``).

The study: Owen, *The Feasibility of Memory Encryption and Authentication*, M.S. thesis, UT Austin, 2013
(cited as "001", the source file 001_bb1086b5b5c49482.txt). Only its own numbers live here -- nothing
recomputed -- each citing the table, equation or section it is printed in, so
:mod:`cryptoppa.feasibility.paper` can recompute the conclusions from them and show where the printed
conclusions and the printed inputs disagree with each other.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LinearFit:
    """A printed fit ``y = slope * N + intercept`` in the study's units."""

    slope: float
    intercept: float
    unit: str
    source: str

    def at(self, n: float) -> float:
        return self.slope * n + self.intercept


@dataclass(frozen=True)
class Option:
    """One implementation option the study compared, with its printed figures."""

    key: str
    label: str
    kind: str  # "hardware" (modules) or "software" (instances = cores)
    throughput_mbps: float  # printed per-instance throughput, Mb/s, 64-byte line + tag
    clock_hz: float
    cycles_per_line: float | None  # hardware: clocks per 64-byte line + tag
    cycles_per_byte: float | None  # software
    power_w: float  # per module (fit slope) or per instance (processor TDP)
    power_fit_mw: LinearFit | None  # hardware: power of N modules
    area_fit_um2: LinearFit | None
    study_instances: float | None  # the count it wrote for 25.6 GB/s
    study_instances_text: str
    study_power_w: float | None
    study_area_mm2: float | None
    source: str


@dataclass(frozen=True)
class TableRow:
    n: int
    area_um2: float
    power_mw: float


@dataclass(frozen=True)
class Study:
    name: str
    title: str
    bandwidth: str  # the bandwidth its conclusions are for
    line_bytes: int
    engine_clocks: dict[str, int]
    options: tuple[Option, ...]
    asic_table: tuple[TableRow, ...]
    asic_table_source: str
    fpga_fits: dict[str, LinearFit]


ASIC_POWER_FIT = LinearFit(11.05, 2.12, "mW", "Owen 2013, Eq. 5.3: ASIC power over N = 1, 2, 4, 8, 16 modules")
ASIC_AREA_FIT = LinearFit(74125.0, 34762.0, "um^2", "Owen 2013, Eq. 5.5: ASIC area over N = 1, 2, 4, 8, 16 modules")
FPGA_POWER_TYPICAL = LinearFit(192.9, 216.3, "mW", "Owen 2013, Eq. 5.1: Kintex-7 power, typical, at 200 MHz")
FPGA_POWER_WORST = LinearFit(199.4, 462.7, "mW", "Owen 2013, Eq. 5.2: Kintex-7 power, worst case, at 200 MHz")
T61 = "Owen 2013, Table 6.1"
# The synthesis tool's maximum clock for one module; the study then targeted 225 MHz for every N.
ASIC_FMAX_MHZ = 250.0
ASIC_FMAX_SOURCE = "Owen 2013, §5.2"

OWEN2013 = Study(
    name="owen2013",
    title="2013 feasibility study of AES-GCM memory encryption (ASIC, FPGA, software)",
    bandwidth="25.6 GB/s",
    line_bytes=64,
    engine_clocks={"startup": 19, "per_16B_block": 22, "per_tag_block": 17, "per_64B_line_with_tag": 123},
    options=(
        Option("asic", "ASIC module (FreePDK45, 225 MHz)", "hardware", 936.6, 225e6, 123, None,
               ASIC_POWER_FIT.slope / 1000, ASIC_POWER_FIT, ASIC_AREA_FIT,
               220, "approximately 220 modules, 2.4 W, 16.3 mm^2 (Owen 2013, §6.1.3)", 2.4, 16.3,
               f"{T61} (936.6 Mb/s, 225 MHz, 11.05 mW); 123 clocks per line: Owen 2013, Table 5.1; 220 modules, 2.4 W, "
               "16.3 mm^2: Owen 2013, §6.1.3"),
        # Table 6.1 prints 200 MHz for the FPGA (the clock of its power estimate, Table 5.2), but its 882.5 Mb/s is
        # the 212 MHz Fmax of Table 5.1 x 512 bits / 123 clocks; the throughput's own clock is used here.
        Option("fpga", "FPGA module (Kintex-7, 212 MHz Fmax)", "hardware", 882.5, 212e6, 123, None,
               FPGA_POWER_TYPICAL.slope / 1000, FPGA_POWER_TYPICAL, None,
               230, "approximately 230 modules, 44.7 W (Owen 2013, §6.1.2)", 44.7, None,
               f"{T61} (882.5 Mb/s, 192.9 mW); Fmax 212 MHz and 123 clocks: Owen 2013, Table 5.1; power at 200 MHz: "
               "Owen 2013, Eq. 5.1; 230 modules, 44.7 W: Owen 2013, §6.1.2"),
        Option("x86-c", "x86 software, C (2.7 GHz)", "software", 490.9, 2.7e9, None, 44.0,
               35.0, None, None, 590, "approximately 590 instances (Owen 2013, §6.1.1)", None, None,
               f"{T61} (44 cycles/byte: the mean of 37.8 and 50.4 at 64 B, Owen 2013, Table 4.1; 35 W TDP); 590: Owen 2013, §6.1.1"),
        Option("x86-asm", "x86 software, assembly (2.7 GHz)", "software", 981.8, 2.7e9, None, 22.0,
               35.0, None, None, 210, "approximately 210 instances (Owen 2013, §6.1.1)", None, None,
               f"{T61} (22 cycles/byte, Owen 2013, §4.2; 35 W TDP); 210: Owen 2013, §6.1.1"),
        Option("x86-isa", "x86 ISA extension, AES-NI (2.7 GHz)", "software", 6170.0, 2.7e9, None, 3.5,
               35.0, None, None, 34, "34 instances (Owen 2013, §6.1.1)", None, None,
               f"{T61} (3.5 cycles/byte at 16 KB, Owen 2013, §4.2; 35 W TDP); 34: Owen 2013, §6.1.1"),
        Option("alpha", "Alpha software (900 MHz)", "software", 175.6, 900e6, None, 41.0,
               94.0, None, None, None, "", None, None,
               f"{T61} (41 cycles/byte, 94 W; §4.3 writes 170 Mb/s); no count printed: Owen 2013, §6.1.1"),
        Option("arm", "ARM software (1 GHz)", "software", 126.1, 1e9, None, 63.5,
               2.0, None, None, 1600, "just over 1600 instances (Owen 2013, §6.1.1)", None, None,
               f"{T61} (63.5 cycles/byte: the mean of 63.1 and 63.8, Owen 2013, §4.4; 2 W TDP); 1600: Owen 2013, §6.1.1"),
    ),
    asic_table=(
        TableRow(1, 89e3, 12.383),
        TableRow(2, 176e3, 24.732),
        TableRow(4, 343e3, 48.724),
        TableRow(8, 657e3, 95.277),
        TableRow(16, 1204e3, 183.162),
    ),
    asic_table_source="Owen 2013, Table 5.3: ASIC area (to the nearest 1000 um^2) and power of N modules",
    fpga_fits={
        "power_typical_mw": FPGA_POWER_TYPICAL,
        "power_worst_mw": FPGA_POWER_WORST,
        "flip_flops": LinearFit(1509.7, -222.5, "FFs", "Owen 2013, Eq. 5.4: Kintex-7 flip-flops"),
        "luts": LinearFit(2356.2, -81.4, "LUTs", "Owen 2013, Eq. 5.4: Kintex-7 LUTs"),
        "bram": LinearFit(8.0, 0.0, "BRAM", "Owen 2013, Eq. 5.4 and §5.4: Kintex-7 block RAMs, 8 per module"),
    },
)
