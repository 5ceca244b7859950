"""The designs/README table: each figure follows from its results row on the stated basis."""

import pandas as pd
import pytest

from cryptoppa.catalog import AREA, CELLS, CYCLES, FMAX, GE_AREA, POWER, POWER_INTERNAL, POWER_LEAKAGE, POWER_SWITCHING
from cryptoppa.report import design_table
from cryptoppa.report.basis import basis_of, configurations
from cryptoppa.report.load import load_results


def plain(text: str) -> float:
    return float(text.replace(",", ""))


def _row(**kw):
    row = {"design": "gcm_iter", "label": "x", "status": "ok", "n": 1, "pdk": "freepdk45", "corner": "nom",
           "clock_mhz": 200.0, "activity": 0.1, "activity_mode": "vectorless", "param_DIGIT": 16, "param_ID_BITS": 8,
           CELLS: 1000, AREA: 500_000.0, GE_AREA: 5.0, FMAX: 400.0, POWER_INTERNAL: 0.03,
           POWER_SWITCHING: 0.01, POWER_LEAKAGE: 0.002, POWER: 0.042, CYCLES: 64.0}
    row.update(kw)
    return row


def test_numbers_follow_from_the_row(tmp_path):
    rows = [_row(), _row(status="failed", label="y"), _row(label="z", param_DIGIT=64)]
    pd.DataFrame(rows).to_csv(tmp_path / "results.csv", index=False)
    results = load_results(tmp_path)
    basis = basis_of(results)
    table = design_table.design_table(results, basis, configurations(results, basis))
    assert len(table) == 2  # the failed row is not a configuration
    r = table.to_dict("records")[0]
    assert r["configuration"] == "gcm_iter DIGIT=16"  # ID_BITS is not a design choice
    assert plain(r["area µm²"]) == 500_000 and plain(r["kGE"]) == 100  # 500,000 µm² / 5 µm² per GE
    assert plain(r["Gb/s @fmax"]) == pytest.approx(3.2)  # 64 bytes per 64 cycles at 400 MHz
    assert plain(r["mW @fmax"]) == pytest.approx(2 + 40 * 2)  # leakage + dynamic x (400/200)
    assert plain(r["pJ/byte @fmax"]) == pytest.approx(0.082 / 0.4e9 * 1e12, rel=1e-3)
