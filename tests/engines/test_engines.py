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
from cryptoppa.feasibility.latency import latency_at_lead
from cryptoppa.flow.compose import perf as compose_perf
from cryptoppa.metrics import Metric
from cryptoppa.sim.perf import design_read_latencies, measure_design
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
    # latency at saturation, and the read latency of an isolated decrypt without a hint and, where the engine has
    # the prefetch port, with one as many cycles ahead as the unhinted result takes.
    flow = measure_design(d, full, tmp_path / "perf")
    assert flow["perf__cycles_per_line"] == saturation["cycles_per_line"]
    assert flow["perf__latency_cycles"] == saturation["latency"]
    runs = {"": "decrypt_no_hint"}
    if "prefetch" in d.groups:
        assert flow["perf__read_latency_hint_lead_cycles"] == isolated["decrypt_hint_lead"]
        runs["hinted_"] = "decrypt_hint"
    for metric, run in runs.items():
        assert flow[f"perf__read_latency_{metric}cycles"] == isolated[f"{run}_out"]
        assert flow[f"perf__read_latency_{metric}data_cycles"] == isolated.get(f"{run}_early", isolated[f"{run}_out"])
    # ...and what the architecture promises, where the family states it, without a hint and at that lead.
    promised = getattr(load_reference(d.verify.reference), "promised_timing", lambda p, lead: {})
    assert {k: flow[k] for k in promised(full, 0)} == promised(full, 0)
    if "prefetch" in d.groups:
        at_lead = promised(full, flow["perf__read_latency_hint_lead_cycles"])
        assert {k: flow[k.replace("read_latency_", "read_latency_hinted_")] for k in at_lead
                if k.startswith("perf__read_latency")} == {k: v for k, v in at_lead.items()
                                                           if k.startswith("perf__read_latency")}


def prefetch_sets() -> list:
    return [p for p in ci_sets() if "prefetch" in designs.get(p.values[0]).groups]


@pytest.mark.eda
@pytest.mark.parametrize("name,params", prefetch_sets())
def test_read_latency_at_any_hint_lead(name, params, tmp_path):
    """The flow records the read latency at two hint leads (none, and one long enough for every precomputation);
    the report derives every other lead from them (feasibility.latency.latency_at_lead). Simulated at leads where
    the precomputation is not ready yet, just ready and long done, the engine must match that derivation and the
    formula of designs/README.md (the family's promised_timing)."""
    d = designs.get(name)
    full = d.resolve_params(params)
    promised = load_reference(d.verify.reference).promised_timing
    ends = design_read_latencies(d, full, tmp_path / "ends", [0, 1000])
    (no_hint, no_hint_data), (hinted, hinted_data) = ends[0], ends[1000]
    ready = int(no_hint_data - hinted_data) + 1  # the shortest lead at which the precomputation is done
    leads = sorted(lead for lead in {1, 2, ready // 2, ready - 2, ready - 1, ready, ready + 1, 2 * ready} if lead > 0)
    got = design_read_latencies(d, full, tmp_path / "leads", leads)
    for lead in leads:
        derived = (latency_at_lead(no_hint, hinted, lead), latency_at_lead(no_hint_data, hinted_data, lead))
        formula = promised(full, lead)
        assert got[lead] == derived == (formula["perf__read_latency_cycles"], formula["perf__read_latency_data_cycles"]), \
            f"{name} {params}: hint lead {lead}"
    assert got[1] == ends[0] and got[2 * ready] == ends[1000]  # a hint at the line gains nothing; long ones the most


@pytest.mark.eda
@pytest.mark.full
@pytest.mark.parametrize("name,params", full_sets())
def test_full_matrix(name, params, tmp_path):
    d = designs.get(name)
    run_engine(d, d.resolve_params(params), tmp_path / "sim")


def _smallest_line(name: str) -> dict:
    d = designs.get(name)
    return d.resolve_params({"LINE_BYTES": min(d.params["LINE_BYTES"].allowed or (d.params["LINE_BYTES"].default,))})


# xts_mk's arrays are xts's timing with the key-ID ports tied low (designs/README.md); the pipelined families'
# arrays simulate minutes: their array checks run in the full tier, the dispatcher's bound is the same code.
ARRAYS_FULL = {"xts_mk", "aes_round", "gcm_subpipe"}


@pytest.mark.eda
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.full if n in ARRAYS_FULL else ())
                                  for n in families()])
