"""Program slowdown: real kernels traced with gcc's ThreadSanitizer instrumentation, classified by pycachesim +
MSI, replayed with and without protection on in-order (the 2008 study's) and out-of-order (modern) cores.
Physics: zero added latency gives zero slowdown, slowdown grows with latency and with misses, a workload that stays
in cache pays only for its cold misses, more engines never slow a program down, a larger window never slows it
down, a provisioned pool is never saturated, a pool of N engines serves N lines at once and verifies the metadata
lines too, the literature's SGX-style preset is faster with its metadata cache than without, and the study's CBC
costs more than its GCM. Every measured scheme's pool is the feasibility answer's for the system's memory."""

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from cryptoppa import catalog
from cryptoppa.answers.engines import CLOSED, HIT, MISS
from cryptoppa.answers.model import build
from cryptoppa.answers.pools import pools
from cryptoppa.answers.question import Question
from cryptoppa.cli import cli
from cryptoppa.memsys import EVENTS_FILE, run_events, study_system
from cryptoppa.memsys.classify import HIT_LLC, MEM, classify
from cryptoppa.memsys.system import get_system
from cryptoppa.report import slowdown_report
from cryptoppa.slowdown import slowdown_by_class, slowdown_by_scheme
from cryptoppa.slowdown import protection as prot
from cryptoppa.slowdown.answer import withheld
from cryptoppa.slowdown.backend import Server
from cryptoppa.slowdown.ooo import simulate_ooo
from cryptoppa.slowdown.timing import simulate
from cryptoppa.sweep import results as results_mod
from cryptoppa.trace import record_trace, trace_plan
from cryptoppa.trace.records import BARRIER, LOAD, read_trace
from support import ROOT

KERNELS = ["fft", "lu-c", "lu-nc", "radix", "bfs", "pagerank", "hashjoin", "triad"]


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("slowdown-cache")


@pytest.fixture(scope="module")
def answer():
    """The feasibility answer for the modern systems' DDR4-3200, from the published engines."""
    return build(ROOT / "reports/designs/data", Question("ddr4-3200"))


@pytest.fixture(scope="module")
def answered(answer):
    return pools(answer)


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


def test_provisioned_pools_are_the_answers_engines_and_never_saturate(cache, answer, answered):
    """Each pool is the answer's chosen engine of its scheme with the answer's count, clock, throughput and
    latencies (records, not a second computation), every answered scheme has one, and none saturates."""
    chosen = {s.scheme.name: s.chosen for s in answer.schemes}
    assert [p.scheme for p in answered] == list(chosen)
    system = get_system("modern-ddr4", 2, 64)
    events = _events("triad", 2, cache, system)
    for pool in answered:
        engine = chosen[pool.scheme]
        assert pool.engine == engine.config["label"] and pool.name == engine.name
        assert pool.engines == engine.totals["engines"].value and pool.clock_mhz == engine.clock_mhz
        assert pool.gbps_each == pytest.approx(engine.figures["throughput"].value / 8)  # Gb/s -> GB/s
        hit, closed = engine.figures[HIT].value, engine.figures[CLOSED].value
        assert (pool.hit_ns, pool.closed_ns) == (hit, closed)
        assert pool.miss_ns == engine.figures[MISS].value if MISS in engine.figures else pool.miss_ns == closed
        if engine.scheme.counter_bits:  # a counter miss loses the hint's lead
            assert pool.miss_ns > pool.hit_ns
        t = simulate_ooo(events, system, prot.pool_protection(pool))
        assert 0 < t.busy_cycles / (t.cycles * pool.engines) < 1.0, pool.scheme


def test_a_pool_of_n_engines_serves_a_burst_of_n_lines_at_once():
    pool = Server(10.0, 4)
    assert [pool.job(0.0) for _ in range(5)] == [0, 0, 0, 0, 10]  # the fifth waits for the first engine free
    assert pool.job(100.0) == 0 and pool.busy == 60
    one = Server(10.0)
    assert [one.job(0.0) for _ in range(3)] == [0, 10, 20]
    assert one.job(5.0) == 25  # a job that comes late is taken at the last one's time: the clock never runs back


def test_every_dram_line_data_or_metadata_passes_through_the_pool(cache, answered):
    """The pool is sized for data and metadata traffic, and it carries both: its busy time is one engine's
    service per DRAM line transferred, reads and writes, data and metadata."""
    system = get_system("modern-ddr4", 2, 64)
    events = _events("hashjoin", 2, cache, system)
    tree = next(p for p in answered if p.scheme == "ctr-mac-tree")
    t = simulate_ooo(events, system, prot.pool_protection(tree))
    assert t.metadata_lines > 0
    assert t.busy_cycles == pytest.approx(system.cycles(tree.service_ns) * t.dram_lines)
    assert t.dram_lines == t.data_lines + t.metadata_lines


