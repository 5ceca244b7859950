"""Sweep files (sweeps/*.toml): validated into a frozen spec and expanded into points before any tool runs.

```toml
[sweep]
name = "thesis"                 # identifies the sweep's rows in a shared results folder
output = "results/thesis"       # results folder, relative to the current directory
designs = ["gcm_iter"]
n = [1, 2, 4, 8, 16]            # optional: N-instance arrays (needs interface = "engine")
pdks = ["freepdk45"]
corners = ["nom"]               # optional: default corner of each PDK
# or, instead of pdks/corners: targets, each "pdk", "pdk/corner" or an FPGA target (cryptoppa.fpga.targets)
# targets = ["freepdk45/nom", "xc7", "ecp5-85k"]
seeds = [1, 2, 3]               # optional: placer seeds of FPGA targets with place and route
clocks_mhz = [225]
activity = 0.1                  # optional: vectorless input toggles per cycle
activity_modes = ["vectorless", "sim:saturated"]   # optional: power from the model and/or simulated workloads
wire_load = [true, false]       # optional: with and/or without the library's wire-load model (synthesis only)
array_mode = "composed"         # optional: "composed" (engine once + dispatcher, N <= 1024) or "flat" (N <= 64)
stage = "route"                 # optional: a registered stage (cryptoppa.stages: synth, route); default: the target's
utilization = [0.5]             # optional, with stage = "route": target cell area / die area of the floorplan
max_points = 5000               # optional: run up to this many points without `--yes` (default: cryptoppa.limits)

[params.gcm_iter]               # optional: a list of values per parameter; the grid is their product
DIGIT = [16]
```
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path

from .. import designs, fpga, limits, pdk, stages, tomlfile, userfiles
from ..designs import arrays
from ..errors import CryptoppaError, InputError
from ..names import IDENT
from ..pnr.plan import DEFAULT_UTILIZATION
from ..stages import Request

# Past this many points a sweep file is refused even with --yes: the grid is expanded in memory and the results
# table is rewritten once per finished point.
MAX_EXPANDED = 1_000_000

_KEYS = {
    "name": "a string",
    "output": "a folder path string",
    "designs": "a non-empty list of design names",
    "n": "a non-empty list of positive integers",
    "pdks": "a non-empty list of PDK names",
    "targets": 'a non-empty list of "pdk", "pdk/corner" or FPGA target names (instead of pdks and corners)',
    "seeds": f"a non-empty list of nextpnr placer seeds of FPGA targets, each {limits.SEED.describe()}",
    "corners": "a non-empty list of corner names",
    "clocks_mhz": f"a non-empty list of positive numbers, each {limits.CLOCK_MHZ.describe()}",
    "activity": limits.ACTIVITY.describe(),
    "activity_modes": 'a non-empty list of "vectorless" or "sim:<workload>" (cryptoppa.activity.workload)',
    "wire_load": "a non-empty list of distinct booleans (false: timed without the library's wire-load model)",
    "utilization": f"a non-empty list of distinct target utilizations (cell area / die area), each "
                   f"{limits.UTILIZATION.describe()}",
    "jobs": limits.JOBS.describe(),
    "max_points": f"a positive integer: the points this file may run without --yes (default {limits.SWEEP_POINTS.high:,g})",
    "array_mode": 'one of "composed", "flat"',
    "include_dirs": "a list of folders (relative to the sweep file) searched by `include, for every design",
    "defines": 'a list of "NAME" or "NAME=VALUE" macros, for every design',
    "stage": "a stage name (cryptoppa.stages: synth, route, ...); default: synthesis on ASIC targets, place and route "
             "on FPGA targets that have a placer",
}


@dataclass(frozen=True)
class SweepPoint:
    sweep: str
    design: str
    n: int | None
    params: tuple[tuple[str, int], ...]
    pdk: str  # or an FPGA target's name (cryptoppa.fpga.targets), with corner ""
    corner: str
    clock_mhz: float
    activity: float
    array_mode: str = "composed"  # arrays only: cryptoppa.flow.compose, or flat synthesis of the whole array
    activity_mode: str = "vectorless"  # or "sim:<workload>": power from simulated per-net activity
    include_dirs: tuple[Path, ...] = ()  # added to the design's own
    defines: tuple[tuple[str, str], ...] = ()
    stage: str | None = None  # a registered stage (cryptoppa.stages); None: the target's default
    seed: int | None = None  # FPGA targets with a placer only
    wire_load: bool = True  # False: without the library's wire-load model (cryptoppa.flow.FlowPoint)
    utilization: float = DEFAULT_UTILIZATION  # the floorplan's target cell area / die area (stage "route")
    resolved: designs.Design | None = field(default=None, compare=False, repr=False)  # the design, read once

    @property
    def fpga(self) -> bool:
        return fpga.is_target(self.pdk)

    @property
    def target(self) -> str:
        return self.pdk if self.fpga else f"{self.pdk}/{self.corner}"

    def request(self) -> Request:
        """The point as the one dispatcher takes it (cryptoppa.stages)."""
        design = self.resolved or designs.get(self.design).with_sources(self.include_dirs, self.defines)
        return Request(design, self.params, self.pdk if self.fpga else f"{self.pdk}/{self.corner}", self.clock_mhz,
                       stage=self.stage, n=self.n, array_mode=self.array_mode, activity=self.activity,
                       activity_mode=self.activity_mode, seed=self.seed, wire_load=self.wire_load,
                       utilization=self.utilization)

    @property
    def resolved_stage(self) -> str:
        return self.stage or stages.default_stage(self.request())

    def label(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.params)
        n = f" N={self.n}{' flat' if self.array_mode == 'flat' else ''}" if self.n is not None else ""
        mode = "" if self.activity_mode == "vectorless" else f" {self.activity_mode}"
        defs = "".join(f" -D{k}{'=' + v if v else ''}" for k, v in self.defines)
        # The target's default stage is unmarked (an FPGA target's rows are placed and routed unless said otherwise).
        stage = "" if self.stage in (None, stages.default_stage(self.request())) else (
            " routed" if self.stage == "route" else f" {self.stage}")
        seed = f" seed={self.seed}" if self.seed is not None else ""
        wire = "" if self.wire_load else " no-wire-load"
        util = "" if self.utilization == DEFAULT_UTILIZATION else f" utilization={self.utilization:g}"
        return f"{self.design}{n} [{params}] {self.target} {self.clock_mhz:g}MHz{mode}{defs}{stage}{seed}{wire}{util}"


@dataclass(frozen=True)
class SweepSpec:
    path: Path
    name: str
    output: Path
    points: tuple[SweepPoint, ...]
    jobs: int | None = None
    max_points: int = int(limits.SWEEP_POINTS.high)  # more need --yes (cryptoppa.sweep.estimate)


class SweepFileError(InputError):
    pass


# The sweep key behind each field of a request the stages may refuse.
_REQUEST_KEYS = {"stage": "sweep.stage", "target": "sweep.targets", "n": "sweep.n", "array_mode": "sweep.array_mode",
                 "activity_mode": "sweep.activity_modes", "seed": "sweep.seeds", "design": "sweep.designs",
                 "wire_load": "sweep.wire_load", "utilization": "sweep.utilization"}


def _fail(path: Path, key: str, expected: str, got=None) -> SweepFileError:
    tail = f", got {got!r}" if got is not None else ""
    return SweepFileError(f"{path}: key {key!r}: expected {expected}{tail}")


def _distinct(path: Path, key: str, values: list) -> list:
    """values, when none repeats (225 and 225.0 are one clock): a repeat would name one point twice."""
    seen = []
    for v in values:
        if v in seen:
            raise SweepFileError(f"{path}: key {key!r}: expected distinct values, got {v!r} twice in {values!r}")
        seen.append(v)
    return values


def _list(path, table, key, kind, required=True, check=lambda v: True):
    if key not in table:
        if required:
            raise _fail(path, f"sweep.{key}", _KEYS[key])
        return None
    value = table[key]
    ok = isinstance(value, list) and value and all(
        isinstance(v, kind) and not isinstance(v, bool) and check(v) for v in value)
    if not ok:
        raise _fail(path, f"sweep.{key}", _KEYS[key], value)
    return _distinct(path, f"sweep.{key}", value)


def _number(path, table, key, bound: limits.Bound, default):
    value = table.get(key, default)
    if value is not None and not bound.accepts(value):
        raise _fail(path, f"sweep.{key}", _KEYS[key], value)
    return value


def _read(path: Path) -> tuple[dict, dict]:
    """The file's [sweep] table and its [params.<design>] tables, with no unknown key."""
    try:
        data = tomlfile.read(path, "sweep file")
    except InputError as err:
        raise SweepFileError(str(err)) from None
    unknown_top = set(data) - {"sweep", "params"}
    if unknown_top:
        raise _fail(path, sorted(unknown_top)[0], "only [sweep] and [params.<design>] tables")
    sweep = data.get("sweep")
    if not isinstance(sweep, dict):
        raise _fail(path, "sweep", "a [sweep] table")
    unknown = set(sweep) - set(_KEYS)
    if unknown:
        raise _fail(path, f"sweep.{sorted(unknown)[0]}", f"one of the known keys ({', '.join(_KEYS)})")
    grids = data.get("params", {})
    if not isinstance(grids, dict) or not all(isinstance(g, dict) for g in grids.values()):
        raise _fail(path, "params", "[params.<design>] tables")
    return sweep, grids


