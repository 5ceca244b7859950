"""Program slowdown under memory protection: classified traces replayed on in-order cores with each scheme's
engines, the 2008 study's experiment (000 Chapters 4-5) with today's schemes.

Modules, one job each:
    protection  what each scheme adds to a transfer, from characterized engines or the study's AES units
    timing      the event-driven timing pass (in-order cores, DRAM, engine queues, pad pools, metadata cache)
    run         the grid: workloads x processors x line sizes x schemes, cached, resumable, local or Dask
    answer      per scheme, the slowdown of a named workload set (for feasibility answers)
"""

from .answer import WORKLOAD_SETS, slowdown_by_scheme
from .run import TABLE, Grid, run_grid, run_point

__all__ = ["TABLE", "WORKLOAD_SETS", "Grid", "run_grid", "run_point", "slowdown_by_scheme"]
