"""Sweep files (sweeps/*.toml): validated into a frozen spec and expanded into points before any tool runs.

```toml
[sweep]
name = "thesis"                 # identifies the sweep's rows in a shared results folder
output = "results/thesis"       # results folder, relative to the current directory
designs = ["gcm_iter"]
n = [1, 2, 4, 8, 16]            # optional: N-instance arrays (needs interface = "engine")
pdks = ["freepdk45"]
corners = ["nom"]               # optional: default corner of each PDK
clocks_mhz = [225]
activity = 0.1                  # optional: vectorless input toggles per cycle
activity_modes = ["vectorless", "sim:saturated"]   # optional: power from the model and/or simulated workloads
array_mode = "composed"         # optional: "composed" (engine once + dispatcher, N <= 1024) or "flat" (N <= 64)

[params.gcm_iter]               # optional: a list of values per parameter; the grid is their product
DIGIT = [16]
```
"""

from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .. import arrays, designs, pdk
from ..activity.workload import check_workload, is_engine_workload
from ..errors import CryptoppaError

_KEYS = {
    "name": "a string",
    "output": "a folder path string",
    "designs": "a non-empty list of design names",
    "n": "a non-empty list of positive integers",
    "pdks": "a non-empty list of PDK names",
    "corners": "a non-empty list of corner names",
    "clocks_mhz": "a non-empty list of positive numbers",
    "activity": "a number of toggles per cycle between 0 and 2",
    "activity_modes": 'a non-empty list of "vectorless" or "sim:<workload>" (cryptoppa.activity.workload)',
    "jobs": "a positive integer",
    "array_mode": 'one of "composed", "flat"',
}


@dataclass(frozen=True)
class SweepPoint:
    sweep: str
    design: str
    n: int | None
    params: tuple[tuple[str, int], ...]
    pdk: str
    corner: str
    clock_mhz: float
    activity: float
    array_mode: str = "composed"  # arrays only: cryptoppa.flow.compose, or flat synthesis of the whole array
    activity_mode: str = "vectorless"  # or "sim:<workload>": power from simulated per-net activity

    def label(self) -> str:
        params = ",".join(f"{k}={v}" for k, v in self.params)
        n = f" N={self.n}{' flat' if self.array_mode == 'flat' else ''}" if self.n is not None else ""
        mode = "" if self.activity_mode == "vectorless" else f" {self.activity_mode}"
        return f"{self.design}{n} [{params}] {self.pdk}/{self.corner} {self.clock_mhz:g}MHz{mode}"


@dataclass(frozen=True)
class SweepSpec:
    path: Path
    name: str
    output: Path
    points: tuple[SweepPoint, ...]
    jobs: int | None = None


class SweepFileError(CryptoppaError):
    pass


def _fail(path: Path, key: str, expected: str, got=None) -> SweepFileError:
    tail = f", got {got!r}" if got is not None else ""
    return SweepFileError(f"{path}: key {key!r}: expected {expected}{tail}")


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
    return value


