"""The memory system a trace runs on: the 2008 study's SMP (private L1 and L2 per processor, a snooping bus,
DRAM) as data, and the functional pass that classifies every access of a trace.

Modules, one job each:
    system     processors, caches, core and bus parameters (the study's Tables 4.1-4.2), DRAM timing from presets
    classify   pycachesim hierarchies + an MSI snooping directory: each access a hit, a memory read, a
               cache-to-cache transfer or an upgrade, with the write-backs it causes
    step       the cached step around classify (events.parquet per trace and system)
"""

from .step import EVENTS_FILE, events_plan, run_events
from .system import DramTiming, System, dram_timing, study_system

__all__ = ["EVENTS_FILE", "DramTiming", "System", "dram_timing", "events_plan", "run_events", "study_system"]
