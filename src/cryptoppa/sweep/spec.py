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
clocks_mhz = [225]
activity = 0.1                  # optional: vectorless input toggles per cycle
activity_modes = ["vectorless", "sim:saturated"]   # optional: power from the model and/or simulated workloads
array_mode = "composed"         # optional: "composed" (engine once + dispatcher, N <= 1024) or "flat" (N <= 64)
stage = "route"                 # optional: a registered stage (cryptoppa.stages: synth, route); default: the target's
max_points = 5000               # optional: run up to this many points without `--yes` (default: cryptoppa.limits)

[params.gcm_iter]               # optional: a list of values per parameter; the grid is their product
DIGIT = [16]
```
Each stage's settings are keys too (declared in cryptoppa.stages.builtin; the docs' settings table lists them),
each a list of values applied to the points whose stages read it; such a point takes the default otherwise.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass, field
from pathlib import Path

from .. import designs, fpga, limits, pdk, stages, tomlfile, userfiles
from ..designs import arrays
from ..errors import CryptoppaError, InputError
from ..names import IDENT
from ..stages import Request, Setting

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
    "corners": "a non-empty list of corner names",
    "clocks_mhz": f"a non-empty list of positive numbers, each {limits.CLOCK_MHZ.describe()}",
    "activity": limits.ACTIVITY.describe(),
    "activity_modes": 'a non-empty list of "vectorless" or "sim:<workload>" (cryptoppa.activity.workload)',
    "jobs": limits.JOBS.describe(),
    "max_points": f"a positive integer: the points this file may run without --yes (default {limits.SWEEP_POINTS.high:,g})",
    "array_mode": 'one of "composed", "flat"',
    "include_dirs": "a list of folders (relative to the sweep file) searched by `include, for every design",
    "defines": 'a list of "NAME" or "NAME=VALUE" macros, for every design',
    "stage": "a stage name (cryptoppa.stages: synth, route, ...); default: synthesis on ASIC targets, place and route "
             "on FPGA targets that have a placer",
}


def _setting_keys() -> dict[str, Setting]:
    """The sweep key of each registered stage's setting."""
    return {s.key: s for s in stages.all_settings()}


def described_keys() -> dict[str, str]:
    """Every key of a sweep file's [sweep] table with what it expects, the stages' settings included: the refusals'
    wording, and the docs' table of keys."""
    return {**_KEYS, **{key: _expected(key) for key in _setting_keys()}}


def _expected(key: str) -> str:
    setting = _setting_keys().get(key)
    if setting is None:
        return _KEYS[key]
    each = f"booleans (true: {setting.help})" if setting.kind is bool else f"values, each {setting.expected()}"
    return f"a non-empty list of distinct {each}, for points of {stages.where(setting)}"


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
    settings: tuple[tuple[str, object], ...] = ()  # (name, value) of the settings its stages read (Request.settings)
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
                       activity_mode=self.activity_mode, settings=self.settings)

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
        known = {s.name: s for s in stages.all_settings()}
        settings = "".join(known[k].label(v) for k, v in self.settings)
        return f"{self.design}{n} [{params}] {self.target} {self.clock_mhz:g}MHz{mode}{defs}{stage}{settings}"


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


# The sweep key behind each field of a request the stages may refuse (and each setting's, from its declaration).
_REQUEST_KEYS = {"stage": "sweep.stage", "target": "sweep.targets", "n": "sweep.n", "array_mode": "sweep.array_mode",
                 "activity_mode": "sweep.activity_modes", "design": "sweep.designs"}


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
            raise _fail(path, f"sweep.{key}", _expected(key))
        return None
    value = table[key]
    ok = isinstance(value, list) and value and all(
        isinstance(v, kind) and (kind is bool or not isinstance(v, bool)) and check(v) for v in value)
    if not ok:
        raise _fail(path, f"sweep.{key}", _expected(key), value)
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
    known = [*_KEYS, *_setting_keys()]
    unknown = set(sweep) - set(known)
    if unknown:
        raise _fail(path, f"sweep.{sorted(unknown)[0]}", f"one of the known keys ({', '.join(known)})")
    grids = data.get("params", {})
    if not isinstance(grids, dict) or not all(isinstance(g, dict) for g in grids.values()):
        raise _fail(path, "params", "[params.<design>] tables")
    return sweep, grids


