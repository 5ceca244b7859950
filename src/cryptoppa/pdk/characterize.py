"""Characterize FlexLib from the FreePDK45 transistor models: PDKMaster netlists, lctime + ngspice, one cache per cell.

The cells' transistor netlists come from PDKMaster (c4m-flexcell layouts' circuits) and the SPICE models from the
c4m-pdk-freepdk45 wheel; both live in a helper virtualenv because those packages pin old dependencies. lctime
(PyPI, AGPL) runs in a second helper virtualenv and drives Debian's ngspice. The result replaces, cell by cell, the
timing, internal power, pin capacitance and leakage of the repaired shipped liberty; everything else (areas,
functions, flip-flop groups, operating conditions) stays.

Two conventions of lctime 0.0.26 are corrected here rather than trusted:
- it ramps the input from 0 to 100 % over the given slew, while liberty slews here are 20-80 %: lctime is given
  slew / 0.6 and the table index is written back as the 20-80 % slew;
- it reads netlists through KLayout, which upper-cases net names: pins are upper-cased in its input and restored;
- its rise_power/fall_power tables are keyed by the input's edge and hold all the energy the supply delivers,
  while liberty keys them by the output's edge and leaves charging the load to the STA tool (switching power):
  `internal_energy` relabels them by the arc's timing sense and subtracts C_load * Vdd^2 from the output-rise table.
It writes no leakage: leakage is an ngspice operating point per input state (own deck, `leakage`).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import shutil
import sys
import venv
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import settings
from ..errors import CryptoppaError, ToolError, without_log
from ..runs import sha256_file
from ..tools import run, run_program, run_status, version

LCTIME = "lctime==0.0.26"
# Versions from the product notes: the newest releases no longer build FreePDK45's FlexLib.
LAYOUT_REQUIREMENTS = ["PDKMaster==0.1", "c4m-flexcell==0.0.4", "six"]
PDK_PACKAGE = "c4m-pdk-freepdk45==0.0.1"
MODELS = {"nom": "freepdk45_nom.spi", "fast": "freepdk45_ff.spi", "slow": "freepdk45_ss.spi"}
# Bump when the method changes in a way that changes results (part of every cell's cache key).
RECIPE = 1
ENERGY_RECIPE = 1  # the same for `cell_energy`
SLEW_LOW, SLEW_HIGH = 0.2, 0.8  # FlexLib's slew thresholds (checked against the library header)

# Cells lctime is not asked to characterize, and why; their shipped tables stay and are marked.
NOT_CHARACTERIZED = {
    "dio_x0": "antenna diode: no logic function",
    "fill_x0": "filler: no transistors",
    "tie_x0": "bare well tie: no logic function",
    "one_x0": "constant output: no timing arc",
    "zero_x0": "constant output: no timing arc",
    "nsnrlatch_x1": "latch: lctime 0.0.26 aborts on latches ('not yet supported')",
}
SEQUENTIAL = {"sff1_x4", "sff1r_x4"}


@dataclass(frozen=True)
class Options:
    """Everything besides netlist, models and tool versions that shapes a cell's result (part of its cache key)."""
    corner: str = "nom"
    time_step_s: float = 1e-12  # 1e-13 moved inv_x1 table entries by < 0.3 % at 2.5x the run time
    calc_mode: str = "worst"
    slews_ps: tuple[float, ...] | None = None  # None: the shipped table's grid for that cell
    loads_ff: tuple[float, ...] | None = None


# ---------------------------------------------------------------------------- helper virtualenvs

def _helper_venv(name: str, steps: list[list[str]]) -> Path:
    env_dir = settings.current().home / name
    python = env_dir / "bin" / "python"
    stamp = env_dir / ".ready"
    want = json.dumps(steps)
    if not stamp.exists() or stamp.read_text() not in ("ok\n", want):
        print(f"creating {env_dir} ({'; '.join(' '.join(s) for s in steps)})", file=sys.stderr)
        venv.create(env_dir, with_pip=True, clear=True)
        for k, step in enumerate(steps):
            run_program(python, ["-m", "pip", "install", "-q", *step], cwd=env_dir, log=env_dir / f"pip{k}.log",
                        timeout=1800, what=f"pip install into {env_dir.name}")
        stamp.write_text(want)
    return python


