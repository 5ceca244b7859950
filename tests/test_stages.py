"""The stage contract (issue 29 item 1): a new stage registers without editing the command line or the sweep, and
the rules of which request a stage takes exist once, so `cryptoppa run` and a sweep file refuse alike."""

import dataclasses
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cryptoppa import catalog, designs, pdk, stages
from cryptoppa.cli import cli
from cryptoppa.errors import InputError
from cryptoppa.limits import Bound
from cryptoppa.metrics import Metric
from cryptoppa.runs import StepPlan, sha256_file
from cryptoppa.sweep import spec as spec_mod
from cryptoppa.sweep.execute import run_sweep
from cryptoppa.sweep.point import base_row

from support import run_cli


def _count_plan(req: stages.Request, synth: stages.Outcome, cache: Path) -> StepPlan:
    netlist = synth.run_dir / "netlist.v"
    return StepPlan(f"{req.design.name}-probe", {"probe": synth.run_dir.name}, {"netlist.v": (str(netlist),
                    sha256_file(netlist))}, {}, {}, {"probe": "counts the synthesized netlist's lines"})


def _count_execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
    start = time.monotonic()
    lines = len((work / "netlist.v").read_text().splitlines())
    assert lines > 0
    return {catalog.runtime("probe"): Metric(round(time.monotonic() - start, 6), "s", "netlist.v", "test")}


@pytest.fixture
def probe_stage():
    stage = stages.register(stages.Stage.from_step("probe", stages.ASIC, arrays=(stages.SINGLE,), needs="synth",
                                                   plan=_count_plan, execute=_count_execute))
    yield stage
    stages.unregister(stage)


@pytest.mark.eda
def test_a_new_stage_runs_from_the_command_line_and_a_sweep(probe_stage, tmp_path, flexlib_home):
    runs = tmp_path / "runs"
    out = CliRunner().invoke(cli, ["run", "--design", "counter", "--param", "WIDTH=8", "--stage", "probe",
                                   "--runs", str(runs)])
    assert out.exit_code == 0, out.output
    assert "flow__probe__runtime" in out.output and "synth__design__instance__area__stdcell" in out.output
    sweep = tmp_path / "probe.toml"
    sweep.write_text(f'[sweep]\nname = "probe"\noutput = "{tmp_path / "out"}"\ndesigns = ["counter"]\n'
                     f'pdks = ["{pdk.DEFAULT_PDK}"]\nclocks_mhz = [225]\nstage = "probe"\n\n'
                     '[params.counter]\nWIDTH = [8]\n')
    rows = run_sweep(spec_mod.load(sweep), jobs=1, cache=runs, progress=False, echo=lambda *_: None)
    (row,) = rows.to_dict("records")
    assert row["status"] == "cached" and row["stage"] == "probe" and row["label"].endswith(" probe"), row["error"]
    assert row[catalog.runtime("probe")] >= 0 and row[catalog.AREA] > 0  # both stages' metrics in one row
    assert row["synth_run_dir"] and row["run_dir"] != row["synth_run_dir"]


def test_an_unknown_stage_is_named_where_it_was_given(tmp_path):
    out = run_cli("run", "--design", "counter", "--stage", "layout", "--runs", tmp_path)
    assert out.returncode == 2 and "--stage: expected one of synth" in out.stderr and "Traceback" not in out.stderr


