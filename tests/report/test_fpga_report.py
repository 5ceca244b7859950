"""The FPGA answer model (cryptoppa.answers.fpga) and its report on small results folders whose answers are known."""

from __future__ import annotations

import pandas as pd
import pytest

from cryptoppa.answers import audit, records
from cryptoppa.answers.fpga import build
from cryptoppa.answers.fpga_fits import resource_lines
from cryptoppa.answers.question import Question
from cryptoppa.answers.records import On
from cryptoppa.answers.study import fpga_control_of
from cryptoppa.report.fpga_report import build_fpga

FF, LUT, BRAM = ("synth__design__instance__count__ff", "synth__design__instance__count__lut",
                 "synth__design__instance__count__bram")
QUESTION = Question("desktop-25.6")  # 204.8 Gb/s


def _row(design: str, pdk: str, n: int, **metrics) -> dict:
    return {"sweep": "t", "design": design, "pdk": pdk, "target": pdk, "corner": "", "n": n, "clock_mhz": 100.0,
            "activity": 0.1, "activity_mode": "vectorless", "status": "ok", "error": "",
            "label": f"{design} N={n} {pdk} seed={metrics.get('seed', '')}", **metrics}


def _routed(design: str, n: int, seed: int, fmax: float, copies: float, gbps: float, pdk: str = "ecp5-85k") -> dict:
    return _row(design, pdk, n, seed=seed, timing__fmax__mhz=fmax, route__device__copies_fit=copies,
                perf__throughput_at_fmax__gbps=gbps, perf__cycles_per_line=60.0 / n)


def _folder(tmp_path, rows: list[dict]):
    folder = tmp_path / "r"
    folder.mkdir()
    pd.DataFrame(rows).to_parquet(folder / "results.parquet")
    return folder


def test_resource_lines_beside_eq_5_4_and_a_constant_count(tmp_path):
    rows = [_row("gcm_iter", "xc7", n, **{FF: 1509.7 * n - 222.5, LUT: 4712.4 * n, BRAM: 0.0}) for n in (1, 2, 4)]
    # A count that is not a line: its R² is below 0.99, so no slope is quoted.
    rows += [_row("xts", "xc7", n, **{FF: ff, LUT: 1000.0 * n, BRAM: 0.0}) for n, ff in ((1, 100.0), (2, 900.0),
                                                                                          (3, 150.0), (4, 800.0))]
    model = build(_folder(tmp_path, rows), QUESTION)
    lines = {(ln.design, ln.name): ln for ln in model.lines}
    # the slopes' ratio mixes two tools' counts: answered with the study's RTL through our synthesis as its factor
    # (reports/libraries/data/study_rtl.csv), refused without it
    luts = lines[("gcm_iter", "LUTs")]
    control = fpga_control_of("xc7")
    assert luts.ratio.value == pytest.approx(2.0)  # 4712.4 / 2356.2
    assert luts.comparison.like_for_like.value == pytest.approx(4712.4 / control[LUT].value)
    (alone,) = [ln for ln in resource_lines(pd.DataFrame(rows), "xc7", On()) if ln.design == "gcm_iter"
                and ln.metric == LUT]
    assert alone.ratio is None and "flow: Yosys synth_xilinx against Xilinx ISE 14.3" in alone.comparison.refused.reason
    brams = lines[("gcm_iter", "block RAMs")]
    assert brams.slope is None and brams.constant.value == 0 and brams.study.text == "8"
    noisy = lines[("xts", "flip-flops")]
    assert noisy.slope is None and "below 0.99" in noisy.refused.reason
    assert noisy.refused in model.not_answered


def test_devices_rest_on_the_largest_array_at_its_own_routed_fmax(tmp_path):
    # One engine: 60 MHz, 0.512 Gb/s, 8 copies fit; the array of 8 routes at only 49.1 MHz, one to a device.
    array_gbps = 8 * 64 * 8 * 49.1e6 / 60 / 1e9
    rows = [_routed("gcm_iter", 1, 1, 60.0, 8.0, 0.512), _routed("gcm_iter", 8, 1, 49.1, 1.0, array_gbps),
            _routed("xts", 1, 1, 40.0, 4.0, 2.0), _routed("xts", 1, 2, 44.0, 4.0, 2.2)]
    model = build(_folder(tmp_path, rows), QUESTION)
    gcm, xts = model.device("gcm_iter", "ecp5-85k"), model.device("xts", "ecp5-85k")
    assert gcm.get("engines per device").value == 8 and gcm.get("device clock").value == pytest.approx(49.1)
    assert gcm.get("devices").value == 62  # 204.8 / 3.352 Gb/s; one engine's 60 MHz would give 51
    assert gcm.get("engines").value == 489  # each engine at the array's 49.1 MHz, not 400 at 60 MHz
    assert not gcm.flag
    refused = [n for n in model.not_answered if n.subject == "gcm_iter on ecp5-85k"]
    assert refused and "above its routed (array of 8) fmax of 49.1 MHz" in refused[0].reason
    # Copies never routed together: counted at one engine's fmax (the median over seeds), flagged as a bound.
    assert xts.get("routed fmax").value == pytest.approx(42.0) and xts.get("placer seeds").value == 2
    assert xts.get("devices").value == 25 and "never routed together" in xts.flag  # 204.8 / (4 × 2.1)
    assert model.fewest("ecp5-85k") is xts


def test_report_answers_first_prints_records_only_and_no_watts(tmp_path):
    rows = [_row("gcm_iter", "xc7", n, **{FF: 1783.0 * n, LUT: 5368.0 * n, BRAM: 0.0}) for n in (1, 2, 4)]
    rows += [_routed("gcm_iter", 1, s, f, 8.0, f * 512 / 60 / 1e3) for s, f in ((1, 58.0), (2, 61.6), (3, 60.0))]
    rows.append({**_routed("gcm_iter", 16, 1, float("nan"), float("nan"), float("nan")), "status": "failed",
                 "error": "array_gcm_iter_16 does not fit LFE5UM-85F-CABGA381: synthesis needs lut4 152932 > 83640"})
    out = tmp_path / "out"
    with records.collecting() as ledger, records.document("fpga.md"):
        build_fpga(_folder(tmp_path, rows), out)
    text = (out / "report.md").read_text()
    assert text.index("## Answer: desktop-25.6") < text.index("## Basis") < text.index("## Resources per engine")
    assert "gcm_iter needs the fewest: 50 devices" in text  # 8 × 0.512 Gb/s at the median 60 MHz
    assert "60 (58–61.6, 3 seeds)" in text
    assert "synthesis needs 152,900 LUT4 sites, the device has 83,640" in text  # four digits, as every number
    assert " mW" not in text and " W " not in text.replace("44.7 W", "")
    assert (out / "figures" / "fpga_resources_vs_n.svg").is_file()
    assert audit.unrecorded(text, audit.allowed_texts(ledger, "fpga.md")) == []
    assert audit.too_precise(text, audit.exact_texts(ledger, "fpga.md")) == []
