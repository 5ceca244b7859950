"""The committed slowdown table (reports/slowdown/data) against the feasibility answer recomputed from the committed
engines (reports/designs/data): every row's pool is the answer's for its system's memory, every answered scheme is
there, every row is one the published commands write (no orphans) and records the code and engine rows it came from;
the reproduction pages run those commands; and a re-run of a sample lands within the stated tolerance (full tier)."""

import math

import pandas as pd
import pytest
from click.testing import CliRunner

from cryptoppa.answers.pools import pools_for
from cryptoppa.cli import cli
from cryptoppa.memsys.system import DEFAULT_SYSTEM, get_system
from cryptoppa.report import publish, slowdown_report
from cryptoppa.slowdown import Grid
from cryptoppa.slowdown.run import STUDY_SYSTEM
from support import ROOT

DATA = ROOT / "reports" / "slowdown" / "data" / "slowdown.csv"
ENGINES = ROOT / "reports" / "designs" / "data"

pytestmark = pytest.mark.skipif(not DATA.is_file(), reason="no published slowdown table")


@pytest.fixture(scope="module")
def table():
    return pd.read_csv(DATA).fillna({"pool": "", "engine_rows_digest": ""})


def _pools(system: str) -> dict:
    return {p.scheme: p for p in pools_for(ENGINES, get_system(system, 1, 64).dram.preset)}


def test_every_row_runs_the_engines_the_feasibility_answer_chose_for_its_memory(table):
    measured = table[(table["status"] == "ok") & table["pool"].isin(("provisioned", "fixed"))]
    assert set(measured["system"]) == {DEFAULT_SYSTEM}
    for system, rows in measured.groupby("system"):
        pools = _pools(system)
        assert set(rows["scheme"]) == set(pools), "every answered scheme, ctr and the scramblers included"
        for scheme, group in rows.groupby("scheme"):
            pool = pools[scheme]
            assert set(group["engine"]) == {pool.engine}, scheme
            assert set(group["answer_engine"]) == {pool.name} and set(group["engine_rows_digest"]) == {pool.digest}
            assert set(group.loc[group["pool"] == "provisioned", "engines"]) == {pool.engines}, scheme
            for column, value in (("engine_clock_mhz", pool.clock_mhz), ("read_ns", pool.closed_ns),
                                  ("hit_read_ns", pool.hit_ns), ("miss_read_ns", pool.miss_ns)):
                assert all(math.isclose(v, value, rel_tol=1e-6) for v in group[column]), (scheme, column)


def test_every_row_is_one_the_published_commands_write_and_says_which_code_timed_it(table):
    expected = set()
    for command in slowdown_report.COMMANDS:
        options = dict(zip(command.split()[2::2], command.split()[3::2]))
        system = options.get("--system", DEFAULT_SYSTEM)
        sizes = tuple(n if n == "provisioned" else int(n) for n in options.get("--engines", "provisioned").split(","))
        grid = Grid(workloads=tuple(options["--workloads"].split(",")), system=system, engines=sizes,
                    processors=tuple(int(p) for p in options.get("--processors", "4").split(",")),
                    line_bytes=tuple(int(b) for b in options.get("--line-bytes", "64").split(",")),
                    pools=tuple(_pools(system).values()) if system != STUDY_SYSTEM else ())
        for workload, processors, line in grid.points():
            for p, _ in grid.protections(get_system(system, processors, line)):
                measured = p.link == "memory" and p.scheme != "none"
                expected.add((workload, system, processors, line, p.scheme, p.pool if measured else "",
                              p.engines if measured else 0, round(p.gbps, 4) if p.gbps == p.gbps else 0.0))
    rows = set(zip(table["workload"], table["system"], table["processors"], table["line_bytes"], table["scheme"],
                   table["pool"], table["engines"], table["gbps"].round(4)))
    assert rows == expected
    assert (table["status"] == "ok").all() and set(table["size"]) == {"default"}
    assert table["code"].nunique() == 1 and table["code"].iloc[0].startswith("0.")


def test_the_reproduction_pages_run_the_published_commands():
    for page in ("reproducing.md", "slowdown.md"):
        text = (ROOT / "docs" / "guide" / page).read_text()
        for command in slowdown_report.COMMANDS:
            assert command in text, (page, command)


def test_no_published_table_or_figure_shows_a_faster_protected_run(table):
    assert (slowdown_report.workload_scheme(table).drop(columns=["workload", "class", "processors"]).fillna(0)
            >= 0).all().all()
    by_class = slowdown_report.class_table(table)
    assert (by_class.filter(like=" %").drop(columns=["engine utilization %"]).fillna(0) >= 0).all().all()


@pytest.mark.full
def test_a_sample_of_the_grid_measured_again_lands_within_the_tolerance():
    assert publish.check(sample=True) == []


def test_sample_without_check_is_one_line_exit_2():
    result = CliRunner().invoke(cli, ["publish", "--sample"])
    assert result.exit_code == 2 and "--sample" in result.output and "--check" in result.output