def layout_python() -> Path:
    """The PDKMaster virtualenv (shared with scripts/gen_freepdk45_footprints.py)."""
    return _helper_venv("venv-flexlib-layout", [LAYOUT_REQUIREMENTS, ["--no-deps", PDK_PACKAGE]])


def lctime_venv() -> Path:
    """The lctime virtualenv; the registry finds its `lctime` there."""
    return _helper_venv("venv-lctime", [[LCTIME]]).parent


_EXPORT = """
import json, os
from c4m.pdk.freepdk45 import flexlib
from c4m.pdk.freepdk45 import pyspice
out = {"models_dir": os.path.dirname(pyspice.__file__), "cells": {}}
for cell in flexlib.cells:
    try:
        out["cells"][cell.name] = str(pyspice.pyspicefab.new_pyspicesubcircuit(circuit=cell.circuit))
    except Exception as err:  # cells without a circuit (fill)
        out["cells"][cell.name] = None
open("netlists.json", "w").write(json.dumps(out, sort_keys=True))
"""


def export_netlists() -> tuple[dict[str, str | None], Path]:
    """{cell: SPICE subcircuit text} of every FlexLib cell, and the folder holding the corner model files."""
    work = cache_root() / "export"
    work.mkdir(parents=True, exist_ok=True)
    python = layout_python()
    done = work / "netlists.json"
    stamp = python.parent.parent / ".ready"
    if done.exists() and done.stat().st_mtime > stamp.stat().st_mtime:  # same helper venv: same netlists
        data = json.loads(done.read_text())
        return data["cells"], Path(data["models_dir"])
    done.unlink(missing_ok=True)
    run_program(python, ["-c", _EXPORT], cwd=work, log=work / "export.log", timeout=900,
                what="PDKMaster netlist export")
    data = json.loads((work / "netlists.json").read_text())
    data["cells"] = {name: canonical(text) if text else None for name, text in data["cells"].items()}
    done.write_text(json.dumps(data, sort_keys=True))
    return data["cells"], Path(data["models_dir"])


def canonical(netlist: str) -> str:
    """PDKMaster orders a subcircuit's ports and devices differently from one run to the next (set order): sort
    both so the text, and with it every cache key, depends on the circuit alone. Instances connect by name
    (`instance`), never by position."""
    head, body, tail = None, [], []
    for line in netlist.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0].lower() == ".subckt":
            head = " ".join([words[0], words[1], *sorted(words[2:])])
        elif words[0].lower() == ".ends":
            tail.append(line.strip())
        else:
            body.append(line.strip())
    if head is None:
        raise CryptoppaError("netlist has no .subckt line")
    return "\n".join([head, *sorted(body), *tail]) + "\n"


def instance(name: str, cell: str, netlist: str, nodes: dict[str, str]) -> str:
    """A SPICE instance line of the cell connecting its ports by name."""
    return f"{name} {' '.join(nodes[p] for p in _subckt_ports(netlist))} {cell}"


# ---------------------------------------------------------------------------- liberty helpers

def parse(text: str):
    from liberty.parser import parse_liberty  # noqa: PLC0415 (sympy via liberty.types: heavy, only here)
    return parse_liberty(text)


def cell_group(lib, name: str):
    for g in lib.get_groups("cell"):
        if str(g.args[0]) == name:
            return g
    raise CryptoppaError(f"no cell {name!r} in the liberty")


