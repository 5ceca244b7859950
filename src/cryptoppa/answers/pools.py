"""Each answered scheme's engine pool for a memory, from the answer model's records: what the slowdown grid replays.

    pools_for(Path("reports/designs/data"), "ddr4-3200")   # one slowdown.provision.Pool per answered scheme

The pool is the scheme's chosen engine (`Model.schemes[i].chosen`, as `cryptoppa feasibility --bandwidth MEMORY`
prints it): its configuration, the engine count for the memory at the question's metadata access, its clock, one
engine's throughput, and its read latencies on a row hit, a closed row and a counter miss. Nothing is recomputed:
every figure is a record's value, and the pool carries a digest of the results rows those records came from.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..errors import InputError
from ..slowdown.provision import Pool
from .engines import CLOSED, HIT, MISS, EngineAnswer
from .model import Model, build
from .question import Question
from .records import Record
from .results import Results


def _digest(results: Results, records: list[Record]) -> str:
    """sha256 (12 hex) of the results rows the records were computed from, as the table stores them."""
    labels = sorted({label for r in records for label in r.rows})
    rows = results.table[results.table["label"].isin(labels)].sort_values(["label", "activity_mode"], kind="stable")
    return hashlib.sha256(rows.to_csv(index=False).encode()).hexdigest()[:12]


def pool_of(model: Model, answer: EngineAnswer) -> Pool:
    """One scheme's pool from its chosen engine's records under the model's question."""
    question = model.question
    # verified where the scheme has a MAC (answers.engines), never the speculative plaintext
    hit, closed, miss = (answer.figures.get(name) for name in (HIT, CLOSED, MISS))
    throughput, engines = answer.figures["throughput"], answer.totals["engines"]
    uncached = answer.totals.get("engines, metadata uncached", engines)
    used = [r for r in (hit, closed, miss, throughput, engines) if r is not None]
    if hit is None or closed is None:
        raise InputError(f"{answer.identity}: the answer has no read latency for {question.memory_text}")
    clock = "fmax" if question.clock == "fmax" else "controller clock"
    preset = question.preset
    return Pool(scheme=answer.scheme.name, engine=str(answer.config["label"]), name=answer.name,
                engines=int(engines.value), clock_mhz=answer.clock_mhz,
                clock_basis=f"{model.basis.stage} fmax" if clock == "fmax" else f"{answer.clock_mhz:g} MHz {clock}",
                gbps_each=throughput.value / 8, line_bytes=int(answer.config["line_bytes"]), hit_ns=hit.value,
                closed_ns=closed.value, miss_ns=(miss or closed).value, memory=preset.name if preset else "",
                memory_text=question.memory_text, access=question.access.name,
                extra_traffic=answer.totals["extra traffic"].value / 100, load=answer.totals["load"].value / 100,
                engines_uncached=int(uncached.value), digest=_digest(model.results, used))


def pools(model: Model) -> tuple[Pool, ...]:
    """Every answered scheme's pool, in the answer's order."""
    return tuple(pool_of(model, s.chosen) for s in model.schemes)


def pools_for(results: Path | Results, memory: str, clock: str | float = "fmax") -> tuple[Pool, ...]:
    """The pools the feasibility answer provisions for a memory preset from a results folder of engines."""
    return pools(build(results, Question(memory, clock=clock)))
