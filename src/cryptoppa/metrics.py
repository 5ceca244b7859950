"""Typed metric records in OpenROAD METRICS2.1 style (`stage__category__name`), and metrics.json.

A record keeps its value with the unit, the run-local file it was read or derived from, and the tool (with its
version) that produced it, so every number in a results table can be traced to a report.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from . import catalog


@dataclass(frozen=True)
class Metric:
    value: float | int | str | None
    unit: str
    source: str  # run-local file the value was read or derived from, or a sibling run's (`carried`)
    tool: str


_SIBLING = "../"  # run folders are siblings in the cache


def carried(metric: Metric, run_name: str) -> Metric:
    """A metric a step takes over from the earlier run `run_name` (simulated activity from its vectorless run),
    its source naming the file in that run's folder."""
    return Metric(metric.value, metric.unit, f"{_SIBLING}{run_name}/{metric.source}", metric.tool)


def is_carried(source: str) -> bool:
    return source.startswith(_SIBLING)


def to_json(metrics: dict[str, Metric]) -> str:
    return json.dumps({k: asdict(v) for k, v in sorted(metrics.items())}, indent=2) + "\n"


def write(run: Path, metrics: dict[str, Metric]) -> None:
    """metrics.json; a name the catalog does not know is a bug in the step that made it, caught before it is sealed."""
    unknown = catalog.unknown(metrics)
    if unknown:
        raise ValueError(f"metrics not in cryptoppa.catalog: {', '.join(unknown)}")
    (run / "metrics.json").write_text(to_json(metrics))


def read(run: Path) -> dict[str, Metric]:
    return {k: Metric(**v) for k, v in json.loads((Path(run) / "metrics.json").read_text()).items()}


def ordered(metrics: dict[str, Metric]) -> dict[str, Metric]:
    """In the catalog's order (a fresh and a reused run print alike), family members and unknown names after."""
    order = {spec.name: i for i, spec in enumerate(catalog.SPECS)}
    return dict(sorted(metrics.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def values(metrics: dict[str, Metric]) -> dict:
    return {k: m.value for k, m in metrics.items()}
