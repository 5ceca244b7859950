"""The studies report (cryptoppa.answers.seeds, cryptoppa.report.studies): its arithmetic on data whose answers are
known, and the physics the published data (reports/studies/data/) must obey."""

from __future__ import annotations

import pandas as pd
import pytest

from cryptoppa.answers import audit, records
from cryptoppa.answers.seeds.ours import Ours
from cryptoppa.feasibility.studies import PAGES, SUBPIPE
from cryptoppa.report.studies import build_studies, seeds_model
from cryptoppa.sweep.spec import load
from support import ROOT

HERE = ROOT / "tests" / "report" / "data"
PUBLISHED = ROOT / "reports" / "studies" / "data"


def _engine(design: str, params: dict, *, pdk="freepdk45", activity_mode="vectorless", **metrics) -> dict:
    row = {"sweep": "synthetic", "design": design, "n": None, "pdk": pdk, "corner": "nom" if pdk == "freepdk45" else "",
           "clock_mhz": 225.0, "activity": 0.1, "activity_mode": activity_mode, "label": design, "status": "ok"}
    row.update({f"param_{k}": v for k, v in params.items()})
    return {**row, **metrics}


def _synthetic(folder):
    pipe, six = {"SBOX": 1, "LINE_BYTES": 64}, {"STAGES_PER_ROUND": 6, "LINE_BYTES": 64}
    rows = [
        _engine("gcm_pipe", pipe, timing__fmax__mhz=1000.0, synth__design__instance__count__sequential=10_000,
                power__total=0.10, power__internal__total=0.07, power__switching__total=0.02,
                power__leakage__total=0.01, synth__design__instance__area__stdcell=1e6, perf__cycles_per_line=5,
                perf__latency_cycles=19),
        _engine("gcm_subpipe", six, timing__fmax__mhz=1500.0, synth__design__instance__count__sequential=25_000,
                power__total=0.20, power__internal__total=0.15, power__switching__total=0.038,
                power__leakage__total=0.012, synth__design__instance__area__stdcell=1.2e6, perf__cycles_per_line=5,
                perf__latency_cycles=70),
        _engine("gcm_pipe", pipe, activity_mode="sim:saturated", power__total=0.08, power__internal__total=0.05,
                power__switching__total=0.02),
        _engine("gcm_subpipe", six, activity_mode="sim:saturated", power__total=0.12, power__internal__total=0.08,
                power__switching__total=0.028),
        _engine("gcm_subpipe", six, pdk="xc7", synth__design__instance__count__ff=25_860,
                synth__design__instance__count__lut=30_000),
        _engine("cbc_mac", {"LINE_BYTES": 64}, perf__cycles_per_line=64, perf__read_latency_cycles=64,
                synth__design__instance__area__stdcell=4e5, power__total=0.1),
        _engine("gcm_iter", {"DIGIT": 16, "LINE_BYTES": 64}, perf__cycles_per_line=60, perf__read_latency_cycles=53,
                synth__design__instance__area__stdcell=2e5, power__total=0.05),
    ]
    pd.DataFrame(rows).to_csv(folder / "results.csv", index=False)
    cores = pd.read_csv(HERE / "core_energy_rv32_mc.csv")
    line = cores[(cores["variant"] == "table") & (cores["opt"] == "-O3")]
    # CBC pages: 1,000 setup cycles (AES-128) or 1,400 (AES-256) + 100 or 140 cycles per byte
    pages = [line[line["key_bits"] == key].iloc[0].to_dict() | {
        "alg": "cbc", "bytes": n, "setup_cycles": 10 * per, "cycles": 10 * per + per * n, "energy_per_byte_pj": None}
        for key, per in ((128, 100), (256, 140)) for n in (1024, 4096)]
    pd.concat([cores, pd.DataFrame(pages)]).to_csv(folder / "core_baseline.csv", index=False)
    host = [{"option": "host:table", "feature_set": "table", "alg": "aes-128-cbc", "key_bits": 128, "bytes": n,
             "bytes_per_s": 1e8, "perf__cycles_per_byte": 20.0, "cpu_model": "CPU", "cpu_mhz": 2000.0,
             "openssl": "OpenSSL 3", "load_average_1min": 0.5, "cpus": 2} for n in (1024, 4096)]
    pd.DataFrame(host).to_csv(folder / "host_baseline.csv", index=False)


