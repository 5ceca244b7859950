"""pytest side of the cocotb tests: build a design with Icarus, run a cocotb module, fail on any failed test.

    run_engine(design, params, build_dir)          # the family checks of cocotb_engine.py
    run_cocotb(design, "cocotb_array", params, build_dir, extra_env=...)

The random traffic's seed is CRYPTOPPA_SEED when set, else a fresh one; a failure names it so it can be replayed.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import pytest
from cocotb_tools.check_results import get_results
from cocotb_tools.runner import get_runner

from cryptoppa import settings
from cryptoppa.designs import Design

HERE = Path(__file__).resolve().parent


def seed() -> int:
    return settings.current().seed if settings.current().seed is not None else random.SystemRandom().randrange(1 << 31)


def lines_per_set() -> int:
    """Random lines per parameter set: enough to meet every state of the engines in the default suite (each
    line is checked against the reference, with gaps, back-pressure and key changes), 10,000 in the full one."""
    return 10_000 if settings.current().full else 80


def run_cocotb(design: Design, test_module: str, params: dict, build_dir: Path, *, lines: int | None = None,
               testcase: str | list[str] | None = None, extra_env: dict | None = None,
               module_dirs: tuple[Path, ...] = ()) -> None:
    """Build `design` with `params` under build_dir (Icarus) and run cocotb `test_module` (importable from
    tests/engines or module_dirs); fail the calling test if any cocotb test failed or the run crashed."""
    build_dir = Path(build_dir)
    build_dir.mkdir(parents=True, exist_ok=True)
    runner = get_runner("icarus")
    runner.build(sources=list(design.files), hdl_toplevel=design.top, parameters=params, build_dir=build_dir,
                 includes=list(design.include_dirs), defines=dict(design.defines), always=True,
                 timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    used_seed = seed()
    env = {"ENGINE_PARAMS": json.dumps(params), "ENGINE_SEED": str(used_seed), "ENGINE_GROUPS": json.dumps(design.groups)}
    if design.verify.reference:
        env["ENGINE_REFERENCE"] = str(design.verify.reference)
    if lines is not None:
        env["ENGINE_LINES"] = str(lines)
    env["ENGINE_VECTORS"] = "all" if settings.current().full else "sample"
    env.update(extra_env or {})
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), *map(str, module_dirs), *sys.path])
    try:
        results = runner.test(test_module=test_module, hdl_toplevel=design.top, build_dir=build_dir,
                              test_dir=build_dir, testcase=testcase, extra_env=env,
                              results_xml=str(build_dir / "results.xml"), log_file=build_dir / "sim.log")
    except SystemExit:  # under pytest the runner itself exits on failures
        results = build_dir / "results.xml"
    where = f"{design.name} {params} (seed {used_seed}: replay with CRYPTOPPA_SEED={used_seed}); see {build_dir / 'sim.log'}"
    try:
        n_tests, n_failed = get_results(Path(results))
    except RuntimeError as exc:
        pytest.fail(f"{where}: simulation crashed ({exc})")
    if n_tests == 0 or n_failed:
        pytest.fail(f"{where}: {n_failed} of {n_tests} cocotb tests failed")


def family_checks(design: Design) -> list[str]:
    """The cocotb_engine tests that apply to the design (hint cases need the prefetch ports)."""
    return ["random_traffic", "corrupted_bits", *(["hint_cases"] if "prefetch" in design.groups else []),
            "saturation", "read_latency"]


def run_engine(design: Design, params: dict, build_dir: Path, *, testcase: str | list[str] | None = None,
               out: Path | None = None) -> None:
    """The family checks (cocotb_engine.py) on one parameter set; with `out`, saturation and read-latency
    results go to out/perf.json and out/latency.json."""
    env = {"ENGINE_PERF_OUT": str(out / "perf.json"), "ENGINE_LATENCY_OUT": str(out / "latency.json")} if out else None
    run_cocotb(design, "cocotb_engine", params, build_dir, lines=lines_per_set(),
               testcase=testcase or family_checks(design), extra_env=env)
