"""How long a sweep will take, from the step times of finished runs in the run cache, and the size guard.

Every sealed run's metrics hold `flow__<step>__runtime` (seconds of wall time per step). An ASIC point's RTL
configuration is synthesized once for every corner, clock and activity (cryptoppa.flow), so a sweep costs the
median of its design's cached synthesis runs (`<design>-synth-...`) once per distinct configuration, plus the
median of its other runs (timing, FPGA and routed runs alike: `<design>-...`) once per point; both times N for an
array synthesized flat. A point whose design has no cached run is left out and counted.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..flow.plan import SYNTH_SUFFIX
from ..metrics import is_carried
from ..runs import is_complete
from .spec import SweepPoint, SweepSpec


@dataclass(frozen=True)
class Estimate:
    cpu_seconds: float  # of the points with a basis
    estimated: int  # points with a basis
    points: int
    runs: int  # cached runs the basis came from

    def text(self, jobs: int) -> str:
        if not self.estimated:
            return "no finished run of these designs in the cache to estimate from"
        hours = self.cpu_seconds / 3600
        part = "" if self.estimated == self.points else f" for the {self.estimated:,} points whose design has one"
        return (f"about {hours:,.1f} CPU-hours{part} (median step times of {self.runs:,} cached runs; "
                f"{hours / jobs:,.1f} hours on {jobs} jobs)")


def _run_seconds(run_dir: Path) -> float | None:
    try:
        found = json.loads((run_dir / "metrics.json").read_text())
        # A step that starts from another run's folder (simulated activity on a vectorless run's netlist) carries
        # that run's step times, carried from there; they were spent once, by that run.
        return sum(float(m["value"]) for name, m in found.items()
                   if name.startswith("flow__") and name.endswith("__runtime") and m.get("value") is not None
                   and not is_carried(str(m.get("source", ""))))
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _cached_seconds(cache: Path, designs: set[str]) -> dict[tuple[str, bool], list[float]]:
    """{(design, is a synthesis run): total step seconds of each of its sealed runs}."""
    found: dict[tuple[str, bool], list[float]] = {(d, s): [] for d in designs for s in (True, False)}
    if not cache.is_dir():
        return found
    for run_dir in cache.iterdir():
        label = run_dir.name.rsplit("-", 1)[0]
        design = next((d for d in designs if label == d or label.startswith(f"{d}-")), None)
        if design is None or not is_complete(run_dir):
            continue
        seconds = _run_seconds(run_dir)
        if seconds is not None:
            found[design, label == f"{design}{SYNTH_SUFFIX}"].append(seconds)
    return found


def _configuration(point: SweepPoint) -> tuple:
    """What one synthesis run serves: the point without its corner, clock and activity (a composed array's
    engine is one configuration for every N)."""
    n = point.n if point.n is not None and point.array_mode == "flat" else None
    return point.design, point.params, n, point.pdk, point.include_dirs, point.defines


def estimate(spec: SweepSpec, cache: Path) -> Estimate:
    cached = _cached_seconds(Path(cache), {p.design for p in spec.points})
    median = {key: statistics.median(s) for key, s in cached.items() if s}
    seconds, estimated, configurations = 0.0, 0, set()
    for point in spec.points:
        if (point.design, True) not in median and (point.design, False) not in median:
            continue
        flat = point.n if point.n is not None and point.array_mode == "flat" else 1
        seconds += median.get((point.design, False), 0.0) * flat
        if _configuration(point) not in configurations:
            configurations.add(_configuration(point))
            seconds += median.get((point.design, True), 0.0) * flat
        estimated += 1
    return Estimate(seconds, estimated, len(spec.points), sum(map(len, cached.values())))


def check_size(spec: SweepSpec, cache: Path, jobs: int, yes: bool) -> None:
    """Refuse a sweep of more points than its file allows (`max_points`, default cryptoppa.limits.SWEEP_POINTS)
    unless yes."""
    if yes or len(spec.points) <= spec.max_points:
        return
    raise InputError(f"{spec.path}: {len(spec.points):,} points, more than the {spec.max_points:,} a sweep runs "
                     f"without --yes; {estimate(spec, cache).text(jobs)}. Run it with --yes, or set max_points in "
                     "[sweep]")
