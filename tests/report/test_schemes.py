"""Schemes side by side: engines for data + metadata traffic, latency in ns and against the DRAM access."""

import math

import pandas as pd
import pytest

from cryptoppa.feasibility.metadata import SCHEMES, Access, overhead
from cryptoppa.feasibility.presets import get_preset
from cryptoppa.report.schemes import scheme_rows, scheme_table


def _row(design, cycles, latency, verdict=None, **kw):
    return {"design": design, "label": f"{design}-x", "status": "ok", "n": 1, "clock_mhz": 500.0,
            "perf__cycles_per_line": cycles, "perf__line_bytes": 64, "perf__read_latency_data_cycles": latency,
            "perf__read_latency_cycles": verdict if verdict is not None else latency,
            "synth__design__instance__area__stdcell": 200_000.0, "power__total": 0.05, **kw}


def test_engines_carry_data_and_metadata():
    table = pd.DataFrame([_row("xts", 32, 12), _row("ctr_mac", 32, 2, 20), _row("gcm_iter", 60, 50, 55),
                          _row("gcm_iter", 60, 50, status="failed")])
    rows = scheme_rows(table, "ddr5-6400").set_index("scheme")
    assert set(rows.index) == {"xts", "ctr-mac-tree", "gcm-tag"}
    gbps = 500e6 * 64 * 8 / 32 / 1e9
    assert rows.loc["xts", "gbps"] == pytest.approx(gbps) and rows.loc["xts", "extra_traffic"] == 0
    bits = get_preset("ddr5-6400").bits_per_second
    assert rows.loc["xts", "engines"] == math.ceil(bits / (gbps * 1e9))
    extra = overhead(SCHEMES["ctr-mac-tree"], Access()).extra_traffic
    assert rows.loc["ctr-mac-tree", "engines"] == math.ceil(bits * (1 + extra) / (gbps * 1e9))
    assert rows.loc["ctr-mac-tree", "engines"] > rows.loc["xts", "engines"]
    assert rows.loc["ctr-mac-tree", "latency_data_ns"] == pytest.approx(4.0)
    assert math.isnan(rows.loc["xts", "latency_verdict_ns"])
    assert rows.loc["gcm-tag", "latency_share"] == pytest.approx(100.0 / get_preset("ddr5-6400").access_ns)


def test_plain_quantity_has_no_access_latency():
    table = scheme_table(pd.DataFrame([_row("xts", 32, 12)]), "25.6GB/s")
    assert table["latency / DRAM access"].isna().all() and "use a preset" in table.attrs["access"]
