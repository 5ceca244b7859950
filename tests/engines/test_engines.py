"""Every engine family under designs/ (interface = "engine" with a [verify] reference in its design.toml),
checked the same way: its ports against the engine interface, standard vectors for every key size, random
lines against its reference model with gaps and back-pressure, corruption, and saturation throughput that the
flow's own measurement (cryptoppa.sim.perf) reproduces. A new family needs no Python here, only its folder.

`make test-full` (CRYPTOPPA_FULL=1, marker full) runs every parameter combination with 10,000 random lines.
"""

from __future__ import annotations

import itertools
import json

import pytest

from cryptoppa import designs, settings
from cryptoppa.designs import interface
from cryptoppa.designs.arrays import array_design
from cryptoppa.flow import characterize, design_point
from cryptoppa.flow.compose import ArrayPoint
from cryptoppa.flow.compose import perf as compose_perf
from cryptoppa.metrics import Metric
from cryptoppa.sim.perf import PREFETCH_LEAD, measure_design
from cocotb_runner import run_engine
from engine_driver import load_reference
from port_check import engine_ports


def families() -> list[str]:
    return [name for name, path in designs.available().items()
            if (d := designs.load(path)).interface == "engine" and d.verify.reference]


def _id(name: str, params: dict) -> str:
    return name + "-" + "-".join(f"{k}{v}" for k, v in sorted(params.items()))


def ci_sets() -> list:
    return [pytest.param(name, dict(p), id=_id(name, dict(p))) for name in families()
            for p in designs.get(name).verify.ci]


def known_answer_sets() -> list:
    """For each family and key size, the smallest line size its reference has standard vectors for."""
    out = []
    for name in families():
        d = designs.get(name)
        ref = load_reference(d.verify.reference)
        for key_bits in d.params["KEY_BITS"].allowed or (d.params["KEY_BITS"].default,):
            for line_bytes in sorted(d.params["LINE_BYTES"].allowed or (d.params["LINE_BYTES"].default,)):
                params = d.resolve_params({"KEY_BITS": key_bits, "LINE_BYTES": line_bytes})
                if ref.known_answers(params):
                    out.append(pytest.param(name, params, id=_id(name, {"KEY_BITS": key_bits, "LINE_BYTES": line_bytes})))
                    break
    return out


def full_sets() -> list:
    """Every combination of the allowed values (ID_BITS at its default)."""
    out = []
    for name in families():
        d = designs.get(name)
        axes = {k: p.allowed or (p.default,) for k, p in d.params.items() if k != "ID_BITS"}
        for combo in itertools.product(*axes.values()):
            out.append(pytest.param(name, dict(zip(axes, combo)), id=_id(name, dict(zip(axes, combo)))))
    return out


def test_every_family_has_standard_vectors_for_every_key_size():
    covered = {(p.values[0], p.values[1]["KEY_BITS"]) for p in known_answer_sets()}
    for name in families():
        d = designs.get(name)
        for key_bits in d.params["KEY_BITS"].allowed or (d.params["KEY_BITS"].default,):
            assert (name, key_bits) in covered, f"{name}: no standard vectors for KEY_BITS={key_bits}"


@pytest.mark.eda
@pytest.mark.parametrize("name", families())
def test_ports_are_the_engine_interface(name, tmp_path):
    d = designs.get(name)
    params = d.resolve_params({})
    want = {p.name: (p.direction, p.bits(params)) for p in interface.ports(d.groups)}
    assert engine_ports(d, params, tmp_path) == want


@pytest.mark.eda
@pytest.mark.parametrize("name,params", known_answer_sets())
def test_standard_vectors(name, params, tmp_path):
    run_engine(designs.get(name), params, tmp_path / "sim", testcase="known_answers")


@pytest.mark.eda
@pytest.mark.parametrize("name,params", ci_sets())
def test_random_lines_corruption_hints_throughput_and_latency(name, params, tmp_path):
    d = designs.get(name)
    full = d.resolve_params(params)
    run_engine(d, full, tmp_path / "sim", out=tmp_path)
    saturation = json.loads((tmp_path / "perf.json").read_text())["encrypt"]
    isolated = json.loads((tmp_path / "latency.json").read_text())
    # The flow's plain-Verilog bench (cryptoppa.sim.perf) must measure what cocotb measured: throughput and
    # latency at saturation, and the read latency of an isolated decrypt (hinted where the engine has the port).
    flow = measure_design(d, full, tmp_path / "perf")
    read = "decrypt_hint" if "prefetch" in d.groups else "decrypt_no_hint"
    assert flow["perf__cycles_per_line"] == saturation["cycles_per_line"]
    assert flow["perf__latency_cycles"] == saturation["latency"]
    assert flow["perf__read_latency_cycles"] == isolated[f"{read}_out"]
    assert flow["perf__read_latency_data_cycles"] == isolated.get(f"{read}_early", isolated[f"{read}_out"])
    # ...and what the architecture promises, where the family states it.
    promised = getattr(load_reference(d.verify.reference), "promised_timing", lambda p, lead: {})(full, PREFETCH_LEAD)
    assert {k: flow[k] for k in promised} == promised


