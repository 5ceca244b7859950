"""Declarative sweeps: spec (validate, expand), point (cache + one characterization), execute, results."""

from .execute import default_cache, run_sweep
from .spec import SweepPoint, SweepSpec, load

__all__ = ["SweepPoint", "SweepSpec", "default_cache", "load", "run_sweep"]