def _write(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text('[sweep]\nname = "s"\noutput = "o"\ndesigns = ["gcm_iter"]\nclocks_mhz = [225]\n' + extra)
    return path


def _sweep_error(tmp_path: Path, extra: str) -> str:
    with pytest.raises(InputError) as err:
        spec_mod.load(_write(tmp_path, extra))
    return str(err.value)


@pytest.mark.parametrize("options, keys, words", [
    (["--n", "2", "--stage", "route"], ('--flat', "'sweep.array_mode'"), "not a composed array"),
    (["--target", "xc7", "--activity", "sim:saturated"], ("--activity", "'sweep.activity_modes'"), "vectorless"),
    (["--pdk", "nangate45", "--stage", "route"], ("--target", "'sweep.targets'"), "[routing]"),
    (["--target", "xc7", "--stage", "route"], ("--stage", "'sweep.stage'"), "open placer"),
])
def test_the_command_line_and_a_sweep_refuse_by_the_same_rule(tmp_path, options, keys, words):
    out = run_cli("run", "--design", "gcm_iter", *options, "--runs", tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert keys[0] in out.stderr and words in out.stderr
    values = dict(zip(options[::2], options[1::2]))
    lines = [f'n = [{values["--n"]}]'] if "--n" in values else []
    if "--target" in values or "--pdk" in values:
        lines.append(f'targets = ["{values.get("--target") or values["--pdk"]}"]')
    else:
        lines.append('pdks = ["freepdk45"]')
    if "--activity" in values:
        lines.append(f'activity_modes = ["{values["--activity"]}"]')
    if "--stage" in values:
        lines.append(f'stage = "{values["--stage"]}"')
    message = _sweep_error(tmp_path, "\n".join(lines) + "\n")
    assert keys[1] in message and words in message


def test_route_refuses_cells_coriolis_has_no_export_of():
    req = stages.Request(designs.get("counter"), (("WIDTH", 8),), "sky130_char/tt", 100.0, stage="route")
    refusal = stages.builtin._routable(req)
    assert refusal is not None and "no Coriolis export yet" in refusal.expected


def test_every_stage_declares_what_it_takes():
    for stage in stages.builtin.SYNTH, stages.builtin.ROUTE, stages.builtin.FPGA_ROUTE:
        assert stage.kind in (stages.ASIC, stages.FPGA) and stage.arrays and stage.doc
    assert stages.builtin.ROUTE.needs == "synth" and stages.builtin.FPGA_ROUTE.needs == "synth"
    d = designs.get("counter")
    fpga_req = stages.Request(d, (("WIDTH", 8),), "ecp5-25k", 100.0)
    assert stages.default_stage(fpga_req) == "route"  # an FPGA target with a placer is placed unless told not to
    assert stages.default_stage(stages.Request(d, (("WIDTH", 8),), "xc7", 100.0)) == "synth"
    assert stages.default_stage(stages.Request(d, (("WIDTH", 8),), "freepdk45/nom", 100.0)) == "synth"


@pytest.fixture
def probe_depth():
    """A stage after synthesis with a setting of its own, registered as a plugin would."""
    depth = stages.Setting("probe_depth", int, 2, "how many netlist lines the probe reads",
                           Bound("a depth", 1, 8, "the probe reads at most 8 lines"))
    stage = stages.register(stages.Stage.from_step("probe", stages.ASIC, arrays=(stages.SINGLE,), needs="synth",
                                                   plan=_count_plan, execute=_count_execute, settings=(depth,)))
    yield depth
    stages.unregister(stage)


def test_a_stage_declares_its_settings_once(probe_depth, tmp_path):
    """The sweep key, its check and reason, the label, the results column and the docs' rows of a setting all come
    from the one declaration; the stage it needs runs with its own settings only."""
    spec = spec_mod.load(_write(tmp_path, 'pdks = ["freepdk45"]\nstage = "probe"\nprobe_depth = [2, 5]\n'))
    assert [p.label().split(" 225MHz")[1] for p in spec.points] == [" probe", " probe probe_depth=5"]
    deep = spec.points[1].request()
    assert probe_depth.of(deep) == 5 and stages.refusal(deep) is None
    assert [s.name for s in stages.accepted(deep)] == ["wire_load", "flatten", "probe_depth"]  # synthesis's, its own
    prior = stages.prerequisite(deep)
    assert prior.stage == "synth" and dict(prior.settings) == {"wire_load": True, "flatten": True}
    assert stages.refusal(prior) is None
    row = base_row(spec.points[1])
    assert row["probe_depth"] == 5 and row["wire_load"] == "none" and "target_utilization" not in row
    assert "| `--probe-depth` | `probe_depth` | 2 | a depth from 1 to 8 |" in stages.settings_table()
    assert "| `run --probe-depth`, sweep `probe_depth` (stage probe on asic targets) | a depth from 1 to 8 | " \
           "the probe reads at most 8 lines |" in stages.limits_table()
    beyond = _sweep_error(tmp_path, 'pdks = ["freepdk45"]\nstage = "probe"\nprobe_depth = [9]\n')
    assert "'sweep.probe_depth'" in beyond and "the probe reads at most 8 lines" in beyond
    unread = _sweep_error(tmp_path, 'pdks = ["freepdk45"]\nprobe_depth = [5]\n')
    assert "'sweep.probe_depth'" in unread and 'stage = "probe"' in unread
    refused = stages.refusal(stages.Request(designs.get("counter"), (("WIDTH", 8),), "freepdk45/nom", 225.0,
                                            settings=(("probe_depth", 3),)))
    assert refused.error({"probe_depth": "--probe-depth"}).args[0].startswith(
        "--probe-depth: expected stage 'probe' on asic targets, which reads it (how many netlist lines the probe "
        "reads), not stage 'synth'")


def test_route_takes_the_utilization_and_synthesis_does_not():
    d = designs.get("counter")
    routed = stages.Request(d, (("WIDTH", 8),), f"{pdk.DEFAULT_PDK}/nom", 225.0, stage="route",
                            settings=(("utilization", 0.5),))
    assert stages.refusal(routed) is None
    assert stages.prerequisite(routed).settings == () and stages.refusal(stages.prerequisite(routed)) is None
    assert stages.refusal(dataclasses.replace(routed, stage="synth")).field == "utilization"
    assert stages.refusal(dataclasses.replace(routed, settings=(("utilization", 0.99),))).expected.startswith(
        "target cell area / die area from 0.1 to 0.95")
    fpga_req = stages.Request(d, (("WIDTH", 8),), "ecp5-25k", 100.0, settings=(("seed", 7),))
    assert stages.refusal(fpga_req) is None and stages.builtin.SEED.of(fpga_req) == 7
    assert stages.refusal(dataclasses.replace(fpga_req, target="xc7")).field == "seed"  # synthesis only: no placer


def test_a_hierarchical_netlist_is_synthesis_and_vectorless_only():
    """`--no-flatten` keeps the hierarchy (each distinct module mapped once); the gate-level activity simulation and
    placement read flat netlists, so a request that needs them is refused, naming the option."""
    d = designs.get("counter")
    hier = stages.Request(d, (("WIDTH", 8),), f"{pdk.DEFAULT_PDK}/nom", 225.0, settings=(("flatten", False),))
    assert stages.refusal(hier) is None and stages.builtin.flow_point(hier, Path("unused")).flatten is False
    simulated = stages.refusal(dataclasses.replace(hier, activity_mode="sim:enable"))
    assert simulated.field == "flatten" and "vectorless activity" in simulated.expected
    routed = stages.refusal(dataclasses.replace(hier, stage="route"))
    assert routed.field == "flatten" and "stage synth" in routed.expected
    assert stages.refusal(dataclasses.replace(hier, stage="route", settings=())) is None
    assert stages.builtin.FLATTEN.option == "--no-flatten"
