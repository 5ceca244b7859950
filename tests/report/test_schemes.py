"""Schemes side by side: engines for data + metadata traffic (a range of access patterns), latency in ns at a
stated clock with a hint lead from the DRAM's timing, and the counter-miss case."""

import math

import pandas as pd
import pytest
from click.testing import CliRunner

from cryptoppa.cli import cli
from cryptoppa.errors import InputError
from cryptoppa.feasibility.metadata import SCHEMES, Access, overhead
from cryptoppa.feasibility.presets import get_preset
from cryptoppa.report.schemes import scheme_rows, scheme_table


def _row(design, cycles, latency, verdict=None, hinted=None, **kw):
    """A measured N = 1 engine: no-hint read latency `latency` (data) / `verdict`, and with the prefetch port its
    hinted ends `hinted` = (data, verdict)."""
    row = {"design": design, "label": f"{design}-x", "status": "ok", "n": 1, "clock_mhz": 500.0,
           "timing__fmax__mhz": 1000.0, "perf__cycles_per_line": cycles, "perf__line_bytes": 64,
           "perf__read_latency_data_cycles": latency,
           "perf__read_latency_cycles": verdict if verdict is not None else latency,
           "perf__read_latency_hint_lead_cycles": 0,
           "synth__design__instance__area__stdcell": 200_000.0, "power__total": 0.05,
           "power__internal__total": 0.03, "power__switching__total": 0.015, "power__leakage__total": 0.005, **kw}
    if hinted is not None:
        row.update({"perf__read_latency_hinted_data_cycles": hinted[0], "perf__read_latency_hinted_cycles": hinted[1],
                    "perf__read_latency_hint_lead_cycles": 99})
    return row


# ctr_mac's default configuration: pads 10 cycles, data 12 / verdict 24 without a hint, 2 / 14 with one
CTR = _row("ctr_mac", 13, 12, 24, hinted=(2, 14))


def test_engines_carry_data_and_metadata_for_the_chosen_access_and_both_bounds():
    table = pd.DataFrame([_row("xts", 32, 12), CTR, _row("gcm_iter", 60, 50, 55),
                          _row("gcm_iter", 60, 50, status="failed")])
    rows = scheme_rows(table, "ddr5-6400").set_index("scheme")
    assert set(rows.index) == {"xts", "ctr-mac-tree", "gcm-tag"}
    gbps = 500e6 * 64 * 8 / 32 / 1e9
    assert rows.loc["xts", "gbps"] == pytest.approx(gbps) and rows.loc["xts", "extra_traffic"] == 0
    bits = get_preset("ddr5-6400").bits_per_second
    assert rows.loc["xts", "engines"] == math.ceil(bits / (gbps * 1e9))
    ctr_gbps = rows.loc["ctr-mac-tree", "gbps"]
    for case in ("streaming", "uncached"):
        extra = overhead(SCHEMES["ctr-mac-tree"], Access(pattern=case)).extra_traffic
        assert rows.loc["ctr-mac-tree", f"extra_{case}"] == pytest.approx(extra)
        assert rows.loc["ctr-mac-tree", f"engines_{case}"] == math.ceil(bits * (1 + extra) / (ctr_gbps * 1e9))
    # the uncached bound of the counter tree is several times the data
    assert rows.loc["ctr-mac-tree", "extra_uncached"] > 5 * rows.loc["ctr-mac-tree", "extra_streaming"] > 1.5
    assert rows.loc["ctr-mac-tree", "engines"] == rows.loc["ctr-mac-tree", "engines_streaming"]
    assert rows.loc["ctr-mac-tree", "engines_uncached"] > rows.loc["ctr-mac-tree", "engines"]
    # totals for the chosen access: a hit rate between the bounds lands between them
    hit = scheme_rows(table, "ddr5-6400", Access(hit_rate=0.9)).set_index("scheme").loc["ctr-mac-tree"]
    assert hit["engines_streaming"] <= hit["engines"] == hit["engines_hit rate 0.9"] <= hit["engines_uncached"]
    assert hit["area_mm2"] == pytest.approx(hit["engines"] * 0.2)