def _modes(path: Path, sweep: dict) -> list[str]:
    """The listed activity modes; which workloads a design can run is the stages' rule (cryptoppa.stages)."""
    return _list(path, sweep, "activity_modes", str, required=False) or ["vectorless"]


def _wire_loads(path: Path, sweep: dict) -> list[bool]:
    value = sweep.get("wire_load", [True])
    if not (isinstance(value, list) and value and all(isinstance(v, bool) for v in value)):
        raise _fail(path, "sweep.wire_load", _KEYS["wire_load"], value)
    return _distinct(path, "sweep.wire_load", value)


def _utilizations(path: Path, sweep: dict) -> list[float]:
    values = _list(path, sweep, "utilization", (int, float), required=False, check=limits.UTILIZATION.accepts)
    return [float(v) for v in values or [DEFAULT_UTILIZATION]]


def _sources(path: Path, sweep: dict) -> tuple[tuple[Path, ...], tuple[tuple[str, str], ...]]:
    """Include folders (relative to the sweep file) and defines for every design."""
    folders = [path.parent / d for d in _list(path, sweep, "include_dirs", str, required=False) or []]
    for folder in folders:
        if not folder.is_dir():
            raise SweepFileError(f"{path}: key 'sweep.include_dirs': {folder} is not a folder")
    try:
        defines = tuple(designs.parse_define(d, f"{path}: key 'sweep.defines'")
                        for d in _list(path, sweep, "defines", str, required=False) or [])
    except InputError as err:
        raise SweepFileError(str(err)) from None
    return tuple(f.resolve() for f in folders), defines