def test_ratios_and_report_from_known_data(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    _synthetic(data)
    model = seeds_model(data)
    sub = model.subpipe
    study = SUBPIPE["fmax_gcm_subpipe"].value / SUBPIPE["fmax_gcm_pipe"].value
    assert sub.ours["fmax"].ratio.value == pytest.approx(1.5) and sub.study["fmax"].ratio.value == pytest.approx(study)
    # a ratio of ratios: each side's library and tools divide out of its own ratio
    assert sub.cross["fmax"].ratio.value == pytest.approx(1.5 / study)
    # dynamic beside dynamic (internal + switching), each of our ratios on one activity model
    assert sub.ours["dynamic power"].ratio.value == pytest.approx(0.108 / 0.07)
    assert sub.ours["dynamic power, vectorless"].ratio.value == pytest.approx(0.188 / 0.09)
    # the study states neither the clock nor the activity of its power; its registers are another device's
    dynamic, registers = sub.cross["dynamic power"], sub.cross["registers"]
    assert not dynamic.answered and {"clock", "power"} <= set(dynamic.differing)
    assert "clock: 225 MHz, both engines against unstated" in dynamic.refused.reason
    assert not registers.answered and "library: xc7" in registers.refused.reason
    row = next(r for r in sub.rows if r.quantity == "registers of the sub-pipelined AES-GCM")
    assert row.comparison is registers
    bus = model.bus
    assert bus.cbc.cycles.value == 64 and bus.gcm.cycles.value == 60
    assert bus.study_times["fast"].value == 160 and bus.study_times["slow"].value == 320  # ns at 1 GHz
    assert bus.mac["area"].ratio.value == pytest.approx(2.0) and bus.mac["power"].ratio.value == pytest.approx(2.0)
    # its AES unit is a latency its model assumes, no circuit: our engine's time is not divided by it
    assert all(not c.answered and "stage" in c.differing for c in bus.to_units)
    pages = model.pages
    table = pages.host("table")
    assert table.cycles[1024].value == 20480  # 20 cycles per byte
    assert not table.to_study[1024].answered and "key size unstated" in table.to_study[1024].refused.reason
    study_growth = PAGES["page_4k"].value / PAGES["page_1k"].value
    assert table.growth.ratio.value == pytest.approx(4.0) and pages.study_growth.ratio.value == pytest.approx(
        study_growth)
    assert table.to_growth.ratio.value == pytest.approx(4.0 / study_growth)
    firmware = next(o for o in pages.cores if o.name.startswith("rv32_mc"))
    assert firmware.cycles[4096].value == 409_600  # encryption only: 100 cycles per byte, key setup left out
    energy = model.energy
    assert [c.ratio.value for c in energy.cbc_ratio[256]] == pytest.approx([1.4])
    assert [r.value for r in energy.gain] == pytest.approx([(1 - 100 / 140) * 100])
    with records.collecting() as ledger, records.document("studies.md"):
        html = build_studies(data, tmp_path / "out", ("cryptoppa sweep x",))
    text = (tmp_path / "out" / "report.md").read_text()
    assert html.is_file() and text.index("## Answer") < text.index("## Basis of our numbers") < text.index(
        "## Jannepally 2008")
    assert (tmp_path / "out" / "figures" / "subpipe_stages.svg").is_file()
    assert "measured by: `cryptoppa sweep x`" in text and "load average" in text and "shared/seeds" not in text
    assert audit.unrecorded(text, audit.allowed_texts(ledger, "studies.md")) == []
    assert audit.too_precise(text, audit.exact_texts(ledger, "studies.md")) == []
    # every ratio printed is a comparison's; every refused one is listed with its reason
    assert [key for _, key, _, quantity in ledger if quantity == records.BARE_RATIO] == []
    withheld = text[text.index("## Not answered, and why"):]
    assert "Jannepally 2008: our engines' time per line / its AES units'" in withheld
    assert "Chen et al. 2008: cycles per page, the host's OpenSSL / the study's" in withheld


def test_a_power_ratio_never_mixes_activity_models(tmp_path):
    """cbc_mac simulated at saturation, gcm_iter vectorless only: their power ratio is refused, not printed."""
    data = tmp_path / "data"
    data.mkdir()
    _synthetic(data)
    results = pd.read_csv(data / "results.csv")
    extra = _engine("cbc_mac", {"LINE_BYTES": 64}, activity_mode="sim:saturated", power__total=0.07)
    pd.concat([results, pd.DataFrame([extra])]).to_csv(data / "results.csv", index=False)
    bus = seeds_model(data).bus
    power = bus.mac["power"]
    assert not power.answered and set(power.differing) == {"design", "power"}
    assert bus.mac["area"].answered
    build_studies(data, tmp_path / "out")
    text = (tmp_path / "out" / "report.md").read_text()
    assert "power not answered" in text and "cbc_mac / gcm_iter: power, cbc_mac / gcm_iter" in text


def test_report_builds_from_engines_alone(tmp_path):
    """A table a report does not have yet (cores, host) is listed as not answered; nothing fails."""
    data = tmp_path / "data"
    data.mkdir()
    _synthetic(data)
    (data / "core_baseline.csv").unlink()
    (data / "host_baseline.csv").unlink()
    build_studies(data, tmp_path / "out")
    text = (tmp_path / "out" / "report.md").read_text()
    withheld = text[text.index("## Not answered, and why"):]
    assert "Lima et al. 2013: energy on our cores" in withheld and "Chen et al. 2008: page encryption" in withheld
    assert not (tmp_path / "out" / "figures" / "core_energy.svg").exists()


@pytest.mark.skipif(not (PUBLISHED / "results.csv").is_file(), reason="reports/studies/data not published yet")
def test_published_engines_keep_their_promises():
    """Every sub-pipelined engine takes n+1 cycles per line and the latency its architecture promises
    (designs/README.md); more stages per round never mean fewer flip-flops."""
    ours = Ours.load(PUBLISHED)
    asic = ours.asic[ours.asic["design"].isin(["gcm_pipe", "gcm_subpipe"])]
    asic = asic[asic["activity_mode"] == "vectorless"]
    assert not asic.empty
    spr = asic["param_STAGES_PER_ROUND"].fillna(1).astype(int)
    nb = asic["param_LINE_BYTES"] // 16
    assert (asic["perf__cycles_per_line"] == nb + 1).all()
    assert (asic["perf__latency_cycles"] == nb + 10 * spr + spr.map(lambda s: 2 if s >= 3 else 1) + 4).all()
    flops = asic.assign(spr=spr).sort_values("spr")["synth__design__instance__count__sequential"]
    assert flops.is_monotonic_increasing


@pytest.mark.skipif(not (PUBLISHED / "core_baseline.csv").is_file(), reason="no published core data yet")
def test_published_energy_is_power_times_window():
    cores = Ours.load(PUBLISHED).cores
    e = cores[cores["energy_per_byte_pj"].notna()]
    assert not e.empty
    expected = e["power__activity__total"] * e["energy_window_cycles"] / e["clock_mhz"] * 1e6 / e["bytes"]
    assert ((e["energy_per_byte_pj"] / expected - 1).abs() < 1e-9).all()
    cbc = cores[cores["alg"] == "cbc"]
    assert (cbc["cycles"] > cbc["setup_cycles"]).all() and (cbc["setup_cycles"] > 0).all()


@pytest.mark.skipif(not (PUBLISHED / "slowdown.csv").is_file(), reason="no published slowdown replay yet")
def test_published_replay_of_000_is_the_slowdown_reports():
    """The studies report quotes the same replay as reports/slowdown (one table, one value per point), and the
    replay keeps 000's qualitative result: CBC loses more than GCM at every point of Figure 5.1."""
    mine = pd.read_csv(PUBLISHED / "slowdown.csv")
    theirs = pd.read_csv(ROOT / "reports" / "slowdown" / "data" / "slowdown.csv")
    pd.testing.assert_frame_equal(mine, theirs)
    losses = seeds_model(PUBLISHED).bus.losses
    assert len(losses) == 6
    assert all(p.ours_cbc.value > p.ours_gcm.value > 0 for p in losses)


def test_sweep_files_hold_the_compared_engines():
    """The publication's sweeps measure what the report compares: 002's six stages beside the round-pipelined
    engine with the composite-field S-box, on the ASIC library (both power models) and on xc7, and 000's pair at
    both of its line sizes."""
    asic = {(p.design, dict(p.params).get("STAGES_PER_ROUND"), dict(p.params).get("SBOX"),
             dict(p.params).get("LINE_BYTES"), p.activity_mode)
            for p in load(ROOT / "sweeps" / "studies_asic.toml").points}
    for mode in ("vectorless", "sim:saturated"):
        assert ("gcm_subpipe", 6, None, 64, mode) in asic and ("gcm_pipe", None, 1, 64, mode) in asic
        assert {("gcm_iter", None, 0, n, mode) for n in (64, 128)} <= asic
        assert {("cbc_mac", None, 0, n, mode) for n in (64, 128)} <= asic
    xc7 = {(p.design, dict(p.params).get("STAGES_PER_ROUND"), p.pdk) for p in
           load(ROOT / "sweeps" / "studies_xc7.toml").points}
    assert {("gcm_subpipe", 6, "xc7"), ("gcm_pipe", None, "xc7")} <= xc7
