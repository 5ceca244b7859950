"""The Pareto points: engines at their smallest N, cores from a core-baseline table, the study's module; the front."""

from pathlib import Path

import pandas as pd
import pytest
from conftest import CLOCK_MHZ, TRUTH

from cryptoppa.report import analysis
from cryptoppa.report.load import load_results
from cryptoppa.report.pareto import front, pareto_points

CORES = Path(__file__).parent / "data" / "core_energy_rv32_mc.csv"


def test_front_keeps_the_undominated():
    points = pd.DataFrame({"gbps_per_mm2": [1.0, 2.0, 3.0, 1.0], "mbps_per_mw": [3.0, 2.0, 1.0, 1.0]})
    assert list(front(points)) == [True, True, True, False]


def test_engines_cores_and_the_study(synthetic_results, tmp_path):
    cores = tmp_path / "cores"
    cores.mkdir()
    pd.read_csv(CORES).to_parquet(cores / analysis.CORE_TABLE, index=False)
    points = pareto_points(load_results(synthetic_results), cores).set_index("name")
    assert set(points["kind"]) == {"engine", "core", "2013 study"}
    # gcm_iter at N = 1: clock x 512 bits / cycles over its area and power (noise-free truth within 1 %)
    a_s, a_i, p_s, p_i, cycles = TRUTH["gcm_iter"]
    gbps = CLOCK_MHZ * 1e6 * 512 / cycles / 1e9
    assert points.loc["gcm_iter", "gbps_per_mm2"] == pytest.approx(gbps / ((a_s + a_i) / 1e6), rel=0.02)
    assert points.loc["gcm_iter", "mbps_per_mw"] == pytest.approx(gbps * 1e3 / ((p_s + p_i) * 1e3), rel=0.02)
    study = points[points["kind"] == "2013 study"].iloc[0]
    assert study["gbps_per_mm2"] == pytest.approx(0.9366 / 0.089) and study["mbps_per_mw"] == pytest.approx(936.6 / 12.383)
    assert points.loc["gcm_iter", "front"]  # the synthetic engines beat software cores on both axes
    assert not points.loc[points["kind"] == "core", "front"].any()
