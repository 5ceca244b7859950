"""The answer model's arithmetic and its validity gates, on synthetic results whose truth is known."""

import math

import numpy as np
import pytest
from synthetic import engine, row, write

from cryptoppa.answers.engines import CLOSED, HIT, MISS, SPECULATIVE
from cryptoppa.answers.model import build
from cryptoppa.answers.question import Question
from cryptoppa.catalog import POWER
from cryptoppa.feasibility.presets import get_preset, resolve_bandwidth

STUDY = Question("desktop-25.6", clock="study")


def test_engines_area_and_power_follow_from_the_rows(tmp_path):
    folder = write(tmp_path / "r", engine("gcm_iter", saturated=0.03, idle=0.01))
    model = build(folder, STUDY)
    (e,) = model.answered
    gbps = 225e6 / 60 * 64 * 8 / 1e9
    exact = resolve_bandwidth("desktop-25.6").bits_per_second * (1 + 1 / 3) / (gbps * 1e9)  # gcm-tag streaming
    n = math.ceil(exact)
    assert e.value("engines") == n == 143
    load = exact / n
    assert e.value("total power") == pytest.approx(n * (0.01 + load * (0.03 - 0.01)))  # at the bandwidth's load
    assert e.value("total area") == pytest.approx(n * 100_000 / 1e6)
    assert e.value("power") == pytest.approx(30.0)  # one engine, mW, saturated
    assert "not measured" not in e.overhead and "dispatcher is left out" in e.overhead


def test_an_engine_above_its_fmax_is_not_answered(tmp_path):
    folder = write(tmp_path / "r", engine("gcm_iter", fmax=200.0) + engine("xts", fmax=800.0))
    model = build(folder, STUDY)
    assert [e.config["design"] for e in model.answered] == ["xts"]
    (refused,) = [n for n in model.not_answered if "gcm_iter" in n.subject]
    assert "above its synthesis fmax of 200 MHz" in refused.reason
    # each engine at its own fmax: both run
    assert len(build(folder, Question("desktop-25.6")).answered) == 2


def test_a_short_simulation_window_is_left_out_of_every_fit(tmp_path):
    rows = []
    for n, window in ((1, 240.0), (2, 240.0), (4, 60.0), (8, 240.0)):
        rows += engine("gcm_iter", n=n, array="flat" if n > 1 else "", area=100_000.0 * n, cycles=60.0 / n,
                       power=0.03 * n, saturated=0.025 * n, window=window)
    model = build(write(tmp_path / "r", rows), STUDY)
    (left,) = [x for x in model.not_answered if "N=4" in x.subject]
    assert "60 cycles, fewer than 4 line periods" in left.reason
    saturated = [f for f in model.fits if f.metric == POWER and f.power_model == "sim:saturated"]
    assert saturated and saturated[0].row["n_points"] == 3 and saturated[0].n_max == 8


def test_fits_never_pool_power_models(tmp_path):
    rows = []
    for n in (1, 2, 4, 8, 16):
        rows += engine("gcm_iter", n=n, array="flat" if n > 1 else "", area=200_000.0 * n + 1000, cycles=60.0 / n,
                       power=0.035 * n + 0.006, saturated=0.029 * n, idle=0.009 * n)
    model = build(write(tmp_path / "r", rows), STUDY)
    slopes = {f.power_model: f.slope.value for f in model.fits if f.metric == POWER}
    assert slopes == pytest.approx({"vectorless": 35.0, "sim:saturated": 29.0, "sim:idle": 9.0})
    assert len([f for f in model.fits if f.name == "cell area"]) == 1  # area is the netlist's, fitted once


def test_a_fit_below_the_r2_gate_is_not_a_slope(tmp_path):
    rng = np.random.default_rng(3)
    rows = []
    for n in (1, 2, 4, 8, 16):
        noisy = 0.03 * n * (1 + 1.5 * rng.standard_normal()) + 0.2
        rows += engine("gcm_iter", n=n, array="flat" if n > 1 else "", cycles=60.0 / n, power=abs(noisy))
    model = build(write(tmp_path / "r", rows), STUDY)
    (fit,) = [f for f in model.fits if f.metric == POWER]
    assert fit.slope is None and "below 0.99: not a line" in fit.refused.reason
    assert fit.refused in model.not_answered


def test_integrity_schemes_are_ranked_at_verified_latency(tmp_path):
    # ctr_mac releases plaintext after 5 cycles but its verdict takes 50; prince verifies nothing, 20 cycles.
    rows = engine("ctr_mac", read=50.0, read_data=5.0) + engine("prince", read=20.0)
    model = build(write(tmp_path / "r", rows), STUDY)
    # two classes of guarantee, strongest first: never ranked against each other by latency
    assert list(model.classes()) == ["integrity and replay protection", "confidentiality only, 64-bit block"]
    ctr = model.schemes[0].chosen
    ns = 1e3 / 225
    assert model.schemes[0].rank_latency == ctr.value(HIT) == pytest.approx(50 * ns)
    assert ctr.value(SPECULATIVE) == pytest.approx(5 * ns)
    assert model.schemes[1].chosen.get(SPECULATIVE) is None