def _table_indices(lib, cell) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(slews ps, loads fF) of the cell's first cell_rise table: the shipped grid, so both tables compare point by
    point."""
    for pin in cell.get_groups("pin"):
        for timing in pin.get_groups("timing"):
            for table in timing.get_groups("cell_rise") + timing.get_groups("cell_fall"):
                tmpl = next(t for t in lib.get_groups("lu_table_template") if str(t.args[0]) == str(table.args[0]))
                idx = {v: tmpl.get_array(f"index_{i}")[0] for i, v in ((1, str(tmpl["variable_1"])),
                                                                      (2, str(tmpl["variable_2"])))}
                return (tuple(float(x) for x in idx["input_net_transition"]),
                        tuple(float(x) for x in idx["total_output_net_capacitance"]))
    raise CryptoppaError(f"cell {cell.args[0]}: no timing table to take the grid from")


def _rename(text: str, mapping: dict[str, str]) -> str:
    return re.sub(r"[A-Za-z_][A-Za-z0-9_]*", lambda m: mapping.get(m.group(0), m.group(0)), text)


def _template(shipped, cell) -> str:
    """A one-cell liberty for lctime: the shipped header, the cell's pins (upper-case) and its ff group."""
    from liberty.types import EscapedString, Group  # noqa: PLC0415

    upper = {str(p.args[0]): str(p.args[0]).upper() for p in cell.get_groups("pin")}
    new = Group("cell", args=[str(cell.args[0])])
    for pin in cell.get_groups("pin"):
        p = Group("pin", args=[upper[str(pin.args[0])]])
        p["direction"] = pin["direction"]
        if pin.get("function") is not None:
            p["function"] = EscapedString(_rename(str(pin["function"]).strip('"'), upper))
        if pin.get("clock") is not None:
            p["clock"] = pin["clock"]
        new.groups.append(p)
    for ff in cell.get_groups("ff"):
        g = Group("ff", args=list(ff.args))
        for attr in ff.attributes:
            g[attr.name] = EscapedString(_rename(str(attr.value).strip('"'), upper))
        new.groups.append(g)
    head = parse(str(shipped))
    head.groups = [g for g in head.groups if g.group_name == "operating_conditions"]
    head.groups.append(new)
    return str(head)


def _upper_netlist(text: str, pins: list[str]) -> str:
    """Upper-case the subcircuit's net names (KLayout does) but keep the cell name and the keywords lctime parses."""
    out = []
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0].lower() == ".subckt":
            out.append(" ".join([".subckt", words[1], *(w.upper() for w in words[2:])]))
        elif words[0].lower() == ".ends":
            out.append(f".ends {words[1]}" if len(words) > 1 else ".ends")
        elif words[0][0].upper() == "M":
            name, d, g, s, b, model, *params = words
            out.append(" ".join([name, d.upper(), g.upper(), s.upper(), b.upper(), model, *params]))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- leakage (own ngspice deck)

def _subckt_ports(netlist: str) -> list[str]:
    for line in netlist.splitlines():
        words = line.split()
        if words and words[0].lower() == ".subckt":
            return words[2:]
    raise CryptoppaError("netlist has no .subckt line")


def leakage(cell: str, netlist: str, models: Path, inputs: list[str], vdd: float, temp: float,
            workdir: Path) -> dict[tuple[int, ...], float]:
    """Static power (W) for every input state, one ngspice operating point with one instance per state."""
    ports = _subckt_ports(netlist)
    states = list(itertools.product((0, 1), repeat=len(inputs)))
    lines = [f"* leakage of {cell}", f".include {models}", netlist, f".temp {temp:g}", "vhi hi 0 dc " + f"{vdd:g}"]
    for k, state in enumerate(states):
        level = dict(zip(inputs, state))
        nodes = []
        for port in ports:
            if port.lower() in ("vdd",):
                nodes.append(f"vdd{k}")
            elif port.lower() in ("vss", "gnd"):
                nodes.append("0")
            elif port in level:
                nodes.append("hi" if level[port] else "0")
            else:
                nodes.append(f"out{k}_{port}")
        lines += [f"vsup{k} vdd{k} 0 dc {vdd:g}", f"x{k} {' '.join(nodes)} {cell}"]
    lines += [".control", "op", *(f"print -i(vsup{k})" for k in range(len(states))), ".endc", ".end"]
    deck = workdir / "leakage.sp"
    deck.write_text("\n".join(lines) + "\n")
    log = workdir / "leakage.log"
    # ngspice -b exits 1 after a .control block even when it worked: the printed currents are the result.
    run_status("ngspice", ["-b", deck.name], cwd=workdir, log=log, timeout=300, what=f"ngspice leakage {cell}")
    found = {int(k): float(v) for k, v in re.findall(r"-i\(vsup(\d+)\)\s*=\s*(\S+)", log.read_text())}
    if len(found) != len(states):
        raise ToolError(f"ngspice leakage {cell}: {len(found)} of {len(states)} currents printed", str(log))
    return {state: found[k] * vdd for k, state in enumerate(states)}