@pytest.mark.eda
@pytest.mark.full
@pytest.mark.parametrize("name,params", full_sets())
def test_full_matrix(name, params, tmp_path):
    d = designs.get(name)
    run_engine(d, d.resolve_params(params), tmp_path / "sim")


def _smallest_line(name: str) -> dict:
    d = designs.get(name)
    return d.resolve_params({"LINE_BYTES": min(d.params["LINE_BYTES"].allowed or (d.params["LINE_BYTES"].default,))})


@pytest.mark.eda
@pytest.mark.parametrize("name", families())
def test_arrays_never_beat_n_engines(name, tmp_path):
    """N engines cannot deliver a line more often than one engine every cycles/N, nor (through the dispatcher,
    which routes one line per cycle) more than one line per cycle; the tree dispatcher at saturation reaches that
    bound within 2 %, flat (simulated) and composed (cryptoppa.flow.compose's formula) alike."""
    d, params = designs.get(name), _smallest_line(name)
    single = measure_design(d, params, tmp_path / "1", latency=False)
    engine = {k: Metric(v, "cycles", "", "") for k, v in single.items()}
    engine["perf__line_bytes"] = Metric(params["LINE_BYTES"], "bytes", "", "")
    for n in (1, 2, 4, 8):
        bound = max(single["perf__cycles_per_line"] / n, 1.0)
        flat = measure_design(array_design(d, n, tmp_path / "rtl"), params, tmp_path / str(n), latency=False,
                              n_lines=max(12, 4 * n), round_lines=n)["perf__cycles_per_line"]
        ap = ArrayPoint(d, n, tuple(sorted(params.items())), "freepdk45", "nom", 225.0)
        composed = compose_perf(ap, engine)["perf__cycles_per_line"].value
        for what, cpl in (("flat", flat), ("composed", composed)):
            assert bound - 1e-9 <= cpl <= 1.02 * bound, f"{name} N={n} {what}: {cpl} cycles/line, bound {bound}"


def _hex_bytes(text: str, n: int) -> bytes:
    return int(text, 16).to_bytes(n, "big")


@pytest.mark.eda
@pytest.mark.parametrize("name", families())
def test_gate_level_netlist_computes_the_reference(name, flexlib_home):
    """The netlist the activity flow simulates (synthesized, mapped to the liberty's cells, in Icarus with the
    generated cell models) encrypts lines exactly as the family's reference does. The characterization goes to
    the run cache ($CRYPTOPPA_CACHE), where it is a result like any other."""
    d, params = designs.get(name), _smallest_line(name)
    point = design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params=params,
                         activity_mode="sim:saturated")
    run_dir = characterize(point, settings.current().cache).run_dir
    ref = load_reference(d.verify.reference).reference(params)
    key, lines, checked = None, {}, 0
    for fields in (ln.split() for ln in (run_dir / "activity" / "sim.log").read_text().splitlines()):
        if fields[:1] == ["KEY"]:
            key = _hex_bytes(fields[1], params["KEY_BITS"] // 8)
        elif fields[:1] == ["IN"]:
            lines[int(fields[1], 16)] = [_hex_bytes(fields[2], 12), _hex_bytes(fields[3], 16),
                                         _hex_bytes(fields[4], params["LINE_BYTES"])]
        elif fields[:1] == ["OUT"]:
            iv, aad, data = lines.pop(int(fields[1], 16))
            want_data, want_tag, _ = ref(key, False, iv, aad, data, bytes(16))
            assert _hex_bytes(fields[2], params["LINE_BYTES"]) == want_data, f"{name}: line {fields[1]} data"
            assert _hex_bytes(fields[3], 16) == want_tag, f"{name}: line {fields[1]} tag"
            checked += 1
    assert checked >= 4, f"{name}: only {checked} gate-level results in {run_dir / 'activity' / 'sim.log'}"