def _designs(path: Path, names: list[str]) -> dict[str, designs.Design]:
    loaded = {}
    for d in names:
        try:
            loaded[d] = designs.get(d)
        except CryptoppaError as err:
            raise SweepFileError(f"{path}: key 'sweep.designs': {err}") from None
    return loaded


def _pdks(path: Path, names: list[str], corners) -> dict[str, pdk.PdkDescriptor]:
    out = {}
    for p in names:
        try:
            out[p] = pdk.get(p)
        except CryptoppaError as err:
            raise SweepFileError(f"{path}: key 'sweep.pdks': {err}") from None
        for c in corners or []:
            if c not in out[p].corners:
                raise _fail(path, "sweep.corners", f"corners of PDK {p!r} ({', '.join(out[p].corners)})", c)
    return out


def _targets(path: Path, sweep: dict) -> list[tuple[str, str | None]]:
    """(pdk or FPGA target, corner or None for the PDK's default) from `targets`, or from `pdks` and `corners`."""
    if "targets" not in sweep:
        corners = _list(path, sweep, "corners", str, required=False)
        pdks = _pdks(path, _list(path, sweep, "pdks", str), corners)
        return [(p, c) for p in pdks for c in corners or [None]]
    if "pdks" in sweep or "corners" in sweep:
        raise _fail(path, "sweep.targets", "targets alone (it replaces pdks and corners)")
    out = []
    for text in _list(path, sweep, "targets", str):
        if fpga.is_target(text):
            out.append((text, ""))
            continue
        name, _, corner = text.partition("/")
        _pdks(path, [name], [corner] if corner else None)
        out.append((name, corner or None))
    return out


def _axes(path: Path, name: str, design: designs.Design, grid: dict) -> list[list[tuple[str, int]]]:
    """The checked values of each parameter the grid lists."""
    axes = []
    for key, values in grid.items():
        where = f"params.{name}.{key}"
        if key not in design.params:
            raise _fail(path, where, f"a parameter of {name!r} ({', '.join(design.params) or 'none'})")
        values = values if isinstance(values, list) else [values]
        allowed = design.params[key].allowed
        expected = f"integers from {list(allowed)}" if allowed else f"integers, each {limits.PARAM_VALUE.describe()}"
        if not values:
            raise _fail(path, where, f"a non-empty list of {expected}", values)
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or (allowed and v not in allowed) or \
                    not limits.PARAM_VALUE.accepts(v):
                raise _fail(path, where, expected, v)
        axes.append([(key, v) for v in _distinct(path, where, values)])
    return axes


def _parameter_sets(design: designs.Design, axes) -> list[tuple[tuple[str, int], ...]]:
    """Every combination of the listed values, the others at their defaults."""
    return [tuple(sorted(design.resolve_params(dict(combo)).items())) for combo in itertools.product(*axes)]


