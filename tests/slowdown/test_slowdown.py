"""Program slowdown: real kernels traced with gcc's ThreadSanitizer instrumentation, classified by pycachesim +
MSI, replayed with and without protection. Physics: zero added latency gives zero slowdown, slowdown grows
with latency and with misses, a workload that stays in cache pays only for its cold misses, more engines never
slow a program down, and the study's CBC costs more than its GCM."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from cryptoppa import catalog
from cryptoppa.cli import cli
from cryptoppa.memsys import EVENTS_FILE, run_events, study_system
from cryptoppa.memsys.classify import MEM, classify
from cryptoppa.report import slowdown_report
from cryptoppa.slowdown import protection as prot
from cryptoppa.slowdown.timing import simulate
from cryptoppa.sweep import results as results_mod
from cryptoppa.trace import record_trace, trace_plan
from cryptoppa.trace.records import BARRIER, LOAD, read_trace
from support import ROOT


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("slowdown-cache")


def _events(workload, threads, cache, system):
    traced = record_trace(workload, threads, cache, size="tiny")
    ipa = traced.metrics[catalog.TRACE_IPA].value
    done = run_events(traced.run_dir, trace_plan(workload, threads, "tiny").key, system, ipa, cache)
    return pd.read_parquet(done.run_dir / EVENTS_FILE)


def _memory(read_ns, service_ns=0.0, engines=1):
    return prot.Protection("test", "memory", "test engine", read_ns=read_ns, service_ns=service_ns, engines=engines)


@pytest.mark.parametrize("workload", ["fft", "lu-c", "lu-nc", "radix"])
def test_kernels_check_their_results_and_trace_every_thread(workload, cache):
    traced = record_trace(workload, 2, cache, size="tiny")  # the kernel exits non-zero when its check fails
    trace = read_trace(traced.run_dir / "trace.parquet")
    assert sorted(trace["thread"].unique()) == [0, 1]
    barriers = trace[trace["kind"] == BARRIER].groupby("thread").size()
    assert barriers.nunique() == 1 and barriers.iloc[0] > 0
    assert traced.metrics[catalog.TRACE_IPA].value > 1
    assert not record_trace(workload, 2, cache, size="tiny").built  # cached by content


def test_zero_latency_zero_slowdown_and_growth_with_latency(cache):
    system = study_system(2, 64)
    events = _events("fft", 2, cache, system)
    base = simulate(events, system, prot.NONE)
    assert simulate(events, system, _memory(0.0)).cycles == base.cycles
    added = [simulate(events, system, _memory(ns)).cycles - base.cycles for ns in (10, 40, 160)]
    reads = int((events["outcome"] == MEM).sum())
    assert 0 < added[0] < added[1] < added[2]
    # a blocking core can lose at most the added latency of every protected read (barriers may hide some)
    assert added[2] <= reads * system.cycles(160) + 1e-6


def test_slowdown_grows_with_misses(cache):
    big = study_system(2, 64)
    small = replace(big, l1_bytes=1024, l1_ways=2, l2_bytes=2048, l2_ways=2)
    runs = {}
    for name, system in (("big", big), ("small", small)):
        events = _events("radix", 2, cache, system)
        base = simulate(events, system, prot.NONE).cycles
        runs[name] = (int((events["outcome"] == MEM).sum()), simulate(events, system, _memory(50)).cycles - base)
    assert runs["small"][0] > runs["big"][0] and runs["small"][1] > runs["big"][1]


def test_a_cached_workload_pays_only_its_cold_misses():
    system = study_system(1, 64)
    lines, repeats = 32, 2000
    addr = np.tile(np.arange(lines, dtype=np.uint64) * 64 + 0x10000, repeats)
    trace = pd.DataFrame({"thread": np.zeros(len(addr), np.uint16), "kind": np.full(len(addr), LOAD, np.uint8),
                          "size": np.full(len(addr), 8, np.uint8), "gap": np.full(len(addr), 3, np.uint32),
                          "addr": addr})
    events = classify(trace, system)
    assert int((events["outcome"] == MEM).sum()) == lines
    base = simulate(events, system, prot.NONE).cycles
    slow = simulate(events, system, _memory(100)).cycles
    assert slow - base == pytest.approx(lines * system.cycles(100))
    assert (slow - base) / base < 0.01


def test_engine_pool_never_slower_and_queueing_counts(cache):
    system = study_system(2, 64)
    events = _events("radix", 2, cache, system)
    one, four = (simulate(events, system, _memory(20, service_ns=200, engines=n)) for n in (1, 4))
    assert one.wait_cycles > four.wait_cycles >= 0 and one.cycles >= four.cycles
    assert simulate(events, system, _memory(20, service_ns=0)).wait_cycles == 0


def test_study_cbc_costs_more_than_gcm(cache):
    system = study_system(2, 64)
    events = _events("radix", 2, cache, system)
    base = simulate(events, system, prot.NONE).cycles
    loss = {s: simulate(events, system, prot.study_protection(s, 64, 0.8)).cycles - base for s in prot.STUDY}
    assert loss["study-cbc"] > loss["study-gcm"] >= 0
    assert prot.study_aes_cycles(64, 0.8) == 320 and prot.study_aes_cycles(128, 3.2) == 160  # 000 §4.3


def test_command_on_a_tiny_kernel(tmp_path, cache):
    out = tmp_path / "slowdown"
    args = ["slowdown", "--size", "tiny", "--workloads", "fft", "--processors", "2", "--line-bytes", "64",
            "--out", str(out), "--cache", str(cache)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    table = results_mod.read(out, "slowdown.parquet")
    assert set(table["status"]) == {"ok"}
    assert set(table["scheme"]) == {"none", *prot.MEASURED, *prot.STUDY}
    assert (table.loc[table["scheme"] == "none", "slowdown_pct"] == 0).all()
    assert (table["slowdown_pct"] >= 0).all()
    again = CliRunner().invoke(cli, args)  # resumes: nothing left to do
    assert again.exit_code == 0 and "0 points" not in again.output
    slowdown_report.build(out, tmp_path / "report")
    answer = (tmp_path / "report" / "report.md").read_text().split("\n## ")[1]
    clock = table.loc[table["link"] == "memory", "engine_clock_mhz"].dropna().unique()
    assert len(clock) == 1  # the first section states its basis: the engines' clock, the core, the DRAM, the traffic
    for basis in (f"{clock[0]:g} MHz basis clock", "reports/designs/data/results.csv", "CPI 1", "parallelism 1",
                  "memory preset desktop-25.6", "tRCD", "access pattern"):
        assert basis in answer, basis


def test_bad_workload_is_one_line_exit_2():
    result = CliRunner().invoke(cli, ["slowdown", "--workloads", "nope"])
    assert result.exit_code == 2 and "--workloads" in result.output and "fft" in result.output


def test_engines_with_the_prefetch_port_wait_what_the_reports_answer_says():
    """The slowdown's read latency is the reports' own (feasibility.latency at the DRAM access's lead): no lead
    gives the unhinted latency, a lead past the engine's precomputation the hinted one; an engine without the
    port waits the same whatever the lead."""
    results = pd.read_csv(ROOT / "reports/designs/data/results.csv")
    for scheme, family, ends in (("xts", "xts", (catalog.READ_LATENCY_DATA, catalog.READ_LATENCY_HINTED_DATA)),
                                 ("ctr-mac-tree", "ctr_mac", (catalog.READ_LATENCY, catalog.READ_LATENCY_HINTED))):
        row = prot.engine_row(results, family)
        clock = float(row["clock_mhz"])
        cold, warm = (prot.measured_protection(scheme, results, 1, 64, access) for access in (0.0, 1e4))
        assert cold.read_ns == pytest.approx(float(row[ends[0]]) * 1e3 / clock)
        assert warm.read_ns == pytest.approx(float(row[ends[1]]) * 1e3 / clock) and warm.read_ns < cold.read_ns
        # a counter read from DRAM with the data leaves the hint nothing to gain, whatever the lead
        assert warm.miss_read_ns == pytest.approx(cold.read_ns)
    gcm = [prot.measured_protection("gcm", results, 1, 64, access).read_ns for access in (0.0, 1e4)]
    assert gcm[0] == gcm[1] > 0
