"""A synthetic "array sweep" results folder: known lines in N plus noise, perf columns filled.

Real engine/array sweeps are still being built; this stands in for one so the report's fits,
feasibility and comparison sections are exercised against numbers whose truth is known.
"""

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

NS = [1, 2, 4, 8, 16]
# design -> (area slope µm², area intercept µm², power slope W, power intercept W, cycles per line)
TRUTH = {
    "gcm_iter": (50_000.0, 20_000.0, 4.0e-3, 1.0e-3, 20.0),
    "cbc_mac": (30_000.0, 10_000.0, 2.5e-3, 0.5e-3, 45.0),
}
CLOCK_MHZ = 225.0
NOISE = 0.004  # relative noise: small enough that the fits' CIs must contain the truth


def synthetic_frame(seed: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    rows = []
    for design, (a_s, a_i, p_s, p_i, cycles) in TRUTH.items():
        for n in NS:
            area = (a_s * n + a_i) * (1 + NOISE * rng.standard_normal())
            power = (p_s * n + p_i) * (1 + NOISE * rng.standard_normal())
            label = f"{design} N={n} [LINE_BYTES=64] freepdk45/nom {CLOCK_MHZ:g}MHz"
            rows.append({
                "sweep": "synthetic-array", "design": design, "n": n, "pdk": "freepdk45", "corner": "nom",
                "clock_mhz": CLOCK_MHZ, "activity": 0.1, "label": label, "param_LINE_BYTES": 64,
                "status": "ok", "error": "", "log": "", "run_dir": f"/nonexistent/{design}-{n}", "key": f"k{n}",
                "synth__design__instance__count": float(round(area / 9.0)),
                "synth__design__instance__count__sequential": float(300 * n),
                "synth__design__instance__area__stdcell": area,
                "synth__design__instance__area__sequential": area * 0.3,
                "timing__setup__ws": 0.5, "timing__setup__tns": 0.0, "timing__hold__ws": 0.03,
                "timing__clock__period": 1000.0 / CLOCK_MHZ, "timing__fmax__mhz": 1000.0 / (1000.0 / CLOCK_MHZ - 0.5),
                "power__internal__total": power * 0.8, "power__switching__total": power * 0.15,
                "power__leakage__total": power * 0.05, "power__total": power,
                "flow__synth__runtime": 1.0,
                "perf__cycles_per_line": cycles, "perf__latency_cycles": cycles + 3.0,
            })
    failed = dict(rows[0])
    failed.update(label="gcm_iter N=32 [LINE_BYTES=64] freepdk45/nom 225MHz", n=32, status="failed",
                  error="Yosys failed: synthetic error for the report test", log="/nonexistent/yosys.log",
                  run_dir="", key="")
    for col in failed:
        if col.startswith(("synth__", "timing__", "power__", "flow__", "perf__")):
            failed[col] = float("nan")
    rows.append(failed)
    return pd.DataFrame(rows)


def write_results(folder: Path, frame: pd.DataFrame) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    frame.to_parquet(folder / "results.parquet", index=False)
    frame.to_csv(folder / "results.csv", index=False)
    return folder


@pytest.fixture
def synthetic_results(tmp_path) -> Path:
    return write_results(tmp_path / "synthetic-array", synthetic_frame())


@pytest.fixture(scope="session")
def built_report(tmp_path_factory) -> tuple[Path, Path]:
    """(results folder, report folder) of one build of the synthetic sweep with the default bandwidths, shared by
    the tests that only read it: drawing figures takes seconds each on a loaded machine."""
    from cryptoppa.report.build import build_report

    folder = write_results(tmp_path_factory.mktemp("built") / "synthetic-array", synthetic_frame())
    out = folder.parent / "report"
    build_report(folder, out)
    return folder, out