def test_latency_in_ns_at_the_stated_clock_with_the_lead_of_the_dram():
    table = pd.DataFrame([_row("xts", 32, 51), CTR, _row("gcm_iter", 60, 50, 55)])
    access = get_preset("ddr5-6400").access_ns  # 28.75 ns
    for clock, mhz in ((225.0, 225.0), ("fmax", 1000.0), ("clock_mhz", 500.0)):
        rows = scheme_rows(table, "ddr5-6400", clock=clock).set_index("scheme")
        lead = math.ceil(access * mhz / 1e3)
        ctr = rows.loc["ctr-mac-tree"]
        assert ctr["clock_mhz"] == mhz and ctr["hint_lead_cycles"] == lead
        data = min(12, max(2, 13 - lead))  # designs/README.md: max(2, P + 3 - H), at most the unhinted P + 2
        assert ctr["latency_data_ns"] == pytest.approx(data * 1e3 / mhz)
        assert ctr["latency_verdict_ns"] == pytest.approx((data + 12) * 1e3 / mhz)
        # counter miss: the counter arrives with the data, so the pads start then: the unhinted latency
        assert ctr["miss_data_ns"] == pytest.approx(12 * 1e3 / mhz)
        assert ctr["miss_verdict_ns"] == pytest.approx(24 * 1e3 / mhz)
        assert ctr["latency_share"] == pytest.approx(data * 1e3 / mhz / access)
        # no prefetch port: no lead, no counter, no verdict without integrity
        assert rows.loc["xts", "hint_lead_cycles"] == 0
        assert rows.loc["xts", "latency_data_ns"] == pytest.approx(51 * 1e3 / mhz)
        assert math.isnan(rows.loc["xts", "latency_verdict_ns"]) and math.isnan(rows.loc["xts", "miss_data_ns"])
        assert rows.loc["gcm-tag", "gbps"] == pytest.approx(mhz * 1e6 * 512 / 60 / 1e9)
    # at 225 MHz the 28.75 ns access is a 7-cycle lead: the pads are not ready when the data comes
    at_study = scheme_rows(table, "ddr5-6400", clock=225.0).set_index("scheme").loc["ctr-mac-tree"]
    assert at_study["latency_data_ns"] == pytest.approx(6 * 1e3 / 225)
    fast = scheme_rows(table, "ddr5-6400", clock="fmax").set_index("scheme").loc["ctr-mac-tree"]
    # dynamic power scales with the clock: 5 mW leakage + 45 mW dynamic at the 500 MHz it was measured at
    assert fast["power_w"] / fast["engines"] == pytest.approx(0.005 + 0.045 * 1000 / 500)
    assert at_study["power_w"] / at_study["engines"] == pytest.approx(0.005 + 0.045 * 225 / 500)


def test_table_names_its_clock_dram_timing_and_traffic_basis():
    table = scheme_table(pd.DataFrame([CTR, _row("xts", 32, 51)]), "ddr5-6400", Access(hit_rate=0.5),
                         clock="fmax")
    assert "fmax" in table.attrs["clock"] and "fmax" in table.attrs["assumption"]
    assert "tRCD 14.375" in table.attrs["access"] and "JESD79-5" in table.attrs["access"]
    assert "96 MiB protected (SGX MEE's region, the default)" in table.attrs["traffic"]
    assert "hit rate 0.5" in table.attrs["assumption"] and "streaming" in table.attrs["traffic"]
    assert {"extra traffic % streaming", "extra traffic % uncached", "extra traffic % hit rate 0.5",
            "engines uncached", "read ns, counter miss", "hint lead cycles"} <= set(table.columns)
    bigger = scheme_table(pd.DataFrame([CTR]), "ddr5-6400", Access(protected_bytes=16 * 2**30))
    assert "16 GiB protected" in bigger.attrs["traffic"]
    assert (bigger["extra traffic % uncached"] > table["extra traffic % uncached"].max()).all()  # a deeper tree
    with pytest.raises(InputError, match="clock"):
        scheme_table(pd.DataFrame([CTR]), "ddr5-6400", clock="no_such_column")


def test_plain_quantity_has_no_access_latency_and_no_lead():
    table = scheme_table(pd.DataFrame([_row("xts", 32, 12), CTR]), "25.6GB/s")
    assert table["latency / DRAM access"].isna().all() and "DRAM preset with timing" in table.attrs["access"]
    assert (table["hint lead cycles"] == 0).all()
    assert table.set_index("scheme").loc["ctr-mac-tree", "read latency ns"] == pytest.approx(12 * 2.0)


def test_rows_measured_before_the_hint_lead_was_recorded_have_no_latency():
    old = {k: v for k, v in CTR.items() if "hint" not in k}
    table = scheme_table(pd.DataFrame([old, _row("xts", 32, 12)]), "ddr5-6400")
    assert table.set_index("scheme")["read latency ns"].isna()["ctr-mac-tree"]
    assert any("re-measure" in note for note in table.attrs["notes"])


def test_feasibility_command_surfaces_hit_rate_footprint_and_clock(tmp_path):
    folder = tmp_path / "r"
    folder.mkdir()
    pd.DataFrame([CTR, _row("xts", 32, 51)]).to_csv(folder / "results.csv", index=False)
    base = ["feasibility", "--bandwidth", "ddr5-6400", "--results", str(folder)]
    out = CliRunner().invoke(cli, [*base, "--hit-rate", "0.9", "--protected", "16GiB", "--clock", "fmax"])
    assert out.exit_code == 0, out.output
    assert "extra traffic % hit rate 0.9" in out.output and "16 GiB protected" in out.output
    assert "each engine's own fmax" in out.output and "tRCD 14.375" in out.output
    for bad, what in ((["--protected", "lots"], "protected footprint"), (["--clock", "xyz"], "clock 'xyz'"),
                      (["--hit-rate", "2"], "hit rate")):
        out = CliRunner().invoke(cli, [*base, *bad])
        assert out.exit_code == 2 and what in out.output and "schemes" not in out.output, out.output
