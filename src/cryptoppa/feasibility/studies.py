"""The printed figures of the four other seed studies, as data (the publication `studies` sets ours beside them).

Each study is cited by author, year where it prints one, and table, figure or section, e.g. "Lohitha and Vasavi,
Table 3" -- never by a path: readers of the repository do not have the seed files (``shared/seeds/`` beside the
checkout, where the test of this module finds them). Their text is an automatic extraction
from the PDFs, so every figure here carries the characters it is read from (``text``: a test finds them in the
seed file) and, where the extraction garbled a number, how it was read (``reading``). Only the studies' own
numbers live here -- nothing recomputed; :mod:`cryptoppa.feasibility.owen2013` holds study 001's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InputError

@dataclass(frozen=True)
class Printed:
    """One figure a study prints: as printed, where, and the seed-file text it is read from."""

    key: str
    quantity: str
    printed: str  # the number (or word) as the study prints it, e.g. "10,620"
    unit: str
    source: str  # e.g. "Chen et al. 2008, §III.B"
    text: str  # characters of the seed file holding it (a table row, a sentence)
    field: int | None = None  # table rows: the tab-separated field of `text` that holds `printed`
    reading: str = ""  # how a garbled extraction was read, when `printed` is not literally in `text`

    @property
    def value(self) -> float:
        number = self.printed.replace(",", "")
        if not re.fullmatch(r"-?\d+(\.\d+)?", number):
            raise InputError(f"{self.source} {self.key}: {self.printed!r} is not a number")
        return float(number)


@dataclass(frozen=True)
class Seed:
    number: str
    file: str
    short: str  # how a document cites it: "Jannepally 2008"
    citation: str  # author, title, venue
    figures: tuple[Printed, ...]

    def __getitem__(self, key: str) -> Printed:
        for figure in self.figures:
            if figure.key == key:
                return figure
        raise KeyError(f"{self.number}: no printed figure {key!r}")


# ---- 000: GCM vs CBC bus encryption in an SMP (2008) ----------------------------------------------------------
_T43 = ("Throughput of the scheme = (Cache line size) * (Clock frequency) / AES latency. CBC 0.8 GBPS scheme takes "
        "320 cycles to encrypt a 64 byte cache line. CBC 1.6 GBPS scheme takes 160 cycles to encrypt a cache line size "
        "of 64 bytes.")
_T43_128 = ("Similarly to encrypt a 128 byte cache line size GCM 1.6 GBPS scheme takes 320 cycles and GCM 3.2 GBPS "
            "scheme takes 160 cycles respectively.")


def _loss(key: str, label: str, printed: str, text: str, reading: str = "") -> Printed:
    processors = key.split("_")[1]
    return Printed(key, f"performance loss, {processors} processors, {label}", printed, "%", "Jannepally 2008, Figure 5.1", text,
                   reading=reading)


BUS_GCM_CBC = Seed(
    "000", "000_47505e57a9678663.txt", "Jannepally 2008",
    "Jannepally, Bus encryption and authentication unit for symmetric shared memory multiprocessor system using "
    "GCM-AES, M.S. thesis, Oklahoma State University, 2008",
    (
        Printed("cbc_64_slow", "AES latency per 64-byte line, CBC 0.8 GB/s", "320", "cycles", "Jannepally 2008, §4.3", _T43),
        Printed("cbc_64_fast", "AES latency per 64-byte line, CBC 1.6 GB/s", "160", "cycles", "Jannepally 2008, §4.3", _T43),
        Printed("gcm_128_slow", "AES latency per 128-byte line, GCM 1.6 GB/s", "320", "cycles", "Jannepally 2008, §4.3", _T43_128),
        Printed("gcm_128_fast", "AES latency per 128-byte line, GCM 3.2 GB/s", "160", "cycles", "Jannepally 2008, §4.3", _T43_128),
        Printed("cbc_64_slow_rate", "throughput label of the 320-cycle CBC unit", "0.8", "GB/s", "Jannepally 2008, §4.3", _T43),
        Printed("cbc_64_fast_rate", "throughput label of the 160-cycle CBC unit", "1.6", "GB/s", "Jannepally 2008, §4.3", _T43),
        Printed("gcm_128_slow_rate", "throughput label of the 320-cycle GCM unit", "1.6", "GB/s", "Jannepally 2008, §4.3",
                _T43_128),
        Printed("gcm_128_fast_rate", "throughput label of the 160-cycle GCM unit", "3.2", "GB/s", "Jannepally 2008, §4.3",
                _T43_128),
        Printed("clock", "processor (and AES unit) clock", "1", "GHz", "Jannepally 2008, Table 4.1",
                "Processor Clock Frequency\t1 GHZ", field=1),
        Printed("gcm_pad_latency", "GCM encryption latency with a pre-computed pad", "single", "cycle", "Jannepally 2008, §3.6",
                "the encryption and decryption latency will only be a single cycle"),
        Printed("pads", "pre-computed pads per processor pair", "5", "pads", "Jannepally 2008, §3.8",
                "storing 5 pre-computed pads per processor pair"),
        Printed("gcm_state_bits", "GCM unit storage without pads, 8 processors, 100 processes", "3672", "bits",
                "Jannepally 2008, §3.8", "$$(128 * 9) + (100 * 9) + (99 * 14) = 3672$$"),
        Printed("gcm_state_bytes", "the same, in bytes", "430", "bytes", "Jannepally 2008, §3.8", "= 3672$$\n bits, or 430 bytes"),
        Printed("gcm_pads_128", "GCM pad storage at 128-byte lines", "8960", "bytes", "Jannepally 2008, §3.8",
                "For a 128 byte cache line size, 8960 bytes of storage is required."),
        Printed("cbc_masks_64", "SENSS (CBC) mask storage at 64-byte lines, 100 processes", "25600", "bytes",
                "Jannepally 2008, §3.8", "$$12800 * 2 = 25600$$"),
        _loss("loss_2_gcm_fast", "GCM 1.6 GB/s", "0.96", "GCM 1.6GBps\t0.96"),
        _loss("loss_2_gcm_slow", "GCM 0.8 GB/s", "3.4", "GCM 0.8GBps\t0 3.4"),
        _loss("loss_2_cbc_fast", "CBC 1.6 GB/s", "14.55", "CBC 1.6GBps\t\t() 14.55"),
        _loss("loss_2_cbc_slow", "CBC 0.8 GB/s", "32.72", "CBC 0.8GBps\t\t\t\t\t○ 32.72"),
        _loss("loss_4_gcm_fast", "GCM 1.6 GB/s", "2.02", "GCM 1.6GBps\t0 2.02"),
        _loss("loss_4_gcm_slow", "GCM 0.8 GB/s", "2.45", "GCM 0.8GBps\t0 2.45"),
        _loss("loss_4_cbc_fast", "CBC 1.6 GB/s", "14.14", "CBC 1.6GBps\t\t() 14.14"),
        _loss("loss_4_cbc_slow", "CBC 0.8 GB/s", "24.78", "CBC 0.8GBps\t○ 24.78"),
        _loss("loss_8_gcm_fast", "GCM 1.6 GB/s", "4.73", "GCM 1.6GBps\t04\t.73",
              reading="'04<tab>.73': the plot marker 0, then 4.73 split by the extraction"),
        _loss("loss_8_gcm_slow", "GCM 0.8 GB/s", "5.22", "GCM 0.8GBps\t\t5.22"),
        _loss("loss_8_cbc_fast", "CBC 1.6 GB/s", "15.3", "CBC 1.6GBps\t\t\tO 15.3\t32",
              reading="'O 15.3<tab>32': the marker O, then 15.3; the trailing 32 (15.32?) is not certain"),
        _loss("loss_8_cbc_slow", "CBC 0.8 GB/s", "27.3", "CBC 0.8GBps\t\t\t\t(D 27.3"),
        Printed("gain_low", "performance gain of GCM over CBC, low end", "4", "x", "Jannepally 2008, Abstract",
                "a performance gain in the range of 4X-9X"),
        Printed("gain_high", "performance gain of GCM over CBC, high end", "9", "x", "Jannepally 2008, Abstract",
                "a performance gain in the range of 4X-9X"),
    ),
)
LOSS_PROCESSORS = (2, 4, 8)  # Jannepally 2008, Figure 5.1; Figure 5.2 (128-byte lines) has no numbers in the extracted text


def figure_5_1() -> dict[tuple[int, str, float], float]:
    """Jannepally 2008, Figure 5.1 (64-byte lines) as printed: total % performance loss by (processors, "gcm" or "cbc", the AES
    unit's throughput label in GB/s)."""
    return {(p, mode, BUS_GCM_CBC[f"cbc_64_{rate}_rate"].value): BUS_GCM_CBC[f"loss_{p}_{mode}_{rate}"].value
            for p in LOSS_PROCESSORS for mode in ("gcm", "cbc") for rate in ("fast", "slow")}

# ---- 002: sub-pipelined AES-GCM on an FPGA (Virtex-4) ---------------------------------------------------------
_T3_PERIOD = "1.\tMin. clock period\t8.421 μ s\t1.365 μ s\t9.611 μ s\t6.998 μ s"
_T3_FREQ = "2.\tFrequency\t118.7 MHZ\t732.654 MHZ\t104.043 MHZ\t142.902 MHZ"
_T3_DYN = "3.\tDynamic power\t0.031 μ W\t0.003 μ W\t0.102 μ W\t0.009 μ W"
_T3_QUIET = "4.\tQuiescent power\t1.243 μ W\t1.241 μ W\t3.817 μ W\t3.813 μ W"
_T3_COLUMNS = {"aes_pipe": 2, "aes_subpipe": 3, "gcm_pipe": 4, "gcm_subpipe": 5}
_T3_ROWS = (("period", "minimum clock period", "ns (printed µs)", _T3_PERIOD),
            ("fmax", "frequency", "MHz", _T3_FREQ),
            ("dynamic", "dynamic power", "µW as printed", _T3_DYN),
            ("quiescent", "quiescent power", "µW as printed", _T3_QUIET))
_T3_LABELS = {"aes_pipe": "AES pipelined", "aes_subpipe": "AES sub-pipelined", "gcm_pipe": "AES-GCM pipelined",
              "gcm_subpipe": "AES-GCM sub-pipelined"}


def _table3() -> tuple[Printed, ...]:
    out = []
    for row, quantity, unit, text in _T3_ROWS:
        for column, field in _T3_COLUMNS.items():
            printed = text.split("\t")[field].split(" ")[0]
            out.append(Printed(f"{row}_{column}", f"{quantity}, {_T3_LABELS[column]}", printed, unit, "Lohitha and Vasavi, Table 3",
                               text, field=field))
    return tuple(out)


SUBPIPE = Seed(
    "002", "002_399f96b47b008535.txt", "Lohitha and Vasavi",
    "Lohitha and Padma Vasavi, High-performance VLSI architecture for AES-GCM algorithm with sub pipelining, "
    "International Journal of VLSI System Design and Communication Systems (IJVDC); Xilinx ISE, XC4VLX200 (Virtex-4)",
    (
        Printed("stages_per_round", "register stages per AES round, sub-pipelined", "6", "stages", "Lohitha and Vasavi, §III",
                "each round is divided into 6 stages with equal delay"),
        Printed("registers", "registers, sub-pipelined AES-GCM", "12930", "registers", "Lohitha and Vasavi, Table 2",
                "1.\tNo.of registers\t12930", field=2),
        *_table3(),
        Printed("cycles_ciphertext", "cycles to the ciphertext of one 16-byte block", "122", "cycles",
                "Lohitha and Vasavi, §IV (Fig. 4)", "The final cipher text is obtained after 122 cycles"),
        Printed("cycles_tag", "cycles to the tag of that block", "186", "cycles", "Lohitha and Vasavi, §IV (Fig. 4)",
                "result authenticated tag is obtained in 186 cycles"),
    ),
)

# ---- 003: OS-controlled processor-memory bus encryption (software CBC of pages) -------------------------------
_T2_AVERAGE = "average\t\t\t\t2.44\t8.50\t\t\t\t2.07\t4.12\t\t\t\t1.78\t2.53\t\t\t\t1.37\t1.74"
_T2_G721ENC = ("g721enc\t0.73\t0.83\t1.35\t1.14\t1.85\t0.73\t0.78\t1.06\t1.07\t1.45\t0.73\t0.78\t0.80\t1.07\t1.10"
               "\t0.73\t0.75\t0.78\t1.03\t1.07")
_T2_ADPCMDEC = ("adpcmdec\t0.03\t0.11\t0.70\t3.67\t23.33\t0.03\t0.08\t0.21\t2.67\t7.00\t0.03\t0.07\t0.12\t2.33"
                "\t4.00\t0.03\t0.05\t0.08\t1.67\t2.67")
L2_KB = (64, 128, 256, 512)  # Chen et al. 2008, Table II: the L2 sizes, each with 1 KB and 4 KB pages


def _table2_averages() -> tuple[Printed, ...]:
    """Table II's average slowdowns: per L2 size, 1 KB then 4 KB pages (fields 4 and 5, then every fifth)."""
    out = []
    for i, l2 in enumerate(L2_KB):
        for j, page in enumerate(("1k", "4k")):
            field = 4 + 5 * i + j
            out.append(Printed(f"slowdown_{page}_{l2}k", f"average slowdown of protected processes, {page[0]} KB "
                               f"pages, {l2} KB L2", _T2_AVERAGE.split("\t")[field], "x",
                               "Chen et al. 2008, Table II (average)", _T2_AVERAGE, field=field))
    return tuple(out)


_PAGES = ("Experimental results indicate that encrypting a 1,024 B block and a 4,096 B block require 10,620 and "
          "42,118 cycles, respectively.")
PAGES = Seed(
    "003", "003_689a3a7e0f7b69c7.txt", "Chen et al. 2008",
    "Chen, Dick and Choudhary, Operating system controlled processor-memory bus encryption (DATE 2008)",
    (
        Printed("page_1k", "AES-CBC encryption of a 1,024-byte page", "10,620", "cycles", "Chen et al. 2008, §III.B", _PAGES),
        Printed("page_4k", "AES-CBC encryption of a 4,096-byte page", "42,118", "cycles", "Chen et al. 2008, §III.B", _PAGES),
        Printed("clock", "clock of the measuring CPU (an AMD processor, OpenSSL 0.9.8d)", "1", "GHz", "Chen et al. 2008, §III.B",
                "evaluated the performance of AES in CBC mode on a 1 GHz AMD processor using OpenSSL 0.9.8d"),
        *_table2_averages(),
        Printed("slowdown_least", "the least slowdown of one program (g721enc, 1 KB pages, 512 KB L2)", "1.03", "x",
                "Chen et al. 2008, Table II", _T2_G721ENC, field=19),
        Printed("slowdown_most", "the most slowdown of one program (adpcmdec, 4 KB pages, 64 KB L2)", "23.33", "x",
                "Chen et al. 2008, Table II", _T2_ADPCMDEC, field=5),
    ),
)
PAGE_BYTES = {"page_1k": 1024, "page_4k": 4096}

# ---- 004: energy of a software security module on an ARM core (Sim-Panalyzer) -------------------------------
ENERGY = Seed(
    "004", "004_2fe8f60f07cafa1d.txt", "Lima et al. 2013",
    "Lima, Moreno, Santos and Dias, Energy characterization of a security module in ARM processor, "
    "International Journal of Network Security, 2013",
    (
        Printed("rounds_128", "AES rounds, 128-bit key", "10", "rounds", "Lima et al. 2013, Table 2", "128 bits\t10", field=1),
        Printed("rounds_192", "AES rounds, 192-bit key", "12", "rounds", "Lima et al. 2013, Table 2", "192 bits\t12", field=1),
        Printed("rounds_256", "AES rounds, 256-bit key", "14", "rounds", "Lima et al. 2013, Table 2", "256 bits\t14", field=1),
        Printed("gain_128", "average gain of 128-bit keys against the other key lengths", "10", "%",
                "Lima et al. 2013, §5.2 (Figure 8)",
                "The average gain was 10% for 128-bit keys when compared to other key lengths."),
        Printed("fastest_opt", "the -O level with the best runtime", "O2", "", "Lima et al. 2013, §5.2 (Figure 8)",
                "the O2 optimization presented a better performance when compared to other optimizations"),
        Printed("least_energy_opt", "the -O level with the least total energy", "O3", "", "Lima et al. 2013, §5.3 (Figure 9)",
                "if the AES code is compiled utilizing O3 optimization, the average total consumption of all "
                "components is lower"),
        Printed("components_similar", "energy of almost every component as the key grows", "similar", "",
                "Lima et al. 2013, §5.2 (Figure 7)",
                "almost every architectural component obtained similar energy consumption value"),
        Printed("dio_reduction", "energy of the dio (data I/O) component as the key grows", "23", "% less",
                "Lima et al. 2013, §5.2 (Figure 7)", "presented an average reduction of 23% when the key length increases"),
    ),
)

SEEDS = {s.number: s for s in (BUS_GCM_CBC, SUBPIPE, PAGES, ENERGY)}
