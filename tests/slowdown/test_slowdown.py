"""Program slowdown: real kernels traced with gcc's ThreadSanitizer instrumentation, classified by pycachesim +
MSI, replayed with and without protection on in-order (the 2008 study's) and out-of-order (modern) cores.
Physics: zero added latency gives zero slowdown, slowdown grows with latency and with misses, a workload that stays
in cache pays only for its cold misses, more engines never slow a program down, a larger window never slows it
down, a provisioned pool is never saturated, the literature's SGX-style preset is faster with its metadata cache
than without, and the study's CBC costs more than its GCM."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from cryptoppa import catalog
from cryptoppa.cli import cli
from cryptoppa.feasibility.metadata import Access, get_scheme, overhead
from cryptoppa.feasibility.throughput import engines_needed, hardware_throughput
from cryptoppa.memsys import EVENTS_FILE, run_events, study_system
from cryptoppa.memsys.classify import HIT_LLC, MEM, classify
from cryptoppa.memsys.system import get_system
from cryptoppa.report import slowdown_report
from cryptoppa.slowdown import pool_for, slowdown_by_class, slowdown_by_scheme
from cryptoppa.slowdown import protection as prot
from cryptoppa.slowdown.ooo import simulate_ooo
from cryptoppa.slowdown.timing import simulate
from cryptoppa.sweep import results as results_mod
from cryptoppa.trace import record_trace, trace_plan
from cryptoppa.trace.records import BARRIER, LOAD, read_trace
from support import ROOT
from synthetic import row

KERNELS = ["fft", "lu-c", "lu-nc", "radix", "bfs", "pagerank", "hashjoin", "triad"]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("slowdown-cache")


@pytest.fixture(scope="module")
def engines():
    return pd.read_csv(ROOT / "reports/designs/data/results.csv")


def _events(workload, threads, cache, system):
    traced = record_trace(workload, threads, cache, size="tiny")
    ipa = traced.metrics[catalog.TRACE_IPA].value
    done = run_events(traced.run_dir, trace_plan(workload, threads, "tiny").key, system, ipa, cache)
    return pd.read_parquet(done.run_dir / EVENTS_FILE)


def _memory(read_ns, service_ns=0.0, engines=1):
    return prot.Protection("test", "memory", "test engine", read_ns=read_ns, service_ns=service_ns, engines=engines)


def _trace(addr, gap=3):
    n = len(addr)
    return pd.DataFrame({"thread": np.zeros(n, np.uint16), "kind": np.full(n, LOAD, np.uint8),
                         "size": np.full(n, 8, np.uint8), "gap": np.full(n, gap, np.uint32), "addr": addr})


@pytest.mark.parametrize("workload", KERNELS)
def test_kernels_check_their_results_and_trace_every_thread(workload, cache):
    traced = record_trace(workload, 2, cache, size="tiny")  # the kernel exits non-zero when its check fails
    trace = read_trace(traced.run_dir / "trace.parquet")
    assert sorted(trace["thread"].unique()) == [0, 1]
    barriers = trace[trace["kind"] == BARRIER].groupby("thread").size()
    assert barriers.nunique() == 1 and barriers.iloc[0] > 0
    assert traced.metrics[catalog.TRACE_IPA].value > 1
    assert not record_trace(workload, 2, cache, size="tiny").built  # cached by content


@pytest.mark.parametrize("system_name", ["study-2008", "modern-ddr4"])
def test_zero_latency_zero_slowdown_and_growth_with_latency(cache, system_name):
    system = get_system(system_name, 2, 64)
    events = _events("fft", 2, cache, system)
    time = simulate_ooo if system.core == "ooo" else simulate
    base = time(events, system, prot.NONE)
    assert time(events, system, _memory(0.0)).cycles == base.cycles
    added = [time(events, system, _memory(ns)).cycles - base.cycles for ns in (10, 40, 160)]
    reads = int((events["outcome"] == MEM).sum())
    assert 0 < added[0] < added[1] < added[2]
    # a core can lose at most the added latency of every protected read (barriers and the window may hide some)
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
    events = classify(_trace(np.tile(np.arange(lines, dtype=np.uint64) * 64 + 0x10000, repeats)), system)
    assert int((events["outcome"] == MEM).sum()) == lines
    base = simulate(events, system, prot.NONE).cycles
    slow = simulate(events, system, _memory(100)).cycles
    assert slow - base == pytest.approx(lines * system.cycles(100))
    assert (slow - base) / base < 0.01


def test_the_shared_llc_holds_what_the_l2_drops():
    """Three passes over 2 MiB: more than the modern L2 (1 MiB), less than the shared LLC (8 MiB), so only the
    first pass reads memory and the others hit the LLC."""
    system = get_system("modern-ddr4", 1, 64)
    lines = 2 * 2**20 // 64
    events = classify(_trace(np.tile(np.arange(lines, dtype=np.uint64) * 64, 3)), system)
    assert int((events["outcome"] == MEM).sum()) == lines
    assert int((events["outcome"] == HIT_LLC).sum()) == 2 * lines


def test_engine_pool_never_slower_and_queueing_counts(cache):
    for system in (study_system(2, 64), get_system("modern-ddr4", 2, 64)):
        time = simulate_ooo if system.core == "ooo" else simulate
        events = _events("radix", 2, cache, system)
        one, four = (time(events, system, _memory(20, service_ns=200, engines=n)) for n in (1, 4))
        assert one.wait_cycles > four.wait_cycles >= 0 and one.cycles >= four.cycles
        assert time(events, system, _memory(20, service_ns=0)).wait_cycles == 0


def test_a_larger_window_never_slows_a_workload_down(cache):
    system = get_system("modern-ddr4", 2, 64)
    events = _events("hashjoin", 2, cache, system)
    protection = _memory(40)
    cycles = [simulate_ooo(events, replace(system, rob=rob), protection).cycles for rob in (1, 16, 64, 224, 512)]
    assert all(a >= b for a, b in zip(cycles, cycles[1:])), cycles
    assert cycles[0] > 1.5 * cycles[-1]  # independent misses overlap once the window holds several


def test_provisioned_pools_are_the_answers_count_and_never_saturate(cache, engines):
    system = get_system("modern-ddr4", 2, 64)
    events = _events("triad", 2, cache, system)
    bandwidth = system.dram.gbps * 8e9
    access_ns = system.dram.trcd_ns + system.dram.tcl_ns
    for scheme in prot.measured_schemes(engines):
        pool = pool_for(scheme, engines, bandwidth)
        row = prot.engine_row(engines, prot.scheme_family(engines, scheme), scheme)
        assert pool.clock_mhz == float(row[catalog.FMAX]) and pool.clock_basis == "synthesis fmax"
        each = hardware_throughput(pool.clock_mhz * 1e6, float(row[catalog.CYCLES]), 64)
        extra = overhead(get_scheme(scheme), Access("streaming")).extra_traffic
        assert pool.engines == engines_needed(bandwidth * (1 + extra), each).count  # the reports' formula
        p = prot.measured_protection(scheme, engines, pool.engines, 64, access_ns, pool.clock_mhz, "provisioned")
        t = simulate_ooo(events, system, p)
        assert 0 < t.busy_cycles / t.cycles < 1.0, scheme
    with pytest.raises(Exception, match="meets only"):
        pool_for("xts", engines, bandwidth, controller_mhz=1e5)


def test_the_sgx_preset_is_faster_with_its_metadata_cache(cache):
    system = get_system("modern-ddr4", 2, 64)
    events = _events("hashjoin", 2, cache, system)
    access_ns = system.dram.trcd_ns + system.dram.tcl_ns
    cached = prot.literature_protection("sgx-split", system.clock_ghz, access_ns)
    uncached = replace(cached, metadata_cache_bytes=64)  # one line: every counter and tag from DRAM
    fast, slow = simulate_ooo(events, system, cached), simulate_ooo(events, system, uncached)
    assert fast.cycles < slow.cycles and fast.metadata_lines < slow.metadata_lines
    assert fast.counter_hit_rate > slow.counter_hit_rate


def test_study_cbc_costs_more_than_gcm(cache):
    system = study_system(2, 64)
    events = _events("radix", 2, cache, system)
    base = simulate(events, system, prot.NONE).cycles
    loss = {s: simulate(events, system, prot.study_protection(s, 64, 0.8)).cycles - base for s in prot.STUDY}
    assert loss["study-cbc"] > loss["study-gcm"] >= 0
    assert prot.study_aes_cycles(64, 0.8) == 320 and prot.study_aes_cycles(128, 3.2) == 160  # 000 §4.3


def test_command_on_tiny_kernels(tmp_path, cache, engines):
    out = tmp_path / "slowdown"
    args = ["slowdown", "--size", "tiny", "--workloads", "fft,hashjoin", "--processors", "2", "--engines",
            "provisioned,1", "--out", str(out), "--cache", str(cache)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    table = results_mod.read(out, "slowdown.parquet")
    assert set(table["status"]) == {"ok"} and set(table["system"]) == {"modern-ddr4"}
    assert set(table["scheme"]) == {"none", *prot.measured_schemes(engines), *prot.LITERATURE}
    assert (table.loc[table["scheme"] == "none", "slowdown_pct"] == 0).all()
    assert (table["slowdown_pct"] >= 0).all()
    provisioned = table[table["pool"] == "provisioned"]
    assert (provisioned["engines"] > 1).all() and (provisioned["engine_clock_mhz"] > 225).all()
    assert set(table.loc[table["pool"] == "fixed", "engines"]) == {1}
    again = CliRunner().invoke(cli, args)  # resumes: nothing left to do
    assert again.exit_code == 0
    study = ["slowdown", "--size", "tiny", "--workloads", "fft", "--system", "study-2008", "--processors", "2",
             "--line-bytes", "64", "--gbps", "0.8", "--out", str(out), "--cache", str(cache)]
    assert CliRunner().invoke(cli, study).exit_code == 0
    table = results_mod.read(out, "slowdown.parquet")
    assert set(table.loc[table["system"] == "study-2008", "scheme"]) == {"none", *prot.STUDY}
    answer = slowdown_by_scheme("all", table=table)
    assert set(answer["scheme"]) == {*prot.measured_schemes(engines), *prot.LITERATURE}
    assert set(answer.loc[~answer["scheme"].isin(list(prot.LITERATURE)), "pool"]) == {"provisioned"}
    assert set(slowdown_by_class(table)["workload_class"]) == {"cache-friendly", "irregular"}
    slowdown_report.build(out, tmp_path / "report")
    text = (tmp_path / "report" / "report.md").read_text()
    for basis in ("instruction window", "DDR4-3200", "provisioned", "Counter-light", "DRAMsim3"):
        assert basis in text, basis


def test_a_reduced_round_engine_times_only_the_scrambling_scheme():
    rows = pd.DataFrame([row("prince", read=20.0, param_ROUNDS=12, label="prince [ROUNDS=12]"),
                         row("prince", read=10.0, param_ROUNDS=6, label="prince [ROUNDS=6]")])
    assert prot.measured_schemes(rows) == ("prince-xex", "prince-scramble")
    assert prot.engine_row(rows, "prince", "prince-xex")["param_ROUNDS"] == 12
    assert prot.engine_row(rows, "prince", "prince-scramble")["param_ROUNDS"] == 6
    # rows measured before the ROUNDS parameter are the specified cipher
    assert prot.measured_schemes(rows[:1].drop(columns="param_ROUNDS")) == ("prince-xex",)


def test_bad_input_is_one_line_exit_2():
    result = CliRunner().invoke(cli, ["slowdown", "--workloads", "nope"])
    assert result.exit_code == 2 and "--workloads" in result.output and "fft" in result.output
    result = CliRunner().invoke(cli, ["slowdown", "--schemes", "study-gcm"])
    assert result.exit_code == 2 and "study-2008" in result.output


def test_engines_with_the_prefetch_port_wait_what_the_reports_answer_says(engines):
    """The slowdown's read latency is the reports' own (feasibility.latency at the DRAM access's lead): no lead
    gives the unhinted latency, a lead past the engine's precomputation the hinted one; an engine without the
    port waits the same whatever the lead."""
    for scheme, family, ends in (("xts", "xts", (catalog.READ_LATENCY_DATA, catalog.READ_LATENCY_HINTED_DATA)),
                                 ("ctr-mac-tree", "ctr_mac", (catalog.READ_LATENCY, catalog.READ_LATENCY_HINTED))):
        row = prot.engine_row(engines, family)
        clock = float(row["clock_mhz"])
        cold, warm = (prot.measured_protection(scheme, engines, 1, 64, access) for access in (0.0, 1e4))
        assert cold.read_ns == pytest.approx(float(row[ends[0]]) * 1e3 / clock)
        assert warm.read_ns == pytest.approx(float(row[ends[1]]) * 1e3 / clock) and warm.read_ns < cold.read_ns
        # a counter read from DRAM with the data leaves the hint nothing to gain, whatever the lead
        assert warm.miss_read_ns == pytest.approx(cold.read_ns)
    gcm = [prot.measured_protection("gcm-tag", engines, 1, 64, access).read_ns for access in (0.0, 1e4)]
    assert gcm[0] == gcm[1] > 0