def _modes(path: Path, sweep: dict) -> list[str]:
    """The listed activity modes; which workloads a design can run is the stages' rule (cryptoppa.stages)."""
    return _list(path, sweep, "activity_modes", str, required=False) or ["vectorless"]


def _setting_values(path: Path, sweep: dict) -> dict[str, list]:
    """{setting name: its listed values} of the setting keys the file gives, each value checked."""
    out = {}
    for key, setting in _setting_keys().items():
        values = _list(path, sweep, key, (int, float) if setting.kind is float else setting.kind, required=False,
                       check=setting.accepts)
        if values is not None:
            out[setting.name] = [setting.kind(v) for v in values]
    return out


def _with_settings(path: Path, base: list[SweepPoint], listed: dict[str, list]) -> list[SweepPoint]:
    """Each point once per combination of the listed values of the settings its stages read (the default for a
    setting not listed); a listed setting no point reads is refused."""
    points, used = [], set()
    for point in base:
        takes = stages.accepted(point.request())
        used |= {s.name for s in takes}
        axes = [[(s.name, v) for v in listed.get(s.name, [s.default])] for s in takes]
        points += [dataclasses.replace(point, settings=combo) for combo in itertools.product(*axes)]
    for setting in stages.all_settings():
        if setting.name in listed and setting.name not in used:
            first = stages.declaring(setting)[0]
            raise _fail(path, f"sweep.{setting.key}", f"points of {stages.where(setting)}, which reads it "
                                                      f"({setting.help}): no point of this sweep is one (stage = "
                                                      f'"{first.name}" on {first.kind} targets)')
    return points


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


def _pdks(path: Path, names: list[str], corners, key: str = "sweep.pdks") -> dict[str, pdk.PdkDescriptor]:
    out = {}
    for p in names:
        try:
            out[p] = pdk.get(p)
        except CryptoppaError as err:
            raise SweepFileError(f"{path}: key '{key}': {err}") from None
        if why := out[p].not_characterized():
            raise SweepFileError(f"{path}: key '{key}': {p}: {why}")
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
        _pdks(path, [name], [corner] if corner else None, "sweep.targets")
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
    listed = _setting_values(path, sweep)
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
    for d in grids:
        if d not in loaded:
            raise _fail(path, f"params.{d}", f"a table for a design listed in sweep.designs ({', '.join(loaded)})")
    axes = {d: _axes(path, d, design, grids.get(d, {})) for d, design in loaded.items()}
    targets = [(p, corner if corner is not None else pdk.get(p).default_corner) for p, corner in targets]
    # At most this many: a setting's values multiply only the points whose stages read it.
    size = sum(math.prod(len(a) for a in axes[d]) for d in loaded) * len(ns or [None]) * len(clocks) * \
        len(modes) * len(targets) * math.prod(len(v) for v in listed.values())
    if size > MAX_EXPANDED:
        raise SweepFileError(f"{path}: {size:,} points: expected at most {MAX_EXPANDED:,} in one file (the grid is "
                             "held in memory and the results table rewritten per point): split the sweep")
    resolved = {d: design.with_sources(include_dirs, defines) for d, design in loaded.items()}
    points = _with_settings(path, [
        SweepPoint(name, d, n, params, p, corner, float(clock), float(activity),
                   array_mode="flat" if fpga.is_target(p) else array_mode, activity_mode=mode,
                   include_dirs=include_dirs, defines=defines, stage=stage, resolved=resolved[d])
        for d, design in loaded.items()
        for params in _parameter_sets(design, axes[d])
        for n, (p, corner), clock, mode in itertools.product(ns or [None], targets, clocks, modes)
    ], listed)
    _one_row_each(path, points)
    keys = {**_REQUEST_KEYS, **{s.name: f"sweep.{s.key}" for s in stages.all_settings()}}
    for point in points:  # the stages' own rules (cryptoppa.stages), checked before any tool runs
        refused = stages.refusal(point.request())
        if refused is not None:
            raise _fail(path, keys[refused.field], f"{refused.expected} (point {point.label()})")
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