def test_a_counter_scheme_answers_on_a_counter_hit_and_a_miss(tmp_path):
    model = build(write(tmp_path / "r", engine("ctr_mac", read=50.0, hinted=20.0)), Question("ddr5-6400"))
    (e,) = model.answered
    assert e.value(MISS) > e.value(HIT)  # a missed counter arrives with the data: no prefetch lead
    assert e.value(MISS) == pytest.approx(50 * 1e3 / e.clock_mhz)


def test_a_range_of_engines_is_priced_at_both_ends(tmp_path):
    model = build(write(tmp_path / "r", engine("ctr_mac")), Question("ddr5-6400"))
    (e,) = model.answered
    low, high = e.value("engines"), e.value("engines, metadata uncached")
    assert high > low
    assert e.value("total area, metadata uncached") / e.value("total area") == pytest.approx(high / low)
    assert e.value("total power, metadata uncached") > e.value("total power")


def test_a_reduced_round_engine_never_answers_for_the_full_cipher(tmp_path):
    # 6-round PRINCE is smaller and faster than 12-round PRINCE, but it is scrambling, not encryption
    rows = [row("prince", area=200_000.0, read=20.0, param_ROUNDS=12, label="prince [ROUNDS=12]", key="12"),
            row("prince", area=100_000.0, read=10.0, param_ROUNDS=6, label="prince [ROUNDS=6]", key="6")]
    model = build(write(tmp_path / "r", rows), STUDY)
    assert {s.scheme.name: s.chosen.config["rounds"] for s in model.schemes} == {"prince-scramble": 6,
                                                                                  "prince-xex": 12}


def test_prefetch_lead_is_tcl_on_a_row_hit_and_trcd_plus_tcl_on_a_closed_row(tmp_path):
    model = build(write(tmp_path / "r", engine("prince", read=40.0, hinted=10.0)), Question("ddr5-6400",
                                                                                           clock="study"))
    (e,) = model.answered
    dram = get_preset("ddr5-6400")
    hit, closed = math.ceil(dram.tcl_ns * 0.225), math.ceil(dram.access_ns * 0.225)
    ns = 1e3 / 225
    assert e.value(HIT) == pytest.approx(max(10, 40 + 1 - hit) * ns)
    assert e.value(CLOSED) == pytest.approx(max(10, 40 + 1 - closed) * ns)
    assert e.value(HIT) > e.value(CLOSED)


def test_routed_answers_read_only_routed_columns(tmp_path):
    routed = dict(design__die__area=180_000.0, finish__timing__fmax__mhz=600.0, finish__power__internal__total=0.02,
                  finish__power__switching__total=0.01, finish__power__leakage__total=0.001,
                  finish__power__total=0.031, route__unrouted__segments=3.0)
    model = build(write(tmp_path / "r", [row("gcm_iter", **routed)]), Question("ddr5-6400"))
    (e,) = model.answered
    assert model.basis.routed and e.get("area").on.stage == "routed"
    assert e.value("area") == 180_000.0 and e.value("fmax") == 600.0 and e.clock_mhz == 600.0
    assert e.value("power") == pytest.approx(31.0 * 600 / 225 - 1.0 * (600 / 225 - 1))  # leakage does not scale
    assert e.flags and "unrouted" in e.flags[0]
    synthesis = build(write(tmp_path / "r", [row("gcm_iter", **routed)]), Question("ddr5-6400"), stage="synthesis")
    assert synthesis.answered[0].value("area") == 100_000.0


def test_a_simulated_array_below_n_engines_is_flagged(tmp_path):
    array = dict(n=4, array="flat", area=400_000.0, cycles=15.0, power=0.11, saturated=0.09)
    rows = engine("gcm_iter", power=0.03, saturated=0.03) + engine("gcm_iter", **array)
    model = build(write(tmp_path / "r", rows), STUDY)
    flags = {a.power_model: a for a in model.arrays}
    assert flags["simulated, saturated"].share.value == pytest.approx(0.09 / (4 * 0.03))
    assert "one synthesis run" in flags["simulated, saturated"].flag
    assert "thins the engines' input activity" in flags["vectorless"].flag


def test_one_port_carries_at_most_one_line_per_cycle(tmp_path):
    model = build(write(tmp_path / "r", engine("gcm_pipe", cycles=5.0)), Question("hbm3", clock="study"))
    (e,) = model.answered
    exact = resolve_bandwidth("hbm3").bits_per_second * (1 + 1 / 3) / (225e6 / 5 * 512)
    assert e.value("array ports") == math.ceil(exact / 5)


def test_least_silicon_across_libraries_is_in_kge(tmp_path):
    rows = [row("prince", pdk="freepdk45_char", area=240_000.0), row("prince", pdk="nangate45", corner="typ",
                                                                      area=40_000.0, synth__design__ge__area=0.798)]
    model = build(write(tmp_path / "r", rows), STUDY)
    assert model.size == "total kGE"
    kge = {e.config["library"]: e.value("kGE") for e in model.answered}
    assert kge == pytest.approx({"freepdk45_char/nom": 50.0, "nangate45/typ": 40_000 / 0.798 / 1000})
