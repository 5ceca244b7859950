"""Our side of the seed-study comparison: the tables committed under reports/studies/data/, and how to pick rows.

Four tables, each optional but the first: `results.csv` (the studies_asic and studies_xc7 sweeps: engines on the
ASIC library and on Xilinx 7-series), `core_baseline.csv` (firmware on the RV32 cores, with gate-level energy),
`host_baseline.csv` (OpenSSL on the measuring machine) and `slowdown.csv` (`cryptoppa slowdown`: 000's SMP setup
replayed on our traces). A row is asked for by design, parameters and where it
was measured; a missing row is None and the report says what is missing rather than guessing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ... import fpga
from ...baselines.host import CBC_BYTES
from ...catalog import POWER
from ...paths import shown
from ...slowdown.run import TABLE as SLOWDOWN_TABLE
from ...sweep import results as results_mod
from ...sweep.results import FINISHED
from ...answers.basis import SATURATED
from ...answers.software import CORE_TABLE, HOST_TABLE

VECTORLESS = "vectorless"


@dataclass(frozen=True)
class Ours:
    folder: Path
    results: pd.DataFrame  # finished rows of the sweeps
    cores: pd.DataFrame  # ok rows of core-baseline
    host: pd.DataFrame  # host-baseline rows
    slowdown: pd.DataFrame  # cryptoppa slowdown rows

    @classmethod
    def load(cls, folder: Path) -> "Ours":
        results = results_mod.read(folder)
        results = results[results["status"].isin(FINISHED)] if not results.empty else results
        cores = results_mod.read(folder, CORE_TABLE)
        cores = cores[cores["status"] == "ok"] if not cores.empty else cores
        return cls(Path(folder), results.reset_index(drop=True), cores.reset_index(drop=True),
                   results_mod.read(folder, HOST_TABLE), results_mod.read(folder, SLOWDOWN_TABLE))

    def source(self, table: str = results_mod.TABLE) -> str:
        path = results_mod.table_path(self.folder, table)
        return f"`{shown(path)}`" if path else f"(no {Path(table).with_suffix('.csv').name} yet)"

    # ---- engines ----
    @property
    def asic(self) -> pd.DataFrame:
        t = self.results
        return t[~t["pdk"].map(fpga.is_target)] if not t.empty else t

    @property
    def fpga(self) -> pd.DataFrame:
        t = self.results
        return t[t["pdk"].map(fpga.is_target)] if not t.empty else t

    def engine(self, design: str, params: dict[str, int], *, target: str | None = None,
               activity: str = VECTORLESS) -> pd.Series | None:
        """The row of `design` with `params` on an FPGA `target` (None: the ASIC library) and, on the ASIC
        library, power from `activity` (the vectorless model or a simulated workload)."""
        t = self.asic if target is None else self.fpga[self.fpga["pdk"] == target]
        if t.empty:
            return None
        hit = t["design"] == design
        if target is None:
            hit &= t["activity_mode"].fillna(VECTORLESS) == activity
        for name, value in params.items():
            col = f"param_{name}"
            if col not in t.columns:
                return None
            hit &= t[col] == value
        rows = t[hit]
        return rows.iloc[0] if len(rows) else None

    def power(self, design: str, params: dict[str, int]) -> tuple[float, str]:
        """Power at the basis clock, simulated at saturation where measured, else vectorless; and which."""
        sim = value(self.engine(design, params, activity=SATURATED), POWER)
        if sim == sim:
            return sim, "simulated"
        return value(self.engine(design, params), POWER), "vectorless"

    # ---- software ----
    def core_rows(self, alg: str, nbytes: int) -> pd.DataFrame:
        t = self.cores
        return t[(t["alg"] == alg) & (t["bytes"] == nbytes)] if not t.empty else t

    def host_pages(self) -> pd.DataFrame:
        t = self.host
        if t.empty:
            return t
        return t[t["alg"].str.endswith("cbc") & t["bytes"].isin(CBC_BYTES)]


def value(row: pd.Series | None, column: str) -> float:
    if row is None or column not in row.index or pd.isna(row[column]):
        return math.nan
    return float(row[column])


def ratio(a: float, b: float) -> float:
    return a / b if b and not (math.isnan(a) or math.isnan(b)) else math.nan
