"""Memory-access traces of real programs, recorded on this machine and kept as Parquet in the run cache.

Modules, one job each:
    workloads  the catalogue: SPLASH-2-style kernels (workloads/*.c) and Debian programs on generated data
    inputs     the generated input files of the programs
    records    the 16-byte record of the recorders and the Parquet trace table
    record     the cached steps: build a kernel, record its per-thread trace or a program's lackey trace
"""

from .record import TRACE_FILE, record_trace, trace_plan
from .workloads import WORKLOADS, Workload, get_workload

__all__ = ["TRACE_FILE", "WORKLOADS", "Workload", "get_workload", "record_trace", "trace_plan"]