# ---------------------------------------------------------------------------- one cell

def _hash(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()


def _cache_key(netlist: str, models: Path, options: Options, template: str) -> str:
    return _hash(netlist, sha256_file(models), version("lctime") or "", version("ngspice") or "",
                 json.dumps(asdict(options), sort_keys=True), template, str(RECIPE))


def cache_root() -> Path:
    return settings.current().home / "cache" / "charlib"


def failure_record(folder: Path) -> Path:
    return folder.with_name(folder.name + ".failed.json")


def record_failure(folder: Path, error: str) -> None:
    """Keep why a cell failed beside its cache entry: a rerun reports it instead of spending the time again."""
    failure_record(folder).parent.mkdir(parents=True, exist_ok=True)
    failure_record(folder).write_text(json.dumps({"error": error}) + "\n")


def characterize_cell(shipped, name: str, netlist: str, models: Path, options: Options, log=print,
                      cache: Path | None = None, only_cached: bool = False,
                      retry_failed: bool = False, timeout_s: float = 3600.0) -> dict | None:
    """Characterize one cell (cached); returns {"liberty": lctime's cell group text with our pin names,
    "leakage": {when: W}, "key": cache key, "seconds": wall time of the uncached run}; None when only_cached
    and it is not in the cache."""
    cell = cell_group(shipped, name)
    template = _template(shipped, cell)
    key = _cache_key(netlist, models, options, template)
    folder = (cache or cache_root()) / options.corner / name / key[:16]
    result = folder / "result.json"
    if result.exists():
        return json.loads(result.read_text())
    failed = failure_record(folder)
    if failed.exists() and not retry_failed:
        raise CryptoppaError(json.loads(failed.read_text())["error"] + " (recorded by an earlier run)")
    if only_cached:
        return None
    lower = {str(p.args[0]).upper(): str(p.args[0]) for p in cell.get_groups("pin")}
    inputs = [str(p.args[0]) for p in cell.get_groups("pin") if str(p["direction"]) == "input"]
    slews, loads = _table_indices(shipped, cell)
    slews = options.slews_ps or slews
    loads = options.loads_ff or loads
    tmp = folder.with_name(folder.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    (tmp / "work").mkdir(parents=True)
    (tmp / "template.lib").write_text(template)
    (tmp / "cell.sp").write_text(_upper_netlist(netlist, [str(p.args[0]) for p in cell.get_groups("pin")]))
    ramp = SLEW_HIGH - SLEW_LOW
    args = ["-l", "template.lib", "--cell", name, "--spice", "cell.sp", "-I", models, "-o", "out.lib",
            "--workingdir", "work", "--output-loads", ",".join(f"{c * 1e-3:.6g}" for c in loads),
            "--slew-times", ",".join(f"{s / ramp * 1e-3:.6g}" for s in slews),
            "--time-step", f"{options.time_step_s:g}", "--calc-mode", options.calc_mode, "-j", "1"]
    if name in SEQUENTIAL:
        args += ["--related-pin-transition", ",".join(f"{s / ramp * 1e-3:.6g}" for s in slews)]
    vdd = float(shipped["nom_voltage"])
    temp = float(shipped["nom_temperature"])
    leak = leakage(name, netlist, models, inputs, vdd, temp, tmp) if name not in SEQUENTIAL else {}
    try:
        seconds = run("lctime", args, cwd=tmp, log=tmp / "lctime.log", timeout=timeout_s,
                      what=f"lctime {name}")
    except ToolError as err:
        record_failure(folder, without_log(str(err)))
        raise
    text = (tmp / "out.lib").read_text()
    out = parse(text)
    group = cell_group(out, name)
    # Restore pin names; relabel the slew index from lctime's full ramp to the library's 20-80 % slew.
    body = _rename(str(group), lower)
    body = _relabel_slews(body, slews)
    data = {"cell": name, "key": key, "seconds": round(seconds, 1), "liberty": body,
            "templates": [str(t) for t in out.groups if t.group_name in ("lu_table_template", "power_lut_template")],
            "slews_ps": list(slews), "loads_ff": list(loads), "inputs": inputs,
            "leakage_w": {"".join(map(str, s)): p for s, p in leak.items()},
            "lctime": version("lctime"), "ngspice": version("ngspice"), "options": asdict(options)}
    (tmp / "result.json").write_text(json.dumps(data, indent=1) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    log(f"{name}: characterized in {seconds:.0f} s")
    return data


def _relabel_slews(body: str, slews: tuple[float, ...]) -> str:
    """lctime writes index_2 = the ramp times it simulated; write the 20-80 % slews they stand for."""
    want = ", ".join(f"{s:g}" for s in slews)
    return re.sub(r'(index_2 \( \\\s*\n\s*)"[^"]*"', lambda m: f'{m.group(1)}"{want}"', body)


def logic(function: str, values: dict[str, int]) -> int:
    """A liberty function (!, &, |, ^, parentheses) of 0/1 inputs."""
    if not re.fullmatch(r"[\w\s()!&|^]+", function):
        raise CryptoppaError(f"unsupported liberty function {function!r}")
    return eval(function.replace("!", "~"), {"__builtins__": {}}, dict(values)) & 1  # noqa: S307 (checked above)


def arc_energy(cell: str, netlist: str, models: Path, function: str, inputs: list[str], related: str,
               slews_ps: tuple[float, ...], loads_ff: tuple[float, ...], vdd: float, temp: float,
               workdir: Path) -> dict[str, list[list[float]]]:
    """Internal energy (fJ) of one arc, keyed by the output's edge as liberty keys it ({"rise_power": rows over
    loads, columns over slews, "fall_power": ...}): what the supply delivers over the edge, less the
    C_load * Vdd^2 charging the load takes on the output's rise (STA tools charge that as switching power; the
    input's own charge is the driving net's switching power). Averaged over the side-input states that let the
    related pin switch the output. One ngspice deck per state and input edge, one cell copy per grid point.

    Replaces lctime 0.0.26's power tables, which stop integrating once the output reaches 99 % (a slow input's
    remaining short-circuit current is lost), sum non-uniform time steps as if uniform, and key by input edge."""
    ports = _subckt_ports(netlist)
    side = [p for p in inputs if p != related]
    full_max = max(slews_ps) / (SLEW_HIGH - SLEW_LOW)
    start, stop = 20.0, 20.0 + full_max + 200.0 + 20.0 * max(loads_ff)  # settled: checked by the final voltage
    grid = [(i, j, c, s) for i, c in enumerate(loads_ff) for j, s in enumerate(slews_ps)]
    sums = {e: [[0.0] * len(slews_ps) for _ in loads_ff] for e in ("rise_power", "fall_power")}
    counts = {"rise_power": 0, "fall_power": 0}
    for state in itertools.product((0, 1), repeat=len(side)):
        level = dict(zip(side, state))
        before, after = logic(function, {**level, related: 0}), logic(function, {**level, related: 1})
        if before == after:
            continue
        for rising_in in (True, False):
            out_rises = (after if rising_in else before) == 1
            edge = "rise_power" if out_rises else "fall_power"
            lines = [netlist, f"vhi hi 0 dc {vdd:g}"]
            meas = []
            for k, (_, _, load, slew) in enumerate(grid):
                nodes = {p: ("hi" if level[p] else "0") for p in side}
                nodes.update({related: f"in{k}", "vss": "0", "gnd": "0", "vdd": f"vdd{k}"})
                nodes = {p: nodes.get(p.lower(), nodes.get(p, f"out{k}")) for p in ports}
                lines += [f"vsup{k} vdd{k} 0 dc {vdd:g}", ramp(f"in{k}", rising_in, slew, start, vdd),
                          f"x{k} {' '.join(nodes[p] for p in ports)} {cell}", f"cl{k} out{k} 0 {load:g}f"]
                meas += [f".meas tran e{k} INTEG par('-i(vsup{k})*{vdd:g}') FROM=0p TO={stop:.1f}p",
                         f".meas tran v{k} FIND v(out{k}) AT={stop:.1f}p"]
            name = f"energy_{related}_{''.join(map(str, state))}_{'r' if rising_in else 'f'}"
            # A 2 ps print step (= largest time step) moved no entry by over 1 % from 0.5 ps, at 2.5x the speed.
            res = transient(workdir, name, lines, meas, models, stop_ps=stop, step_ps=2.0, temp=temp)
            for k, (i, j, load, _) in enumerate(grid):
                if abs(res[f"v{k}"] - (vdd if out_rises else 0.0)) > 0.02 * vdd:
                    raise ToolError(f"ngspice {cell} {name}: output not settled by {stop:.0f} ps", str(workdir))
                sums[edge][i][j] += res[f"e{k}"] * 1e15 - (load * vdd * vdd if out_rises else 0.0)
            counts[edge] += 1
    if not all(counts.values()):
        raise CryptoppaError(f"{cell}: {related} never switches the output both ways")
    return {e: [[v / counts[e] for v in row] for row in rows] for e, rows in sums.items()}


def cell_energy(shipped, name: str, netlist: str, models: Path, corner: str, slews_ps, loads_ff,
                cache: Path | None = None, only_cached: bool = False) -> dict | None:
    """{output pin: {related pin: arc_energy tables}} of a combinational cell at the corner's voltage and
    temperature (cached like `characterize_cell`); None when only_cached and it is not in the cache."""
    cell = cell_group(shipped, name)
    vdd, temp = float(shipped["nom_voltage"]), float(shipped["nom_temperature"])
    inputs = [str(p.args[0]) for p in cell.get_groups("pin") if str(p["direction"]) == "input"]
    functions = {str(p.args[0]): str(p["function"]).strip('"') for p in cell.get_groups("pin")
                 if str(p["direction"]) == "output"}
    key = _hash(netlist, sha256_file(models), version("ngspice") or "",
                json.dumps([functions, list(slews_ps), list(loads_ff), vdd, temp, ENERGY_RECIPE], sort_keys=True))
    path = (cache or cache_root()) / corner / name / f"energy-{key[:16]}.json"
    if path.exists():
        return json.loads(path.read_text())
    if only_cached:
        return None
    work = path.with_suffix(".tmp")
    shutil.rmtree(work, ignore_errors=True)
    tables = {out: {rel: arc_energy(name, netlist, models, fn, inputs, rel, tuple(slews_ps), tuple(loads_ff), vdd,
                                    temp, work) for rel in inputs}
              for out, fn in functions.items()}
    path.write_text(json.dumps(tables) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    return tables


# Each cell of a characterized liberty carries one of these comments; `pdk show` lists the shipped ones.
CHARACTERIZED = "characterized"
SHIPPED = "shipped FlexLib tables"


def cell_mark(note: str) -> str:
    return f"/* cryptoppa: {note} */"


def shipped_cells(liberty_text: str) -> dict[str, str]:
    """Cells of a characterized liberty that keep the shipped tables, and why."""
    return dict(re.findall(r"cell \((\w+)\) \{\s*/\* cryptoppa: " + SHIPPED + r" \((.*?)\) \*/", liberty_text))


# ---------------------------------------------------------------------------- reading tables back

def _interp(xs: list[float], x: float) -> tuple[int, float]:
    """Segment index and fraction for linear inter-/extrapolation in a sorted axis."""
    if len(xs) == 1:
        return 0, 0.0
    i = max(0, min(len(xs) - 2, sum(1 for v in xs if v <= x) - 1))
    return i, (x - xs[i]) / (xs[i + 1] - xs[i])


def lookup(lib, table, slew_ps: float, load_ff: float) -> float:
    """A delay/transition/energy table's value at (input slew, output load), bilinear as STA does, whatever the
    template's variable order."""
    tmpl = next(t for t in lib.groups if t.group_name in ("lu_table_template", "power_lut_template")
                and str(t.args[0]) == str(table.args[0]))
    variables = [str(tmpl[f"variable_{i}"]) for i in (1, 2) if tmpl.get(f"variable_{i}") is not None]
    axes = []
    for i, var in enumerate(variables, start=1):
        src = table if table.get(f"index_{i}") is not None else tmpl
        axes.append((var, [float(x) for x in src.get_array(f"index_{i}")[0]]))
    values = [[float(x) for x in row] for row in table.get_array("values")]
    point = {"input_net_transition": slew_ps, "input_transition_time": slew_ps,
             "total_output_net_capacitance": load_ff}
    if len(axes) == 1:
        (var, xs), = axes
        i, f = _interp(xs, point[var])
        row = values[0]
        return row[i] + f * (row[min(i + 1, len(row) - 1)] - row[i])
    (v1, x1), (v2, x2) = axes
    i, fi = _interp(x1, point[v1])
    j, fj = _interp(x2, point[v2])
    i1, j1 = min(i + 1, len(x1) - 1), min(j + 1, len(x2) - 1)
    a = values[i][j] + fj * (values[i][j1] - values[i][j])
    b = values[i1][j] + fj * (values[i1][j1] - values[i1][j])
    return a + fi * (b - a)


# ---------------------------------------------------------------------------- independent ngspice checks

def ramp(node: str, rising: bool, slew_ps: float, start_ps: float = 20.0, vdd: float = 1.0) -> str:
    """A linear input whose 20-80 % transition takes slew_ps (full swing over slew / 0.6)."""
    full = slew_ps / (SLEW_HIGH - SLEW_LOW)
    v0, v1 = (0.0, vdd) if rising else (vdd, 0.0)
    return f"v{node} {node} 0 pwl(0 {v0} {start_ps}p {v0} {start_ps + full:.4f}p {v1})"


def transient(workdir: Path, name: str, body: list[str], meas: list[str], models: Path, stop_ps: float = 250,
              step_ps: float = 0.1, temp: float = 25.0) -> dict[str, float]:
    """Run one ngspice transient deck; its .meas results in seconds."""
    workdir.mkdir(parents=True, exist_ok=True)
    deck = workdir / f"{name}.sp"
    deck.write_text("\n".join([f"* {name}", f".include {models}", *body, f".temp {temp:g}",
                               f".tran {step_ps}p {stop_ps}p", *meas, ".end"]) + "\n")
    log = workdir / f"{name}.log"
    run_status("ngspice", ["-b", deck.name], cwd=workdir, log=log, timeout=600, what=f"ngspice {name}")
    found = {k: float(v) for k, v in re.findall(r"^(\w+)\s*=\s*([-+0-9.eE]+)", log.read_text(), re.M)}
    missing = [m.split()[2] for m in meas if m.split()[2] not in found]
    if missing:
        raise ToolError(f"ngspice {name}: no result for {', '.join(missing)}", str(log))
    return found


def inverter_transient(workdir: Path, netlist: str, models: Path, slew_ps: float, load_ff: float) -> dict[str, float]:
    """inv_x1 driving load_ff from an input of slew_ps, by the liberty definitions and nothing of lctime:
    50 %-50 % delays in ps ("cell_rise": output rising, "cell_fall") and internal energy in fJ ("rise_power":
    output rising, "fall_power"): what the supply delivers over the edge, less the C_load * Vdd^2 that charging
    the load takes on the output's rise. A deck of its own, not `arc_energy`'s, so each checks the other."""
    out = {}
    for rising_in in (True, False):
        tag = "r" if rising_in else "f"
        res = transient(workdir, f"inv_{tag}", [
            netlist, "vdd vdd 0 dc 1.0", ramp("in", rising_in, slew_ps),
            instance("x1", "inv_x1", netlist, {"vss": "0", "vdd": "vdd", "i": "in", "nq": "out"}),
            f"cl out 0 {load_ff}f"],
            [f".meas tran d TRIG v(in) VAL=0.5 {'RISE' if rising_in else 'FALL'}=1 "
             f"TARG v(out) VAL=0.5 {'FALL' if rising_in else 'RISE'}=1",
             ".meas tran esup INTEG par('-i(vdd)*v(vdd)') FROM=0p TO=250p"], models)
        edge = "fall" if rising_in else "rise"
        out[f"cell_{edge}"] = res["d"] * 1e12
        load_energy = 0.0 if rising_in else load_ff * 1e-15
        out[f"{edge}_power"] = (res["esup"] - load_energy) * 1e15
    return out


def flop_clock_to_q(workdir: Path, netlist: str, models: Path, slew_ps: float, load_ff: float) -> dict[str, float]:
    """sff1_x4's clock-to-q delays (ps, 50 %-50 %) with the data settled long before the edge:
    {"cell_rise": q rising, "cell_fall": q falling}. Checks the flip-flop tables lctime cannot make here."""
    full = slew_ps / (SLEW_HIGH - SLEW_LOW)
    edges = [100.0, 400.0, 700.0]  # rising clock edges: load 0, then 1 (q rises), then 0 (q falls)
    clock = ["0 0"]
    for t in edges:
        clock += [f"{t:.1f}p 0", f"{t + full:.2f}p 1", f"{t + 150:.1f}p 1", f"{t + 150 + full:.2f}p 0"]
    data = "pwl(0 0 250p 0 260p 1 550p 1 560p 0)"
    res = transient(workdir, "sff_ckq", [
        netlist, "vdd vdd 0 dc 1.0", f"vck ck 0 pwl({' '.join(clock)})", f"vi d 0 {data}",
        instance("x1", "sff1_x4", netlist, {"vss": "0", "vdd": "vdd", "ck": "ck", "i": "d", "q": "q"}),
        f"cl q 0 {load_ff}f"],
        [".meas tran r TRIG v(ck) VAL=0.5 RISE=2 TARG v(q) VAL=0.5 RISE=1",
         ".meas tran f TRIG v(ck) VAL=0.5 RISE=3 TARG v(q) VAL=0.5 FALL=1"], models, stop_ps=1000)
    return {"cell_rise": res["r"] * 1e12, "cell_fall": res["f"] * 1e12}


def fo4(workdir: Path, netlists: dict[str, str], models: Path, cell: str, pins: dict[str, str],
        load_cell: str | None = None, load_pins: dict[str, str] | None = None) -> float:
    """Average 50 %-50 % delay (ps) of one gate in a chain where every gate drives four gates (copies of itself,
    or of load_cell): pins name the cell's ports, IN and OUT standing for the chain's nodes, side inputs tied."""
    load_cell, load_pins = load_cell or cell, load_pins or pins

    def gate(name, a, y, c=cell, p=pins):
        return instance(name, c, netlists[c], {q: {"IN": a, "OUT": y}.get(n, n) for q, n in p.items()})

    full = 20.0 / (SLEW_HIGH - SLEW_LOW)  # a pulse: rising at 20 ps, falling at 120 ps
    body = sorted({netlists[cell], netlists[load_cell]}) + [
        "vdd vdd 0 dc 1.0", f"vn0 n0 0 pwl(0 0 20p 0 {20 + full:.3f}p 1 120p 1 {120 + full:.3f}p 0)"]
    for k in range(4):
        body.append(gate(f"xs{k}", f"n{k}", f"n{k + 1}"))
        body += [gate(f"xd{k}_{j}", f"n{k + 1}", f"d{k}_{j}", load_cell, load_pins) for j in range(3)]
    body += [gate(f"xe{j}", "n4", f"e{j}") for j in range(4)]
    # Stage 2 (n2 -> n3) sees a realistic input slew and a realistic load.
    res = transient(workdir, f"fo4_{cell}", body, [
        ".meas tran a TRIG v(n2) VAL=0.5 RISE=1 TARG v(n3) VAL=0.5 FALL=1",
        ".meas tran b TRIG v(n2) VAL=0.5 FALL=1 TARG v(n3) VAL=0.5 RISE=1"], models, stop_ps=240, step_ps=0.2)
    return (res["a"] + res["b"]) / 2 * 1e12


INV_PINS = {"vss": "0", "vdd": "vdd", "i": "IN", "nq": "OUT"}
NAND2_PINS = {"vss": "0", "vdd": "vdd", "i0": "IN", "i1": "vdd", "nq": "OUT"}