def test_arrays_never_beat_n_engines(name, tmp_path):
    """N engines cannot deliver a line more often than one engine every cycles/N, nor (through the dispatcher,
    which routes one line per cycle) more than one line per cycle; the tree dispatcher at saturation reaches that
    bound within 2 %, flat (simulated) and composed (cryptoppa.flow.compose's formula) alike. N = 1, 2, 4 here; 8
    (one more level of the same tree) in the full tier."""
    d, params = designs.get(name), _smallest_line(name)
    single = measure_design(d, params, tmp_path / "1", latency=False)
    engine = {k: Metric(v, "cycles", "", "") for k, v in single.items()}
    engine["perf__line_bytes"] = Metric(params["LINE_BYTES"], "bytes", "", "")
    for n in (1, 2, 4, 8) if settings.current().full else (1, 2, 4):
        bound = max(single["perf__cycles_per_line"] / n, 1.0)
        flat = measure_design(array_design(d, n, tmp_path / "rtl"), params, tmp_path / str(n), latency=False,
                              n_lines=max(12, 4 * n), round_lines=n)["perf__cycles_per_line"]
        ap = ArrayPoint(d, n, tuple(sorted(params.items())), "freepdk45", "nom", 225.0)
        composed = compose_perf(ap, engine)["perf__cycles_per_line"].value
        for what, cpl in (("flat", flat), ("composed", composed)):
            assert bound - 1e-9 <= cpl <= 1.02 * bound, f"{name} N={n} {what}: {cpl} cycles/line, bound {bound}"


def _hex_bytes(text: str, n: int) -> bytes:
    return int(text, 16).to_bytes(n, "big")


# The default suite simulates the netlist of the study's engine; the others (1-8 minutes each under Icarus) are
# in the full tier, their RTL checked by the tests above.
GATE_LEVEL_DEFAULT = {"gcm_iter"}


@pytest.mark.eda
@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n in GATE_LEVEL_DEFAULT else pytest.mark.full)
                                  for n in families()])
def test_gate_level_netlist_computes_the_reference(name, flexlib_home):
    """The netlist the activity flow simulates (synthesized, mapped to the liberty's cells, in Icarus with the
    generated cell models) encrypts lines exactly as the family's reference does (a multikey engine: every line
    under the key the workload loaded into its key ID's entry). The characterization goes to the run cache
    ($CRYPTOPPA_CACHE), where it is a result like any other."""
    d, params = designs.get(name), _smallest_line(name)
    point = design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params=params,
                         activity_mode="sim:saturated")
    run_dir = characterize(point, settings.current().cache).run_dir
    ref = load_reference(d.verify.reference).reference(params)
    keys, lines, checked = {}, {}, 0
    for fields in (ln.split() for ln in (run_dir / "activity" / "sim.log").read_text().splitlines()):
        if fields[:1] == ["KEY"]:  # KEY <key> [<entry>]
            keys[int(fields[2], 16) if len(fields) > 2 else 0] = _hex_bytes(fields[1], params["KEY_BITS"] // 8)
        elif fields[:1] == ["IN"]:  # IN <id> <iv> <aad> <data> [<key ID>]
            lines[int(fields[1], 16)] = [_hex_bytes(fields[2], 12), _hex_bytes(fields[3], 16),
                                         _hex_bytes(fields[4], params["LINE_BYTES"]),
                                         int(fields[5], 16) if len(fields) > 5 else 0]
        elif fields[:1] == ["OUT"]:
            iv, aad, data, key_id = lines.pop(int(fields[1], 16))
            want_data, want_tag, _ = ref(keys[key_id], False, iv, aad, data, bytes(16))
            assert _hex_bytes(fields[2], params["LINE_BYTES"]) == want_data, f"{name}: line {fields[1]} data"
            assert _hex_bytes(fields[3], 16) == want_tag, f"{name}: line {fields[1]} tag"
            checked += 1
    assert checked >= 4, f"{name}: only {checked} gate-level results in {run_dir / 'activity' / 'sim.log'}"
