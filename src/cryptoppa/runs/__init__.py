"""One step lifecycle for every cached tool run: a plan (pure data with a key) and `run_step`, which executes it
into a sealed run folder or finds that folder finished from an earlier call.

    plan = StepPlan(label, identity, inputs, scripts, tools, assumptions, provenance, outputs, config)
    result = run_step(plan, execute, cache)       # execute(plan, work) -> {metric name: Metric}
    result.run_dir, result.metrics, result.built
"""

from .lifecycle import StepResult, abandoned, forced, is_complete, keep_only, run_step, sealed_sums
from .plan import StepPlan, sha256_file

__all__ = ["StepPlan", "StepResult", "abandoned", "forced", "is_complete", "keep_only", "run_step", "sealed_sums",
           "sha256_file"]
