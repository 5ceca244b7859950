"""Switching activity from a gate-level simulation of the synthesized netlist, annotated into OpenSTA.

`capture(run_dir, workload, ...)` (capture.py) is the entry point: it simulates the netlist with cell models
generated from the liberty (cellmodels.py) under a workload testbench (workload.py), counts toggles and time
high over a window of whole clock cycles (vcd.py) and writes per-net OpenSTA commands (annotate.py).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ACTIVITY_NOTE = ("per-net toggles and time high over whole clock cycles of a zero-delay Icarus simulation of "
                 "the netlist (no glitches), set on each net's driver pin")


def code_sha256() -> str:
    """Hash of this package's code: cell models, testbenches and counting all shape the annotated power."""
    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()
