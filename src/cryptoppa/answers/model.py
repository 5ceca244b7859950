"""The answer model: a results folder and a question in, every number a document prints out, computed once.

    model = build(Path("reports/designs/data"), Question("ddr5-6400"))
    model.engines          # each engine configuration once, answered (with records) or refused (with the reason)
    model.schemes          # per memory-protection scheme: its engines, the one it answers with, ranked by verified latency
    model.fits             # lines against N, per configuration and power model
    model.not_answered     # everything withheld, and why
    model.records          # every record, for the ledger and the render-every-number test

Data flows one way: results -> this model -> views (cryptoppa.report). A view that needs a new number adds it here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import pandas as pd

from ..catalog import AREA, DIE_AREA, GE_AREA, POWER, routed
from ..feasibility.metadata import Scheme
from ..paths import shown
from . import gates
from .basis import Basis, basis_of, configurations, engine_power, identity
from .comparison import within
from .engines import HIT, EngineAnswer, answer_engine
from .guarantees import Guarantee
from .fits import Fit, family_of, fits as fit_groups
from .labels import short_labels
from .points import point_records
from .question import Question
from .records import NotAnswered, On, Record
from .software import SoftwareOption, core_options, host_options
from .results import Results, asic_only, engines_alone, load_results
from .totals import ArrayFits


@dataclass
class SchemeAnswer:
    scheme: Scheme
    engines: list[EngineAnswer]  # every answered configuration of its engine families
    chosen: EngineAnswer  # the one the scheme is answered with: the least total area at the question's memory

    @property
    def rank_latency(self) -> float:
        """What schemes are ranked by within a guarantee class: the read latency on a row hit, verified where the
        scheme has a MAC (NaN sorts last)."""
        return self.chosen.value(HIT)

    @property
    def guarantee(self) -> Guarantee:
        return self.chosen.guarantee


@dataclass
class ArrayCheck:
    """A measured N-engine array below N × one engine of the same power model."""

    config: pd.Series
    power_model: str
    share: Record  # the array's power / (N × one engine's)
    cells: Record  # the array's cells / (N × one engine's): a flat array is mapped by one synthesis run
    flag: str


@dataclass
class Model:
    question: Question
    results: Results
    basis: Basis
    configs: pd.DataFrame
    engines: list[EngineAnswer]
    fits: list[Fit]
    arrays: list[ArrayCheck]
    fo4: dict[str, Record] = field(default_factory=dict)  # library -> its FO4 delay
    ge: dict[str, Record] = field(default_factory=dict)  # pdk -> the area of one gate equivalent
    withheld: list[NotAnswered] = field(default_factory=list)
    software: list[SoftwareOption] = field(default_factory=list)  # AES-GCM on RV32 cores and the host, per core
    fo4_ps: dict[str, float] | None = None  # the inputs the model was built with, to ask again at another memory
    traffic: dict[str, float] | None = None
    points: dict[str, dict[str, Record]] = field(default_factory=dict)  # label -> metric -> its record

    @property
    def answered(self) -> list[EngineAnswer]:
        return [e for e in self.engines if e.answered]

    @property
    def schemes(self) -> list[SchemeAnswer]:
        """Each scheme with answered engines: by guarantee class (strongest first), then by read latency on a row
        hit (verified where the scheme has a MAC)."""
        by: dict[str, list[EngineAnswer]] = {}
        for e in self.answered:
            if e.scheme is not None and "engines" in e.totals:
                by.setdefault(e.scheme.name, []).append(e)
        size = self.size
        out = [SchemeAnswer(members[0].scheme, members, min(members, key=lambda e: e.value(size)))
               for members in by.values()]
        return sorted(out, key=lambda s: (s.guarantee.order, math.isnan(s.rank_latency), s.rank_latency,
                                          s.scheme.name))

    def classes(self) -> dict[str, list[SchemeAnswer]]:
        """The answered schemes by guarantee class, strongest class first: "least" is said only within one."""
        out: dict[str, list[SchemeAnswer]] = {}
        for s in self.schemes:
            out.setdefault(s.guarantee.klass, []).append(s)
        return out

    @property
    def size(self) -> str:
        """What "least silicon" is measured in: µm² on one library, kGE across libraries whose cells differ."""
        return "total area" if len(self.basis.libraries) < 2 else "total kGE"

    @property
    def not_answered(self) -> list[NotAnswered]:
        return ([e.refused for e in self.engines if e.refused] + [f.refused for f in self.fits if f.refused]
                + [o.refused for o in self.software if o.refused] + self.withheld)

    @property
    def records(self) -> list[Record]:
        out = [r for e in self.engines for r in (*e.figures.values(), *e.totals.values())]
        out += [r for f in self.fits for r in (f.slope, f.r2, f.intercept, *(f.interval or ())) if r is not None]
        out += [r for o in self.software for r in o.figures.values()]
        out += [r for row in self.points.values() for r in row.values()]
        out += [r for a in self.arrays for r in (a.share, a.cells)] + list(self.ge.values())
        return out + list(self.fo4.values())

    def engine(self, design: str) -> EngineAnswer | None:
        """The first answered engine of a design family (configurations in the table's order)."""
        return next((e for e in self.answered if e.config["design"] == design), None)

    def fit(self, family: str, metric: str, power_model: str) -> Fit | None:
        return next((f for f in self.fits if f.family == family and f.metric == metric
                     and f.power_model == power_model), None)


def build(folder: Path | Results, question: Question, fo4_ps: dict[str, float] | None = None,
          measured_traffic: dict[str, float] | None = None, cores: Path | None = None,
          host: Path | None = None, stage: str | None = None) -> Model:
    """The model of one results folder under one question.

    fo4_ps: FO4 delay (ps) per "pdk/corner" (`cryptoppa pdk stage-delay`), for latencies in gate delays.
    measured_traffic: metadata bytes per data byte each engine design's scheme moved on the traced workloads.
    cores, host: `core-baseline` and `host-baseline` folders, for software beside the engines.
    stage: "synthesis" answers routed results from their synthesis-only columns (the route report's comparison).
    """
    loaded = folder if isinstance(folder, Results) else load_results(folder)
    results = asic_only(loaded)
    fpga_rows = len(loaded.table) - len(results.table)
    if results.points.empty:
        model = Model(question, loaded, replace(basis_of(loaded), libraries=()), pd.DataFrame(), [], [], [])
        model.withheld.append(NotAnswered(shown(loaded.table_path), "engines, mm² and W", (
            "FPGA targets only: an FPGA answer is in devices (`cryptoppa report` builds the FPGA report)")
            if fpga_rows else "no finished ASIC point"))
        return model
    d = _derived(loaded, results, stage)
    basis, configs = d.basis, d.configs
    fo4 = {lib: Record(lib, "FO4 delay", "fo4_ps", ps, On(library=lib)) for lib, ps in (fo4_ps or {}).items()}
    model = Model(question, results, basis, configs, [], list(d.fits), [], fo4, withheld=list(d.left_out),
                  fo4_ps=fo4_ps, traffic=measured_traffic)
    model.points = dict(d.points)
    model.ge = dict(d.ge)
    library = basis.libraries[0] if basis.libraries else ""
    model.software = (core_options(cores, question, library) if cores else []) + \
        (host_options(host, question) if host else [])
    if configs.empty:
        return model
    one, names = d.alone, d.names
    for _, config in one.iterrows():
        arrays = _array_fits(model, config)
        ps = fo4_of(fo4_ps or {}, config)
        model.engines.append(answer_engine(config, names[config["group"]], question, basis, ps, arrays,
                                           (measured_traffic or {}).get(config["design"])))
    model.arrays = list(d.arrays)
    missing_fo4 = sorted({c["library"] for _, c in one.iterrows() if fo4_of(fo4_ps or {}, c) != fo4_of(fo4_ps or {}, c)})
    if fo4_ps is not None and missing_fo4:
        model.withheld += [NotAnswered(lib, "read latency in FO4", "no stage delay measured for this library")
                           for lib in missing_fo4]
    return model


@dataclass(frozen=True)
class _Derived:
    """What a model reads of its results whatever the question: the same for every memory and clock."""

    basis: Basis
    configs: pd.DataFrame
    fits: tuple[Fit, ...]
    left_out: tuple[NotAnswered, ...]
    points: dict
    ge: dict
    alone: pd.DataFrame  # the engines answered: one row each, with their family
    names: dict
    arrays: tuple


def _derived(loaded: Results, results: Results, stage: str | None) -> _Derived:
    """Computed once per results and stage and kept on the loaded results (a report builds one model per memory
    preset from the same rows)."""
    if stage in loaded.derived:
        return loaded.derived[stage]
    basis = basis_of(results)
    if stage == "synthesis":
        basis = replace(basis, routed=False, unrouted=(), utilizations=())
    configs = configurations(results, basis)
    fit_list, left_out = fit_groups(results, basis)
    alone, names, arrays = configs, {}, ()
    if not configs.empty:
        families = configs.assign(family=_families(results, configs))
        alone = engines_alone(families)
        alone = alone[alone["cycles_per_line"].notna()]
        names = short_labels(list(alone["group"]))
        arrays = tuple(_array_checks(families, basis))
    d = _Derived(basis, configs, tuple(fit_list), tuple(left_out), point_records(results), _ge(results), alone, names,
                 arrays)
    loaded.derived[stage] = d
    return d


def fo4_of(fo4_ps: dict[str, float], config) -> float:
    """The FO4 delay a configuration was timed with: its library's, with its wire-load model where it had one."""
    wire = config.get("wire_load", "none")
    if wire in ("none", "off", ""):
        return fo4_ps.get(config["library"], math.nan)
    return fo4_ps.get(f"{config['library']}|{wire}", math.nan)


def _ge(results: Results) -> dict[str, Record]:
    """Each library's gate equivalent (its NAND2 X1's area), as the results recorded it."""
    pts = results.points
    if GE_AREA not in pts.columns:
        return {}
    rows = pts.dropna(subset=[GE_AREA]).drop_duplicates("pdk")
    return {p: Record(p, "one gate equivalent", "area_um2", float(a), On(library=p)) for p, a in
            zip(rows["pdk"], rows[GE_AREA])}


def _families(results: Results, configs: pd.DataFrame) -> list[str]:
    """Each configuration's family key (its group without activity), as fits.family_of gives the points'."""
    families = family_of(results)
    by_group = dict(zip(results.points["group"], families))
    return [by_group[g] for g in configs["group"]]


def _array_fits(model: Model, config) -> ArrayFits:
    """The measured arrays' fits of the engine's own configuration and power model, for the dispatcher overhead."""
    area_metric = DIE_AREA if model.basis.routed else AREA
    power_metric = routed(POWER) if model.basis.routed else POWER
    mode = "sim:saturated" if isinstance(config.get("saturated"), dict) else "vectorless"
    area = model.fit(config["family"], area_metric, "vectorless")
    power = model.fit(config["family"], power_metric, mode)
    usable = [f for f in (area, power) if f is not None and f.refused is None]
    if not usable:
        return ArrayFits()
    power_row = power.row if power in usable else None
    return ArrayFits(area=area.row if area in usable else None, power=power_row,
                     n_max=max(f.n_max for f in usable),
                     power_model=f"power: {mode.removeprefix('sim:')} fit" if power_row else "area only: no valid "
                     f"{mode.removeprefix('sim:')} power fit, power counts N × one engine")


def _array_checks(configs: pd.DataFrame, basis: Basis) -> list[ArrayCheck]:
    """Every measured array (N > 1) against N × its engine, under each power model it has."""
    out = []
    for family, group in configs.groupby("family", sort=False):
        # one engine is the engine alone where it was measured (the answers' figure), else the array of one
        alone = (group["n"] == 1) & (group["array_mode"] == "")
        single = group[alone] if alone.any() else group[group["n"] == 1]
        if single.empty:
            continue
        engine = single.iloc[0]
        for _, array in group[(group["n"] > 1) | ((group["n"] == 1) & alone.any() & ~alone)].iterrows():
            models = [("vectorless", array["vectorless"], engine["vectorless"])]
            if isinstance(array.get("saturated"), dict) and isinstance(engine.get("saturated"), dict):
                models.append(("simulated, saturated", array["saturated"], engine["saturated"]))
            for name, a, e in models:
                n, power, one = int(array["n"]), sum(a.values()), sum(e.values())
                flag = gates.array_sum(power, n, one, name.split(",")[0])
                if flag:
                    on = On(library=array["library"], stage=basis.stage, power=name)
                    share = within(f"array power / N × one engine ({name})",
                                   Record(identity(array), f"array power ({name})", "power_mw", power * 1e3, on),
                                   Record(identity(array), f"N × one engine's power ({name})", "power_mw",
                                          n * one * 1e3, on)).ratio
                    cells_on = On(library=array["library"], stage=basis.stage)
                    cells = within("array cells / N × one engine's",
                                   Record(identity(array), "array cells", "cells", float(array["cells"]), cells_on),
                                   Record(identity(array), "N × one engine's cells", "cells",
                                          n * float(engine["cells"]), cells_on)).ratio
                    out.append(ArrayCheck(array, name, share, cells, flag))
    return out


__all__ = ["Model", "SchemeAnswer", "ArrayCheck", "build", "identity", "engine_power"]
