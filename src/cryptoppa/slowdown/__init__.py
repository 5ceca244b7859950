"""Program slowdown under memory protection: classified traces replayed on a simulated machine with each scheme's
engines: out-of-order cores of a modern multicore (the headline), or the 2008 study's in-order SMP (000 Chapters 4-5).

Modules, one job each:
    protection  what each scheme adds to a transfer, from the answer's engines, the literature or the study's units
    provision   a scheme's pool as plain data: the feasibility answer's engine, count, clock and latencies
    backend     DRAM (per-bank open-page model), engine pools (N servers), metadata cache: shared by both replays
    ooo         the out-of-order replay (window, width, miss registers; Ramulator's trace-driven core)
    timing      the in-order replay (CPI, one miss in flight: the 2008 study's cores)
    dramcheck   the per-bank DRAM model against DRAMsim3 on a replay's own request stream
    run         the grid: workloads x processors x line sizes x schemes x pools, cached, resumable, local or Dask
    answer      per scheme, the slowdown of a named workload set or class (for feasibility answers)
"""

from .answer import WORKLOAD_SETS, slowdown_by_class, slowdown_by_scheme
from .provision import Pool
from .run import TABLE, Grid, run_grid, run_point

__all__ = ["TABLE", "WORKLOAD_SETS", "Grid", "Pool", "run_grid", "run_point", "slowdown_by_class",
           "slowdown_by_scheme"]
