"""Simulation: engine throughput and read latency (perf.py), RV32 cores in Verilator (core_sim.py), qemu."""
