"""Feasibility layer: how many encryption engines a memory system needs, and what they cost.

Pure arithmetic and statistics only: nothing here runs an EDA tool or reads a run directory,
so every number can be checked by hand against the formulas in the module docstrings.

Modules, one job each:
    units        bandwidth text ("25.6 GB/s") -> bits per second
    presets      named memory/link bandwidths (presets.toml) with source notes
    throughput   per-instance throughput formulas and engine counts
    fit          per-group OLS line fits with a non-linearity check
    paper        "paper mode": the 2013 study's figures and conclusions, recomputed
    storage      on-chip storage of a GCM vs a CBC (SENSS) bus-encryption unit (2008 study)
    metadata     integrity metadata of memory-protection schemes: DRAM capacity and extra traffic
    latency      an engine's read latency in ns, and the prefetch-hint lead a DRAM's timing gives
    sram         the SRAM area per bit every on-chip memory estimate uses
    key_table    a multi-key engine's key table: bits, added area, SRAM estimate, read latency
    report_text  plain-text / Markdown tables of the above
"""
