"""The one executor of a grid of points (cryptoppa.sweep.execute): serial or on a process pool, progress with the
time left, each point's rows merged as it finishes, a failed point kept as rows, and a rerun resuming."""

import os

import pytest

from cryptoppa.sweep.execute import Progress, Sink, run_points


def square(p: int) -> dict:
    if p == 3:
        raise ValueError("three is refused")
    return {"sweep": "grid", "label": f"p{p}", "value": p * p, "pid": os.getpid(), "status": "ok"}


def pair(p: int) -> list[dict]:
    return [{"sweep": "pairs", "label": f"p{p}-{k}", "value": p + k} for k in (0, 1)]


def failed(p: int, err: BaseException) -> dict:
    return {"sweep": "grid", "label": f"p{p}", "value": float("nan"), "status": "failed", "error": str(err)}


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_point_is_merged_as_it_finishes_with_the_time_left(tmp_path, jobs):
    lines = []
    table = run_points(square, range(1, 6), Sink(tmp_path), jobs=jobs, name="grid", failed=failed, progress=False,
                       echo=lines.append, describe=lambda p, rows: f"p{p}: {rows[0]['status']}")
    rows = table.set_index("label")
    assert list(rows.index) == ["p1", "p2", "p3", "p4", "p5"]
    assert rows.loc["p4", "value"] == 16 and rows.loc["p3", "status"] == "failed"
    assert rows.loc["p3", "error"] == "three is refused"
    pids = set(rows["pid"].dropna())
    assert pids == {os.getpid()} if jobs == 1 else os.getpid() not in pids  # a pool runs them in other processes
    assert len(lines) == 5 and lines[-1].startswith("  [5/5 in ") and "left" not in lines[-1]
    assert all("left]" in line for line in lines[:-1]), lines
    assert sorted(line.split("] ")[1] for line in lines) == ["p1: ok", "p2: ok", "p3: failed", "p4: ok", "p5: ok"]


def test_a_rerun_resumes_and_replaces_rows_by_identity(tmp_path):
    sink = Sink(tmp_path, "pairs.parquet", ("sweep", "label"))
    run_points(pair, [1, 2], sink, progress=False, echo=lambda _: None)
    table = run_points(pair, [2, 3], sink, progress=False, echo=lambda _: None)
    assert sorted(table["label"]) == ["p1-0", "p1-1", "p2-0", "p2-1", "p3-0", "p3-1"]
    assert (tmp_path / "pairs.csv").is_file()


def test_without_a_failure_rule_an_error_ends_the_run_keeping_finished_points(tmp_path):
    with pytest.raises(ValueError, match="three"):
        run_points(square, [1, 2, 3, 4], Sink(tmp_path), progress=False, echo=lambda _: None)
    assert sorted(Sink(tmp_path).read()["label"]) == ["p1", "p2"]


def test_progress_estimates_the_time_left_from_the_rate_so_far(monkeypatch):
    clock = iter([0.0, 30.0, 60.0])
    monkeypatch.setattr("cryptoppa.sweep.execute.time.monotonic", lambda: next(clock))
    lines = []
    shown = Progress(4, "t", bar=False, echo=lines.append)
    shown.finished("a")  # 1 of 4 in 30 s: 90 s left
    shown.finished("b")  # 2 of 4 in 60 s: 60 s left
    assert lines == ["  [1/4 in 30 s, about 2 min left] a", "  [2/4 in 60 s, about 60 s left] b"]
