"""An FPGA point as pure data, and its plan: RTL copies, the rendered Yosys script and the placer's arguments.

Nothing here runs a tool. Arrays are always synthesized flat: placement needs the whole netlist, and the study's
FPGA fits (001 Eq. 5.4) counted flat arrays too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..designs import Design
from ..designs.arrays import perf_lines
from ..designs.point import RtlPoint
from ..runs import StepPlan, sha256_file
from ..sim import perf
from ..tools import version
from . import ring
from .targets import FpgaTarget, get

SYNTH_SCRIPT = "yosys_fpga.ys"
NETLIST = "netlist.json"


@dataclass(frozen=True, kw_only=True)
class FpgaPoint(RtlPoint):
    """An FPGA point: clock_mhz is the placer's timing goal (synthesis-only targets ignore it)."""

    target: str
    seed: int = 1  # nextpnr's placer seed: fmax differs from seed to seed (bounded by stages.builtin.SEED)

    def __post_init__(self):
        super().__post_init__()
        get(self.target)


def fpga_point(design: Design, target: str, clock_mhz: float, params: dict[str, int], seed: int = 1,
               n: int | None = None) -> FpgaPoint:
    """n: the array size when design is an N-engine array (its throughput is measured over whole rounds)."""
    return FpgaPoint(rtl=design.files, top=design.top, target=target, clock_mhz=clock_mhz,
                     params=tuple(sorted(params.items())), design=design.name, include_dirs=design.include_dirs,
                     defines=design.defines, seed=seed, clock_port=design.clock or "clk",
                     perf=design.interface == "engine" and get(target).routed,
                     perf_lines=perf_lines(n), perf_round=n or 1, groups=design.groups)


def _chparams(point: FpgaPoint) -> str:
    return " ".join(f"-chparam {k} {v}" for k, v in point.params)


def render_synth(point: FpgaPoint, target: FpgaTarget, rtl: list[str], includes: bool) -> str:
    reads = point.read_verilog(rtl, includes)
    top, chparams = point.top, _chparams(point)
    if target.pins:  # the ring (generated from the elaborated ports) sets the parameters on its instance
        reads += f"\nread_verilog {ring.RING_FILE}"
        top, chparams = ring.RING_TOP, ""
    # -flatten: resource counts and placement both want one module; stat -json is read, not the log.
    return "\n".join([
        "# Rendered by cryptoppa.fpga.plan: names are checked identifiers or run-local files.",
        reads,
        f"hierarchy -check -top {top} {chparams}".rstrip(),
        f"{target.synth} -top {top} -flatten",
        "tee -q -o reports/synth_stat.json stat -json",
        f"write_json {NETLIST}",
        "",
    ])


def pnr_args(point: FpgaPoint, target: FpgaTarget) -> list[str]:
    return [*target.pnr_args, "--json", NETLIST, "--freq", f"{point.clock_mhz:g}", "--seed", str(point.seed),
            "--report", "reports/pnr.json", "--threads", "1", "--timing-allow-fail"]


def _flow_note(point: FpgaPoint, target: FpgaTarget, routed: bool) -> str:
    return f"{target.synth} (Yosys) on the flat design" + (
        f"; {target.pnr} place and route on {target.device} at a {point.clock_mhz:g} MHz goal, seed {point.seed}"
        if routed else "") + (f"; {target.note}" if target.note else "")


_NO_POWER = "not estimated: no open power model exists for these FPGAs"


def make_synth_plan(point: FpgaPoint) -> StepPlan[FpgaPoint]:
    """Synthesis (and the engine's cycles per line): shared by every seed and clock goal of a routed target."""
    target = get(point.target)
    inputs, rtl = point.staged()
    includes = any(n.startswith("inc/") for n in inputs)
    scripts = {SYNTH_SCRIPT: render_synth(point, target, rtl, includes)}
    if target.pins:
        scripts[ring.PORTS_SCRIPT] = ring.render_ports(point.read_verilog(rtl, includes), point.top, _chparams(point))
        scripts["ring_code.sha256"] = ring.code_sha256() + "\n"
    tools = {"pyosys": version("pyosys")}
    assumptions = {"flow": _flow_note(point, target, False), "power": _NO_POWER}
    identity = {"fpga": {"target": target.name, "top": point.top, "params": [list(p) for p in point.params],
                         "defines": [list(d) for d in point.defines], "design": point.design}}
    if target.pins:
        identity["fpga"]["clock_port"] = point.clock_port
    if point.perf:
        identity["fpga"].update(perf_lines=point.perf_lines, perf_round=point.perf_round, groups=list(point.groups))
        scripts["perf.py"] = Path(perf.__file__).read_text()  # the generated testbench shapes the result
        tools["iverilog"] = version("iverilog")
        assumptions["perf"] = "cycles per line from an Icarus simulation at saturation (encrypt), times routed fmax"
    provenance = {"fpga": {"rtl": [str(p) for p in point.rtl], "include_dirs": [str(p) for p in point.include_dirs]}}
    return StepPlan(f"{point.design or point.top}-{target.name}", identity, inputs, scripts, tools, assumptions,
                    provenance, outputs=(NETLIST, "reports/synth_stat.json"), config=point)


def make_pnr_plan(point: FpgaPoint, synth_dir: Path) -> StepPlan[FpgaPoint]:
    """Placement and routing of a finished synthesis run's netlist, for one seed and clock goal."""
    target = get(point.target)
    synth = make_synth_plan(point)
    scripts = {"pnr.args": " ".join(pnr_args(point, target)) + "\n"}
    if target.pins:
        scripts["pins.pdc"] = ring.render_pdc(target.pins)
    identity = {"fpga": {"target": target.name, "synth_key": synth.key, "clock_mhz": point.clock_mhz,
                         "seed": point.seed}}
    assumptions = {**synth.assumptions, "flow": _flow_note(point, target, True)}
    return StepPlan(f"{point.design or point.top}-{target.name}-pnr", identity,
                    {NETLIST: (str(synth_dir / NETLIST), sha256_file(synth_dir / NETLIST))}, scripts,
                    {target.pnr: version(target.pnr)}, assumptions, {"fpga": {"synth_run": str(synth_dir)}},
                    outputs=("reports/pnr.json",), config=point)


def assumptions(point: FpgaPoint) -> dict[str, str]:
    """What a reader of the point's numbers must know: synthesis, and placement where the target has it."""
    target = get(point.target)
    return {**make_synth_plan(point).assumptions, "flow": _flow_note(point, target, target.routed)}
