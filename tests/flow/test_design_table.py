"""The designs/README.md comparison table: arithmetic from results rows."""

import pandas as pd
import pytest

from cryptoppa.report import design_table


def _row(**kw):
    row = {"design": "gcm_iter", "label": "x", "status": "ok", "pdk": "freepdk45", "corner": "nom",
           "clock_mhz": 200.0, "param_DIGIT": 16, "param_ID_BITS": 8,
           "synth__design__instance__count": 1000, "synth__design__instance__area__stdcell": 500_000.0,
           "timing__fmax__mhz": 400.0, "power__internal__total": 0.03, "power__switching__total": 0.01,
           "power__leakage__total": 0.002, "power__total": 0.042, "perf__cycles_per_line": 64.0,
           "perf__throughput__gbps": 200e6 * 64 * 8 / 64 / 1e9}
    row.update(kw)
    return row


def test_numbers_follow_from_the_row():
    table = design_table.design_table(pd.DataFrame([_row(), _row(status="failed", label="y")]))
    (r,) = table.to_dict("records")
    assert r["configuration"] == "gcm_iter DIGIT=16"  # ID_BITS is not a design choice
    assert r["area mm²"] == 0.5 and r["Gb/s @200 MHz"] == 1.6 and r["Gb/s @fmax"] == 3.2
    assert r["power mW @fmax"] == pytest.approx(2 + 40 * 2)  # leakage + dynamic x (400/200)
    assert r["Gb/s per mm² @fmax"] == 6.4
    assert r["Mb/s per mW @fmax"] == pytest.approx(3200 / 82, abs=0.05)
