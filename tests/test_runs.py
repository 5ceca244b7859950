"""The step lifecycle: reuse, failure evidence, sealing, and two processes asking for the same step."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

# A metric the catalog knows (metrics.write refuses others): the wall time of a step named "toy".
from cryptoppa.catalog import runtime
from cryptoppa.errors import ToolError
from cryptoppa.metrics import Metric
from cryptoppa.runs import StepPlan, is_complete, run_step, sha256_file
from cryptoppa.tools import run_program

TOY = runtime("toy")


def _plan(tmp_path: Path, text: str = "1", label: str = "toy") -> StepPlan:
    src = tmp_path / "in.txt"
    if not src.is_file() or src.read_text() != text:  # racing workers must not truncate it under each other
        src.write_text(text)
    return StepPlan(label, identity={"step": "toy"}, inputs={"src/in.txt": (str(src), sha256_file(src))},
                    scripts={"script.txt": "double\n"}, tools={"python": "3"}, assumptions={},
                    provenance={"where": str(tmp_path)}, outputs=("out.txt",))


def _double(plan: StepPlan, work: Path) -> dict[str, Metric]:
    value = int((work / "src/in.txt").read_text()) * 2
    (work / "out.txt").write_text(str(value))
    (work / "calls").mkdir(exist_ok=True)
    return {TOY: Metric(value, "", "out.txt", "python")}


def _broken(plan: StepPlan, work: Path) -> dict[str, Metric]:
    (work / "logs" / "tool.log").write_text("boom\n")
    raise ToolError("toy tool failed", str(work / "logs" / "tool.log"))


def test_built_once_then_reused(tmp_path):
    plan = _plan(tmp_path)
    first = run_step(plan, _double, tmp_path / "cache")
    assert first.built and first.metrics[TOY].value == 2
    again = run_step(plan, _double, tmp_path / "cache")
    assert not again.built and again.run_dir == first.run_dir and again.metrics == first.metrics
    run = json.loads((first.run_dir / "run.json").read_text())
    assert run["key"] == plan.key and run["inputs"]["src/in.txt"]["source"].endswith("in.txt")
    assert run["where"] == str(tmp_path)  # provenance is recorded, not keyed


def test_key_follows_content_not_location(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    assert _plan(a).key == _plan(b).key
    assert _plan(a, "2").key != _plan(b).key


def test_failure_keeps_evidence_and_points_at_it(tmp_path):
    cache = tmp_path / "cache"
    with pytest.raises(ToolError) as err:
        run_step(_plan(tmp_path), _broken, cache)
    failed = cache / f"{_plan(tmp_path).name}.failed"
    assert (failed / "logs" / "tool.log").read_text() == "boom\n"
    assert str(failed) in str(err.value) and ".tmp-" not in str(err.value)
    assert not any(p.name.startswith(".tmp-") for p in cache.iterdir())
    # A later success removes the stale evidence.
    run_step(_plan(tmp_path), _double, cache)
    assert not failed.exists()


def test_missing_output_is_a_failure(tmp_path):
    def silent(plan, work):
        return {}

    with pytest.raises(ToolError, match="did not produce out.txt"):
        run_step(_plan(tmp_path), silent, tmp_path / "cache")


def test_corrupted_run_is_rebuilt(tmp_path):
    cache = tmp_path / "cache"
    first = run_step(_plan(tmp_path), _double, cache)
    (first.run_dir / "out.txt").write_text("999")
    assert not is_complete(first.run_dir)
    again = run_step(_plan(tmp_path), _double, cache)
    assert again.built and (again.run_dir / "out.txt").read_text() == "2"


def _count_calls(args):
    tmp, cache = args
    plan = _plan(Path(tmp))

    def slow(plan, work):
        import time

        marker = Path(cache).parent / "calls.txt"
        with open(marker, "a") as f:
            f.write("x")
        time.sleep(0.5)
        return _double(plan, work)

    return run_step(plan, slow, Path(cache)).built


def test_two_processes_build_a_step_once(tmp_path):
    cache = tmp_path / "cache"
    _plan(tmp_path)  # the input exists before the workers race
    with multiprocessing.get_context("fork").Pool(2) as pool:
        built = pool.map(_count_calls, [(str(tmp_path), str(cache))] * 2)
    assert sorted(built) == [False, True]
    assert (tmp_path / "calls.txt").read_text() == "x"


def test_plan_rejects_names_outside_the_run_folder(tmp_path):
    with pytest.raises(ValueError, match="inside the run folder"):
        StepPlan("toy", {}, {}, {"../escape.txt": ""}, {}, {})


def test_a_tool_killed_by_sigkill_is_named_as_out_of_memory(tmp_path):
    """The kernel's OOM killer leaves only "Killed" in a log (two 12 GB iverilog compiles side by side did)."""
    with pytest.raises(ToolError, match=r"exit -9\) \(killed: out of memory\?"):
        run_program(Path("/bin/sh"), ["-c", "kill -9 $$"], cwd=tmp_path, log=tmp_path / "log", timeout=30, what="sh")
    with pytest.raises(ToolError, match=r"sh failed \(exit 3\): "):
        run_program(Path("/bin/sh"), ["-c", "exit 3"], cwd=tmp_path, log=tmp_path / "log", timeout=30, what="sh")
