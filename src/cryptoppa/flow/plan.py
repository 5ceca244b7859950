"""A flow point as pure data, and its plan: every input file and rendered script, hashed into a cache key.

Nothing here runs a tool. User-supplied text reaches the scripts only as checked identifiers and numbers;
RTL files are copied into the run directory under generated names, so no user path is pasted into a script.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from string import Template

from ..designs import Design, check_identifier
from ..errors import CryptoppaError
from ..paths import FLOWS
from ..pdk import PdkDescriptor, liberty
from ..pdk.download import sha256_file
from ..tools import version

_SAFE_PATH = re.compile(r"[A-Za-z0-9_./+@%=,:-]+\Z")


@dataclass(frozen=True)
class FlowPoint:
    """Everything that determines a characterization result."""

    rtl: tuple[Path, ...]
    top: str
    pdk: str
    corner: str
    clock_mhz: float
    params: tuple[tuple[str, int], ...] = ()
    clock_port: str = "clk"
    input_activity: float = 0.1  # toggles per clock cycle at primary inputs (OpenSTA's default model)
    output_load_pf: float = 0.01
    design: str = ""  # descriptor name, when the point came from designs/
    perf: bool = False  # engine interface: measure cycles per line and latency in simulation
    perf_lines: int = 12  # lines simulated; an N-engine array needs several per engine to reach steady state
    activity: str = "vectorless"  # or "sim:<workload>" (cryptoppa.activity.workload): simulated per-net activity
    reset_port: str = ""  # synchronous reset the activity testbench asserts ("" = none)
    # False keeps the module hierarchy, so each distinct module is mapped once however often it is instantiated
    # (the array dispatcher's N - 1 identical tree nodes); area and cell counts are totals over the hierarchy.
    flatten: bool = True

    def __post_init__(self):
        check_identifier(self.top, "top module")
        check_identifier(self.clock_port, "clock port")
        for name, value in self.params:
            check_identifier(name, "parameter name")
            if not isinstance(value, int):
                raise CryptoppaError(f"parameter {name}: value must be an integer, got {value!r}")
        if not self.clock_mhz > 0:
            raise CryptoppaError(f"clock must be a positive frequency in MHz, got {self.clock_mhz}")
        if not 0 <= self.input_activity <= 2:
            raise CryptoppaError(f"input activity must be 0..2 toggles per cycle, got {self.input_activity}")
        if self.activity != "vectorless":
            from ..activity.workload import check_workload, is_engine_workload

            if not self.activity.startswith("sim:"):
                raise CryptoppaError(f"activity {self.activity!r}: expected vectorless or sim:<workload>")
            if is_engine_workload(check_workload(self.activity[4:])) and not self.perf:
                raise CryptoppaError(f"activity {self.activity}: engine workloads need a design with the engine interface")
        if self.reset_port:
            check_identifier(self.reset_port, "reset port")
        if not self.rtl:
            raise CryptoppaError("no RTL files given")
        for f in self.rtl:
            if not f.is_file():
                raise CryptoppaError(f"RTL file {f} does not exist")

    @property
    def period_ns(self) -> float:
        return 1000.0 / self.clock_mhz


def design_point(design: Design, *, pdk: str, corner: str, clock_mhz: float, params: dict[str, int],
                 activity: float = 0.1, clock_port: str | None = None, perf_lines: int = 12,
                 activity_mode: str = "vectorless") -> FlowPoint:
    """The flow point of a described design; engines also get their throughput measured in simulation."""
    return FlowPoint(
        rtl=design.files, top=design.top, pdk=pdk, corner=corner, clock_mhz=clock_mhz,
        params=tuple(sorted(params.items())), clock_port=clock_port or design.clock or "clk",
        input_activity=activity, design=design.name, perf=design.interface == "engine", perf_lines=perf_lines,
        activity=activity_mode, reset_port=design.reset,
    )


@dataclass(frozen=True)
class Plan:
    point: FlowPoint
    liberty: Path
    liberty_sha256: str
    scripts: dict[str, str] = field(hash=False)  # run-local file name -> text
    inputs: dict[str, tuple[str, str]] = field(hash=False)  # run-local name -> (source path, sha256)
    tools: dict[str, str | None] = field(hash=False)
    assumptions: dict[str, str] = field(hash=False)

    def manifest(self) -> dict:
        point = asdict(self.point)
        point["rtl"] = [str(p) for p in self.point.rtl]
        if point["flatten"]:  # added after caches existed: at its default it leaves earlier keys unchanged
            del point["flatten"]
        return {
            "point": point,
            "liberty": {"path": str(self.liberty), "sha256": self.liberty_sha256},
            "inputs": {k: {"source": s, "sha256": h} for k, (s, h) in sorted(self.inputs.items())},
            "scripts_sha256": {k: hashlib.sha256(v.encode()).hexdigest() for k, v in sorted(self.scripts.items())},
            "tools": self.tools,
            "assumptions": self.assumptions,
        }

    @property
    def key(self) -> str:
        """Content hash of everything that shapes the result (source paths excluded: contents count)."""
        m = self.manifest()
        m["point"].pop("rtl")
        for entry in m["inputs"].values():
            entry.pop("source")
        m["liberty"].pop("path")
        return hashlib.sha256(json.dumps(m, sort_keys=True).encode()).hexdigest()

    @property
    def name(self) -> str:
        return f"{self.point.design or self.point.top}-{self.key[:12]}"


def _safe_path(path: Path) -> str:
    text = str(path)
    if not _SAFE_PATH.match(text):
        raise CryptoppaError(f"path {text!r} has characters that cannot be passed to the tools safely; move it")
    return text


def _check_word(text: str, what: str) -> str:
    """Library names may start with a digit (5K_hvratio_1_1) or hold a glob star (FILLCELL_X*)."""
    if not re.fullmatch(r"[A-Za-z0-9_*]+", text):
        raise CryptoppaError(f"{what} {text!r} must be letters, digits, underscore or *")
    return text


def _render(template: str, **values) -> str:
    return Template((FLOWS / template).read_text()).substitute(**values)


def make_plan(point: FlowPoint, pdk: PdkDescriptor) -> Plan:
    pdk.check_corner(point.corner)
    lib = liberty(pdk, point.corner)
    lib_text = _safe_path(lib)
    inputs = {}
    for i, src in enumerate(point.rtl):
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", src.name)
        inputs[f"rtl/{i:02d}_{stem}"] = (str(src), sha256_file(src))
    dont_use = " ".join(f"-dont_use {_check_word(c, 'dont_use cell')}" for c in pdk.dont_use)
    period_ps = round(point.period_ns * 1000.0, 3)
    hi, lo = pdk.tie_high, pdk.tie_low
    driver = check_identifier(pdk.driver_cell, "driver cell")
    scripts = {
        "yosys_elab.ys": _render(
            "yosys_elab.ys",
            read_verilog="\n".join(f"read_verilog -DSYNTHESIS {name}" for name in inputs),
            top=point.top,
            flatten=" -flatten" if point.flatten else "",
            chparams=" ".join(f"-chparam {k} {v}" for k, v in point.params),
        ),
        "yosys_map.ys": _render(
            "yosys_map.ys", liberty=lib_text, dont_use=dont_use, period_ps=f"{period_ps:g}",
            # Hierarchical netlists split only the top's ports (what compose connects to); splitting every
            # submodule's would write each of the dispatcher's N - 1 node instances bit by bit (160 MB at N = 1024).
            split_top="" if point.flatten else f" {point.top}",
            tie_high=f"{hi[0]} {hi[1]}", tie_low=f"{lo[0]} {lo[1]}",
        ),
        "abc.constr": f"set_driving_cell {driver}\n"
                      f"set_load {point.output_load_pf * 1000.0:g}\n",
        "sta.tcl": _render(
            "sta.tcl",
            liberty=lib_text,
            top=point.top,
            wire_load=f"set_wire_load_model -name {_check_word(pdk.wire_load_model, 'wire-load model')}"
            if pdk.wire_load_model else "# no wire-load model in this library: net capacitance = pin capacitance",
            clock_port=point.clock_port,
            period_ns=f"{point.period_ns:.6g}",
            driver_cell=driver,
            output_load_pf=f"{point.output_load_pf:g}",
            input_activity=f"{point.input_activity:g}",
            activity_source="source activity/activity.tcl" if point.activity != "vectorless"
            else "# no simulated activity (vectorless)",
        ),
    }
    assumptions = {
        "activity": f"vectorless: {point.input_activity:g} toggles per clock cycle, duty 0.5, at every primary "
                    "input, propagated by OpenSTA; clock nets toggle twice per cycle",
        "wire_load_model": pdk.wire_load_model or "none (library has none: net capacitance is pin capacitance only)",
        "io": f"inputs and outputs constrained at 0 ns against the clock; inputs driven by {pdk.driver_cell}; "
              f"outputs load {point.output_load_pf:g} pF",
    }
    sim = point.activity != "vectorless"
    tools = {name: version(name) for name in ("pyosys", "sta") + (("iverilog",) if point.perf or sim else ())}
    if sim:
        from ..activity import ACTIVITY_NOTE, code_sha256

        assumptions["activity"] = f"simulated ({point.activity}): {ACTIVITY_NOTE}; nets outside the simulation " \
                                  f"keep the vectorless model ({point.input_activity:g} toggles per cycle at inputs)"
        # The generated cell models and testbenches shape the result: their code is part of the key.
        scripts["activity_code.sha256"] = code_sha256() + "\n"
    if point.perf:
        from ..sim import perf

        # The generated testbench is part of what shapes the result.
        scripts["perf.py"] = Path(perf.__file__).read_text()
        assumptions["perf"] = "cycles per line and latency from an Icarus simulation at saturation (encrypt)"
    return Plan(point, lib, sha256_file(lib), scripts, inputs, tools, assumptions)
