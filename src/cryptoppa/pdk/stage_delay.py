"""One gate stage's delay on a library as the flow sees it: the fan-out-of-4 inverter chain timed by OpenSTA.

The FO4 delay is the yardstick published work quotes latency in: a latency in FO4 is comparable across libraries to
the extent that a library's gates keep the same delays relative to its inverter (they do not exactly: a period in
FO4 differs between libraries whose XOR or flip-flop is relatively faster; reports/libraries shows by how much). Each
library is probed with its inverter of the gate-equivalent cell's drive (inv_x1, INV_X1), with and without its
wire-load model where it has one, exactly as `flows/sta.tcl` times an engine (`cryptoppa pdk stage-delay`,
reports/libraries).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..errors import InputError, ToolError
from ..names import check_identifier, check_library_word
from ..tools import run, version
from .cells import library_cells, unit_inverter
from .descriptor import PdkDescriptor, get
from .install import liberty

TABLE = "stage_delay.parquet"
INPUT_TRANSITION_PS = 20.0
PROBED_STAGE = 2  # of the chain's 0..3: a realistic input slew from stage 1 and a realistic load


def chain_verilog(cell: str, a: str, y: str, stages: int = 4, ties: dict[str, int] | None = None) -> str:
    """A chain of `cell` where each stage drives the next and three more inputs, the last one seven; `ties` holds
    each side input at a constant (a NAND2's other input at 1) so the gate inverts its chain input."""
    side = "".join(f", .{pin}(1'b{level})" for pin, level in (ties or {}).items())
    lines = ["module fo4 (a, y);", "  input a;", "  output y;",
             f"  wire {', '.join(f'n{k}' for k in range(1, stages + 1))};"]
    for k in range(stages):
        lines.append(f"  {cell} s{k} (.{a}({'a' if k == 0 else f'n{k}'}){side}, .{y}(n{k + 1}));")
        lines += [f"  {cell} d{k}_{j} (.{a}(n{k + 1}){side}, .{y}());" for j in range(3)]
    lines += [f"  {cell} e{j} (.{a}(n{stages}){side}, .{y}());" for j in range(4)] + [f"  assign y = n{stages};",
                                                                                          "endmodule"]
    return "\n".join(lines) + "\n"


def fo4_delay_ps(workdir: Path, liberty_path: Path, cell: str, a: str, y: str, wire_load: str = "",
                 ties: dict[str, int] | None = None) -> float:
    """OpenSTA's delay (ps, mean of rise and fall) of the probed stage of the chain, from a 20 ps input transition
    at its first stage (by the probed stage the slew is the chain's own): output pin capacitances, table
    extrapolation and (when named) the wire-load model's net capacitance included. This is the one FO4 of every
    library in every document (the FlexLib report's liberty FO4 included)."""
    for name, what in ((cell, "cell"), (a, "pin"), (y, "pin"), *((pin, "pin") for pin in (ties or {}))):
        check_identifier(name, what)
    if any(level not in (0, 1) for level in (ties or {}).values()):
        raise InputError(f"stage-delay: a tied input is held at 0 or 1, got {ties}")
    if wire_load:
        check_library_word(wire_load, "wire-load model")
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "fo4.v").write_text(chain_verilog(cell, a, y, ties=ties))
    (workdir / "fo4.tcl").write_text(
        f"read_liberty {{{liberty_path}}}\nread_verilog fo4.v\nlink_design fo4\nset_cmd_units -time ps\n"
        # Without a model set, OpenSTA uses the liberty's default_wire_load: no wire is zero load on every net.
        + (f"set_wire_load_model -name {wire_load}\n" if wire_load else "set_load 0 [get_nets *]\n")
        + "create_clock -name c -period 1000\nset_input_delay 0 -clock c [get_ports a]\n"
        "set_output_delay 0 -clock c [get_ports y]\n"
        f"set_input_transition {INPUT_TRANSITION_PS:g} [get_ports a]\n"
        + "".join(f"report_checks -{edge}_from [get_ports a] -to [get_ports y] -digits 3\n" for edge in ("rise", "fall")))
    log = workdir / "fo4_sta.log"
    run("sta", ["-no_init", "-no_splash", "-exit", "fo4.tcl"], cwd=workdir, log=log, timeout=120, what="OpenSTA FO4")
    probe = f"s{PROBED_STAGE}/{y} ({cell})"
    stage = [float(line.split()[0]) for line in log.read_text().splitlines() if line.strip().endswith(probe)]
    if len(stage) != 2:
        raise ToolError(f"OpenSTA FO4: no delay of {probe} in the report", str(log))
    return sum(stage) / 2


def _target(text: str) -> tuple[PdkDescriptor, str]:
    name, _, corner = text.partition("/")
    desc = get(name)
    corner = corner or desc.default_corner
    desc.check_corner(corner)
    return desc, corner


def measure(targets: list[str], workdir: Path) -> pd.DataFrame:
    """One row per library, corner and wire-load choice: the inverter probed, its FO4 delay, the GE cell."""
    rows = []
    for text in targets:
        desc, corner = _target(text)
        lib = liberty(desc, corner)
        cells = library_cells(lib)
        cell, a, y = unit_inverter(cells, desc.ge_cell, f"{desc.path} ge_cell")
        for used in (True, False) if desc.wire_load_model else (True,):
            label = desc.wire_load_label(used)
            wire_load = desc.wire_load_model if used else ""
            rows.append({"pdk": desc.name, "corner": corner, "cell": cell, "wire_load": label,
                         "fo4_ps": round(fo4_delay_ps(workdir / f"{desc.name}-{corner}-{label}", lib, cell, a, y,
                                                      wire_load), 4),
                         "ge_cell": desc.ge_cell, "ge_area_um2": cells.area(desc.ge_cell, f"{desc.path} ge_cell"),
                         "input_transition_ps": INPUT_TRANSITION_PS, "sta": version("sta")})
    if not rows:
        raise InputError("stage-delay: expected at least one target (pdk or pdk/corner)")
    return pd.DataFrame(rows)
