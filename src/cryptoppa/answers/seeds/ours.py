"""Our side of the seed-study comparison: the tables committed under reports/studies/data/, how to pick rows, and
how a row's figure becomes a record on its basis.

Four tables, each optional but the first: `results.csv` (the studies_asic and studies_xc7 sweeps: engines on the
ASIC library and on Xilinx 7-series), `core_baseline.csv` (firmware on the RV32 cores, with gate-level energy),
`host_baseline.csv` (OpenSSL on the measuring machine) and `slowdown.csv` (`cryptoppa slowdown`: Jannepally 2008's
SMP setup replayed on our traces). A row is asked for by design, parameters and where it was measured; a missing
row is None and the report says what is missing rather than guessing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ... import fpga
from ...baselines.host import CBC_BYTES
from ...catalog import POWER
from ...slowdown.run import TABLE as SLOWDOWN_TABLE
from ...sweep import results as results_mod
from ...sweep.results import FINISHED
from ..basis import SATURATED
from ..records import On, Record
from ..software import CORE_TABLE, HOST_TABLE

VECTORLESS = "vectorless"
POWER_MODELS = {VECTORLESS: "vectorless", SATURATED: "simulated, saturated"}


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

    def path(self, table: str = results_mod.TABLE) -> Path | None:
        return results_mod.table_path(self.folder, table)

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
        t = self.asic if target is None else self.fpga
        if t.empty:
            return None
        if target is not None:
            t = t[t["pdk"] == target]
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

    def power_row(self, design: str, params: dict[str, int]) -> tuple[pd.Series | None, str]:
        """The row whose total power an engine is compared by: simulated at saturation where measured, else
        vectorless; and which."""
        sim = self.engine(design, params, activity=SATURATED)
        if not math.isnan(value(sim, POWER)):
            return sim, SATURATED
        return self.engine(design, params), VECTORLESS

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


def engine_name(design: str, params: dict) -> str:
    """How a report names one engine configuration: 'gcm_iter DIGIT=16 LINE_BYTES=64'."""
    return " ".join([design, *(f"{k}={v}" for k, v in params.items())])


def on_asic(row: pd.Series | None, power: str = "", clock: str = "") -> On:
    """The basis of an ASIC row's figure: its library, synthesis, the power model where it is a power."""
    library = f"{row['pdk']}/{row['corner']}" if row is not None else ""
    return On(library=library, stage="synthesis", power=POWER_MODELS.get(power, power), clock=clock)


def record(row: pd.Series | None, subject: str, name: str, quantity: str, column: str, scale: float = 1.0,
           on: On | None = None) -> Record:
    """A row's figure as a record (NaN where the row or the figure is missing)."""
    return Record(subject, name, quantity, value(row, column) * scale, on or on_asic(row),
                  (str(row["label"]),) if row is not None and "label" in row.index else ())


def host_basis(ours: Ours) -> dict[str, Record]:
    """What the host rows were measured on: the clock cycles are counted at (measured around each run: its least and
    most; else the nominal one), CPUs and the load average when each run started."""
    t = ours.host
    if t.empty:
        return {}
    on = On(stage="openssl speed")
    if t.get("clock_basis", pd.Series(["nominal"])).iloc[0] == "measured":
        out = {f"clock, {end}": Record("host", f"measured clock, {end}", "clock_mhz", float(how(t["cpu_mhz"])), on)
               for end, how in (("least", min), ("most", max))}
    else:
        out = {"clock": Record("host", "nominal clock", "clock_mhz", float(t["cpu_mhz"].iloc[0]), on)}
    if "load_average_1min" in t.columns:
        out["load, least"] = Record("host", "1-minute load average, least", "fraction",
                                    float(t["load_average_1min"].min()), on)
        out["load, most"] = Record("host", "1-minute load average, most", "fraction",
                                   float(t["load_average_1min"].max()), on)
        out["cpus"] = Record("host", "CPUs", "instances", float(t["cpus"].iloc[0]), on)
    return out


def core_clock(ours: Ours) -> Record | None:
    t = ours.cores
    if t.empty:
        return None
    return Record("RV32 cores", "clock", "clock_mhz", float(t["clock_mhz"].iloc[0]),
                  On(library=f"{t['pdk'].iloc[0]}/{t['corner'].iloc[0]}", stage="gate-level simulation"))