def test_a_read_that_finds_its_row_open_waits_the_hints_longer_lead(cache):
    """The answer's read latency differs by the DRAM access the hint leads: tCL on a row hit, tRCD + tCL on a
    closed row; the replay takes the row hit's on the reads that found their row open."""
    system = get_system("modern-ddr4", 2, 64)
    events = _events("triad", 2, cache, system)
    closed = _memory(20.0)
    same, open_row = (simulate_ooo(events, system, replace(closed, hit_read_ns=ns)) for ns in (20.0, 0.0))
    assert same.cycles == simulate_ooo(events, system, closed).cycles
    assert open_row.added_cycles < same.added_cycles and open_row.row_hit_rate > 0


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


def test_command_on_tiny_kernels(tmp_path, cache, answered):
    out = tmp_path / "slowdown"
    args = ["slowdown", "--size", "tiny", "--workloads", "fft,hashjoin", "--processors", "2", "--engines",
            "provisioned,1", "--out", str(out), "--cache", str(cache)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    table = results_mod.read(out, "slowdown.parquet")
    assert set(table["status"]) == {"ok"} and set(table["system"]) == {"modern-ddr4"}
    schemes = {p.scheme: p for p in answered}
    assert set(table["scheme"]) == {"none", *schemes, *prot.LITERATURE}
    assert (table.loc[table["scheme"] == "none", "slowdown_pct"] == 0).all()
    assert (table["slowdown_pct"] >= 0).all()
    provisioned = table[table["pool"] == "provisioned"]
    for scheme, rows in provisioned.groupby("scheme"):  # the answer's engine, count, clock and engine rows
        pool = schemes[scheme]
        assert set(rows["engine"]) == {pool.engine} and set(rows["engines"]) == {pool.engines}
        assert rows["engine_clock_mhz"].to_numpy() == pytest.approx(pool.clock_mhz, rel=1e-6)
        assert set(rows["engine_rows_digest"]) == {pool.digest}
    assert table["code"].nunique() == 1
    assert set(table.loc[table["pool"] == "fixed", "engines"]) == {1}
    again = CliRunner().invoke(cli, args)  # resumes: nothing left to do
    assert again.exit_code == 0
    study = ["slowdown", "--size", "tiny", "--workloads", "fft", "--system", "study-2008", "--processors", "2",
             "--line-bytes", "64", "--gbps", "0.8", "--out", str(out), "--cache", str(cache)]
    assert CliRunner().invoke(cli, study).exit_code == 0
    table = results_mod.read(out, "slowdown.parquet")
    assert set(table.loc[table["system"] == "study-2008", "scheme"]) == {"none", *prot.STUDY}
    answer = slowdown_by_scheme("all", table=table)
    assert set(answer["scheme"]) == {*schemes, *prot.LITERATURE}
    assert set(answer.loc[~answer["scheme"].isin(list(prot.LITERATURE)), "pool"]) == {"provisioned"}
    assert set(slowdown_by_class(table)["workload_class"]) == {"cache-friendly", "irregular"}
    slowdown_report.build(out, tmp_path / "report")
    text = (tmp_path / "report" / "report.md").read_text()
    for basis in ("instruction window", "DDR4-3200", "feasibility answer", "Counter-light", "DRAMsim3"):
        assert basis in text, basis
    assert "Not answered" not in text
    # the gate: a protected run faster than its baseline is withheld from every table, listed with its reason
    faster = (table["scheme"] == "xts") & (table["workload"] == "fft") & (table["pool"] == "provisioned")
    table.loc[faster, "slowdown_pct"] = -1.0
    gated = withheld(table)
    assert list(gated["scheme"]) == ["xts"] and "faster" in gated["reason"].iloc[0]
    assert "fft" not in slowdown_by_scheme("all", table=table).set_index("scheme").loc["xts", "workloads"]
    results_mod.merge(out, table.to_dict("records"), "slowdown.parquet", ["workload", "size", "system", "processors",
                                                                         "line_bytes", "scheme", "pool", "engines",
                                                                         "gbps"])
    slowdown_report.build(out, tmp_path / "gated")
    text = (tmp_path / "gated" / "report.md").read_text()
    assert "## Not answered, and why" in text
    view = slowdown_report.workload_scheme(table).set_index("workload")
    assert view.loc["fft", "xts"] != view.loc["fft", "xts"] and view.loc["hashjoin", "xts"] > 0  # NaN: not shown


def test_bad_input_is_one_line_exit_2():
    result = CliRunner().invoke(cli, ["slowdown", "--workloads", "nope"])
    assert result.exit_code == 2 and "--workloads" in result.output and "fft" in result.output
    result = CliRunner().invoke(cli, ["slowdown", "--schemes", "study-gcm"])
    assert result.exit_code == 2 and "study-2008" in result.output
