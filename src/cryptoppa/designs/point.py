"""What every synthesis point starts from, ASIC or FPGA: RTL, top, parameters and the engine bench's settings; and
the one way its sources are staged into a run folder (generated names, so no user path reaches a script)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..names import check_synthesis_point
from ..runs import sha256_file
from .sources import SV_SUFFIXES, Sources, parse_define

_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


@dataclass(frozen=True, kw_only=True)
class RtlPoint:
    rtl: tuple[Path, ...]
    top: str
    clock_mhz: float  # the timing target (FPGA: the placer's goal)
    params: tuple[tuple[str, int], ...] = ()
    design: str = ""  # descriptor name, when the point came from designs/
    include_dirs: tuple[Path, ...] = ()
    defines: tuple[tuple[str, str], ...] = ()
    clock_port: str = "clk"
    perf: bool = False  # engine interface: cycles per line (and read latency) from simulation
    perf_lines: int = 12  # lines simulated; an N-engine array needs several per engine (designs.arrays.perf_lines)
    perf_round: int = 1  # lines per dispatcher round (N of an array): throughput is measured over whole rounds
    groups: tuple[str, ...] = ()  # optional engine port groups the perf bench must drive

    def __post_init__(self):
        check_synthesis_point(self.top, self.clock_port, self.params, self.clock_mhz)
        for name, value in self.defines:
            parse_define(f"{name}={value}" if value else name)
        if not self.rtl:
            raise InputError("no RTL files given")
        Sources.checked(self.rtl, self.include_dirs)  # every file and folder exists

    @property
    def sources(self) -> Sources:
        return Sources(self.rtl, self.include_dirs, self.defines)

    def staged(self) -> tuple[dict[str, tuple[str, str]], list[str]]:
        """Inputs to copy (run-local name -> (source, sha256)) and the RTL names in compile order."""
        inputs, rtl = {}, []
        for i, src in enumerate(self.rtl):
            rtl.append(f"rtl/{i:02d}_{_UNSAFE.sub('_', src.name)}")
            inputs[rtl[-1]] = (str(src), sha256_file(src))
        for name, src in sorted(self.sources.included().items()):
            inputs[f"inc/{name}"] = (str(src), sha256_file(src))
        return inputs, rtl

    def read_verilog(self, rtl: list[str], includes: bool) -> str:
        """Yosys read_verilog lines of the staged RTL, with the point's defines and the staged include folder."""
        flags = "".join(f" -D{n}={v}" if v else f" -D{n}" for n, v in self.defines) + (" -I inc" if includes else "")
        return "\n".join(f"read_verilog -DSYNTHESIS{flags}{' -sv' if name.endswith(SV_SUFFIXES) else ''} {name}"
                         for name in rtl)
