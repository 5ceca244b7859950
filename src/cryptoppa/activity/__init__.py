"""Switching activity from a gate-level simulation of the synthesized netlist, annotated into OpenSTA.

`capture(run_dir, workload, ...)` (capture.py) is the entry point: it simulates the netlist with cell models
generated from the liberty (cellmodels.py) under a workload testbench (workload.py), counts toggles and time
high over a window of whole clock cycles (vcd.py) and writes per-net OpenSTA commands (annotate.py).

Firmware on the RV32 cores (core_workload.py): the core's netlist runs its firmware in Verilator inside the core
harness, activity over the measured window comes as SAIF (gatesim.py, saif.py); Icarus is the reference.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ACTIVITY_NOTE = ("per-net toggles and time high over whole clock cycles of a zero-delay Icarus simulation of "
                 "the netlist (no glitches), set on each net's driver pin")


# The modules a flow run's simulated activity passes through (the core-energy modules are not among them).
FLOW_MODULES = ("__init__.py", "annotate.py", "capture.py", "cellmodels.py", "vcd.py", "workload.py")


def code_sha256(*extra: Path) -> str:
    """Hash of the activity code (and the extra files of the step that uses it): cell models, testbenches and
    counting all shape the annotated power."""
    h = hashlib.sha256()
    for path in (*(Path(__file__).parent / name for name in FLOW_MODULES), *map(Path, extra)):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()