def load(path: Path, array_mode: str | None = None) -> SweepSpec:
    """array_mode, when given, overrides the file's (`cryptoppa sweep --flat`)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise SweepFileError(f"{path}: no such sweep file") from None
    except tomllib.TOMLDecodeError as err:
        raise SweepFileError(f"{path}: not valid TOML: {err}") from None
    unknown_top = set(data) - {"sweep", "params"}
    if unknown_top:
        raise _fail(path, sorted(unknown_top)[0], "only [sweep] and [params.<design>] tables")
    sweep = data.get("sweep")
    if not isinstance(sweep, dict):
        raise _fail(path, "sweep", "a [sweep] table")
    unknown = set(sweep) - set(_KEYS)
    if unknown:
        raise _fail(path, f"sweep.{sorted(unknown)[0]}", f"one of the known keys ({', '.join(_KEYS)})")
    name = sweep.get("name")
    if not isinstance(name, str) or not designs.IDENT.match(name.replace("-", "_")):
        raise _fail(path, "sweep.name", "a name of letters, digits, - and _", name)
    output = sweep.get("output")
    if not isinstance(output, str) or not output:
        raise _fail(path, "sweep.output", _KEYS["output"], output)
    design_names = _list(path, sweep, "designs", str)
    ns = _list(path, sweep, "n", int, required=False, check=lambda v: v >= 1)
    pdk_names = _list(path, sweep, "pdks", str)
    corners = _list(path, sweep, "corners", str, required=False)
    clocks = _list(path, sweep, "clocks_mhz", (int, float), check=lambda v: v > 0)
    activity = sweep.get("activity", 0.1)
    if not isinstance(activity, (int, float)) or isinstance(activity, bool) or not 0 <= activity <= 2:
        raise _fail(path, "sweep.activity", _KEYS["activity"], activity)
    modes = _list(path, sweep, "activity_modes", str, required=False) or ["vectorless"]
    for mode in modes:
        if mode == "vectorless":
            continue
        try:
            check_workload(mode.removeprefix("sim:"))
            if not mode.startswith("sim:"):
                raise CryptoppaError(mode)
        except CryptoppaError:
            raise _fail(path, "sweep.activity_modes", _KEYS["activity_modes"], mode) from None
    array_mode = array_mode or sweep.get("array_mode", "composed")
    if array_mode not in ("composed", "flat"):
        raise _fail(path, "sweep.array_mode", _KEYS["array_mode"], array_mode)
    limit = arrays.MAX_N_FLAT if array_mode == "flat" else arrays.MAX_N_COMPOSED
    if ns and max(ns) > limit:
        raise _fail(path, "sweep.n", f"array sizes up to {limit} in {array_mode} mode", max(ns))
    jobs = sweep.get("jobs")
    if jobs is not None and (not isinstance(jobs, int) or jobs < 1):
        raise _fail(path, "sweep.jobs", _KEYS["jobs"], jobs)

    loaded = {}
    for d in design_names:
        try:
            loaded[d] = designs.get(d)
        except CryptoppaError as err:
            raise SweepFileError(f"{path}: key 'sweep.designs': {err}") from None
        if ns and loaded[d].interface != "engine":
            raise _fail(path, "sweep.n", f"designs with interface = \"engine\" ({d!r} is {loaded[d].interface!r})")
        for mode in modes:
            if mode != "vectorless" and is_engine_workload(mode[4:]) and loaded[d].interface != "engine":
                raise _fail(path, "sweep.activity_modes", f"workloads {d!r} can run (it is not an engine)", mode)
    if ns and array_mode == "composed" and modes != ["vectorless"]:
        raise _fail(path, "sweep.activity_modes", 'only "vectorless" for composed arrays (add array_mode = "flat")',
                    [m for m in modes if m != "vectorless"][0])
    pdks = {}
    for p in pdk_names:
        try:
            pdks[p] = pdk.get(p)
        except CryptoppaError as err:
            raise SweepFileError(f"{path}: key 'sweep.pdks': {err}") from None
        for c in corners or []:
            if c not in pdks[p].corners:
                raise _fail(path, "sweep.corners", f"corners of PDK {p!r} ({', '.join(pdks[p].corners)})", c)

    grids = data.get("params", {})
    if not isinstance(grids, dict):
        raise _fail(path, "params", "[params.<design>] tables")
    for d in grids:
        if d not in loaded:
            raise _fail(path, f"params.{d}", f"a table for a design listed in sweep.designs ({', '.join(loaded)})")

    points = []
    for d, design in loaded.items():
        grid = grids.get(d, {})
        axes = []
        for key, values in grid.items():
            where = f"params.{d}.{key}"
            if key not in design.params:
                raise _fail(path, where, f"a parameter of {d!r} ({', '.join(design.params) or 'none'})")
            values = values if isinstance(values, list) else [values]
            for v in values:
                allowed = design.params[key].allowed
                if not isinstance(v, int) or isinstance(v, bool) or (allowed and v not in allowed):
                    raise _fail(path, where, f"integers from {list(allowed)}" if allowed else "integers", v)
            axes.append([(key, v) for v in values])
        for combo in itertools.product(*axes):
            params = tuple(sorted(design.resolve_params(dict(combo)).items()))
            for n, p, clock, mode in itertools.product(ns or [None], pdk_names, clocks, modes):
                for corner in corners or [pdks[p].default_corner]:
                    points.append(SweepPoint(name, d, n, params, p, corner, float(clock), float(activity),
                                             array_mode=array_mode, activity_mode=mode))
    return SweepSpec(path=path, name=name, output=Path(output), points=tuple(points), jobs=jobs)
