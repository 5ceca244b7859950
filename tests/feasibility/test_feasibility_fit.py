import json
import math

import numpy as np
import pandas as pd
import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.fit import RESULT_COLUMNS, fit_linear, fits_to_dict, predict


def test_exact_lines_recovered_per_group():
    n = np.array([1, 2, 4, 8, 16])
    df = pd.concat([
        pd.DataFrame({"design": "a", "n": n, "area": 3.0 * n + 7.0, "power": 0.5 * n + 1.0}),
        pd.DataFrame({"design": "b", "n": n, "area": 10.0 * n - 2.0, "power": 2.0 * n}),
    ])
    t = fit_linear(df, x="n", y=["area", "power"], by=["design"])
    assert list(t.columns) == ["design", *RESULT_COLUMNS]
    assert len(t) == 4
    got = t.set_index(["design", "metric"])
    for key, (slope, intercept) in {("a", "area"): (3, 7), ("a", "power"): (0.5, 1),
                                    ("b", "area"): (10, -2), ("b", "power"): (2, 0)}.items():
        row = got.loc[key]
        assert row["slope"] == pytest.approx(slope, abs=1e-9)
        assert row["intercept"] == pytest.approx(intercept, abs=1e-9)
        assert row["r2"] == pytest.approx(1.0)
        assert row["n_points"] == 5
        assert row["linearity_check"] == "exact line"
        assert not row["nonlinear"]
        assert predict(row, 219) == pytest.approx(slope * 219 + intercept)


def test_noisy_data_intervals_contain_truth():
    rng = np.random.default_rng(12345)
    n = np.repeat(np.arange(1, 21), 3)
    df = pd.DataFrame({"n": n, "power": 11.0 * n + 2.0 + rng.normal(0, 1.5, n.size)})
    row = fit_linear(df, y="power").iloc[0]
    assert row["slope_ci_low"] < 11.0 < row["slope_ci_high"]
    assert row["intercept_ci_low"] < 2.0 < row["intercept_ci_high"]
    assert row["slope_se"] > 0 and row["n_points"] == 60
    assert row["slope_ci_high"] - row["slope_ci_low"] == pytest.approx(2 * 1.96 * row["slope_se"], rel=0.05)
    assert not bool(row["nonlinear"])


def test_quadratic_data_flagged():
    n = np.array([1, 2, 4, 8, 16], dtype=float)
    df = pd.DataFrame({"n": n, "exact_quad": n**2 + 3 * n, "noisy_quad": 100 * n - 2.5 * n**2 + [0.3, -0.2, 0.1, -0.3, 0.2]})
    t = fit_linear(df).set_index("metric")
    assert bool(t.loc["exact_quad", "nonlinear"]) and t.loc["exact_quad", "linearity_p"] == 0.0
    assert bool(t.loc["noisy_quad", "nonlinear"]) and t.loc["noisy_quad", "linearity_p"] < 0.05
    assert "curvature" in t.loc["noisy_quad", "note"]


def test_two_point_groups_and_three_points():
    df = pd.DataFrame({"g": ["two", "two", "three", "three", "three"], "n": [1, 3, 1, 2, 3],
                       "m": [5.0, 9.0, 1.0, 2.5, 3.0]})
    t = fit_linear(df, by="g").set_index("g")
    two = t.loc["two"]
    assert two["slope"] == pytest.approx(2.0) and two["intercept"] == pytest.approx(3.0)
    assert math.isnan(two["slope_se"]) and math.isnan(two["slope_ci_low"])
    assert two["linearity_check"] == "not possible" and pd.isna(two["nonlinear"])
    three = t.loc["three"]
    assert three["linearity_check"] == "not possible" and pd.isna(three["nonlinear"])
    assert three["slope_se"] > 0  # one residual degree of freedom: errors exist, curvature test does not


def test_missing_values_and_degenerate_groups():
    df = pd.DataFrame({"g": ["a"] * 5 + ["b"] * 2, "n": [1, 2, 3, 4, 5, 1, 1],
                       "m": [1.0, 2.0, np.nan, 4.0, 5.0, 3.0, 4.0]})
    t = fit_linear(df, by="g", y="m").set_index("g")
    assert t.loc["a", "n_points"] == 4 and t.loc["a", "slope"] == pytest.approx(1.0)
    assert math.isnan(t.loc["b", "slope"]) and "distinct" in t.loc["b", "note"]


def test_default_y_is_numeric_columns_and_errors():
    df = pd.DataFrame({"n": [1, 2, 3, 4], "a": [1, 2, 3, 4], "b": [2, 4, 6, 8], "label": list("wxyz")})
    assert set(fit_linear(df)["metric"]) == {"a", "b"}
    with pytest.raises(InputError):
        fit_linear(df, x="nope")
    with pytest.raises(InputError):
        fit_linear(df, y=["zzz"])


def test_dict_is_json_ready():
    df = pd.DataFrame({"g": ["a", "a", "b", "b", "b", "b"], "n": [1, 2, 1, 2, 3, 4], "m": [1, 2, 1, 2, 3, 4.5]})
    d = fits_to_dict(fit_linear(df, by="g"))
    text = json.dumps(d, allow_nan=False)
    back = json.loads(text)
    assert back["confidence"] == pytest.approx(0.95)
    assert back["fits"][0]["slope_se"] is None and back["fits"][0]["nonlinear"] is None
    assert isinstance(back["fits"][1]["nonlinear"], bool)
