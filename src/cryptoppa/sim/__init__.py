"""Simulation helpers: throughput/latency measurement of engine-interface designs (see perf.py)."""

__all__ = ["PerfError", "measure_engine"]


def __getattr__(name):
    # Lazy, so `python -m cryptoppa.sim.perf` does not import perf twice.
    if name in __all__:
        from . import perf

        return getattr(perf, name)
    raise AttributeError(name)