def load(path: Path, array_mode: str | None = None) -> SweepSpec:
    """array_mode, when given, overrides the file's (`cryptoppa sweep --flat`)."""
    path = Path(path)
    sweep, grids = _read(path)
    name = sweep.get("name")
    if not isinstance(name, str) or not IDENT.match(name.replace("-", "_")):
        raise _fail(path, "sweep.name", "a name of letters, digits, - and _", name)
    output = sweep.get("output")
    if not isinstance(output, str) or not output:
        raise _fail(path, "sweep.output", _KEYS["output"], output)
    userfiles.writable_folder(Path(output), f"{path}: key 'sweep.output':")
    ns = _list(path, sweep, "n", int, required=False, check=lambda v: v >= 1)
    clocks = _list(path, sweep, "clocks_mhz", (int, float), check=limits.CLOCK_MHZ.accepts)
    activity = _number(path, sweep, "activity", limits.ACTIVITY, 0.1)
    modes = _modes(path, sweep)
    wire_loads = _wire_loads(path, sweep)
    utilizations = _utilizations(path, sweep)
    array_mode = array_mode or sweep.get("array_mode", "composed")
    if array_mode not in ("composed", "flat"):
        raise _fail(path, "sweep.array_mode", _KEYS["array_mode"], array_mode)
    limit = arrays.MAX_N_FLAT if array_mode == "flat" else arrays.MAX_N_COMPOSED
    if ns and max(ns) > limit:
        raise _fail(path, "sweep.n", f"array sizes up to {limit} in {array_mode} mode", max(ns))
    stage = sweep.get("stage")
    if stage is not None and stage not in stages.names():
        raise _fail(path, "sweep.stage", f"one of {', '.join(stages.names())}", stage)
    jobs = _number(path, sweep, "jobs", limits.JOBS, None)
    max_points = sweep.get("max_points", int(limits.SWEEP_POINTS.high))
    if not isinstance(max_points, int) or isinstance(max_points, bool) or max_points < 1:
        raise _fail(path, "sweep.max_points", _KEYS["max_points"], max_points)
    include_dirs, defines = _sources(path, sweep)
    loaded = _designs(path, _list(path, sweep, "designs", str))
    targets = _targets(path, sweep)
    seeds = _list(path, sweep, "seeds", int, required=False, check=limits.SEED.accepts)
    if seeds and not any(fpga.is_target(t) and fpga.get(t).routed for t, _ in targets):
        raise _fail(path, "sweep.seeds", "an FPGA target with place and route in sweep.targets")
    for d in grids:
        if d not in loaded:
            raise _fail(path, f"params.{d}", f"a table for a design listed in sweep.designs ({', '.join(loaded)})")
    axes = {d: _axes(path, d, design, grids.get(d, {})) for d, design in loaded.items()}
    targets = [(p, corner if corner is not None else pdk.get(p).default_corner) for p, corner in targets]
    placed = [(seeds or [1]) if fpga.is_target(p) and fpga.get(p).routed else [None] for p, _ in targets]
    size = sum(math.prod(len(a) for a in axes[d]) for d in loaded) * len(ns or [None]) * len(clocks) * \
        len(modes) * sum(map(len, placed)) * len(wire_loads) * len(utilizations)
    if size > MAX_EXPANDED:
        raise SweepFileError(f"{path}: {size:,} points: expected at most {MAX_EXPANDED:,} in one file (the grid is "
                             "held in memory and the results table rewritten per point): split the sweep")
    resolved = {d: design.with_sources(include_dirs, defines) for d, design in loaded.items()}
    points = [
        SweepPoint(name, d, n, params, p, corner, float(clock), float(activity),
                   array_mode="flat" if fpga.is_target(p) else array_mode, activity_mode=mode,
                   include_dirs=include_dirs, defines=defines, stage=stage, seed=seed, wire_load=wire_load,
                   utilization=utilization, resolved=resolved[d])
        for d, design in loaded.items()
        for params in _parameter_sets(design, axes[d])
        for n, ((p, corner), seed_list), clock, mode in itertools.product(ns or [None], zip(targets, placed),
                                                                          clocks, modes)
        for seed in seed_list
        for wire_load in wire_loads
        for utilization in utilizations
    ]
    _one_row_each(path, points)
    for point in points:  # the stages' own rules (cryptoppa.stages), checked before any tool runs
        refused = stages.refusal(point.request())
        if refused is not None:
            raise _fail(path, _REQUEST_KEYS[refused.field], f"{refused.expected} (point {point.label()})")
    return SweepSpec(path=path, name=name, output=Path(output), points=tuple(points), jobs=jobs,
                     max_points=max_points)


def _one_row_each(path: Path, points: list[SweepPoint]) -> None:
    """Each point is one row of the results table, keyed by its label: two points with one label would be
    counted twice and stored once (e.g. targets "freepdk45" and "freepdk45/nom" when nom is the default)."""
    seen = set()
    for point in points:
        label = point.label()
        if label in seen:
            raise SweepFileError(f"{path}: two points are both {label!r}: expected each point once (targets, pdks "
                                 "and corners may name one corner twice)")
        seen.add(label)
