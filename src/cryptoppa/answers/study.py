"""Owen 2013 beside our measurement, as comparisons (cryptoppa.answers.comparison): each figure the study printed,
as printed with its citation, ours for the same quantity, and their ratio only where both are on one basis or the
difference is split into measured factors.

The study measured one engine class, an iterative AES-GCM module with 16-bit GHASH digits (Owen 2013, §5.1), so
ours of that class is compared: `gcm_iter` with DIGIT=16, AES-128 and table S-boxes where the results have it, the
engine alone ("one engine" everywhere). The study's question is 25.6 GB/s at its 225 MHz, its engines carrying the
data alone (no tag traffic, Owen 2013, §6.1).

What separates the two bases besides the engines: the library (the study's FreePDK45 cells against ours), the
tools (Synopsys Design Vision against Yosys, ABC and OpenSTA), the supply voltage (unstated in the study) and, for
power, the activity model (the study's tool estimate is vectorless; ours is simulated). The control that measures
the first three is the study's own RTL through our flow (`control`: the OpenCores gcm-aes module on our library):
the same RTL on our flow and library against the study's printed figure is their factor together; our same
netlist's simulated against its vectorless power is the activity model's. What is left is the engines'. Without
the control, the ratios of library-bound figures (area, power, fmax) are refused.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

import pandas as pd

from ..catalog import AREA, BRAM, DIE_AREA, FPGA_FFS, LUTS, POWER, routed
from ..feasibility import owen2013
from ..paths import ROOT, shown
from ..sweep import results as results_mod
from .basis import supply, vectorless_power
from .comparison import OUR_FLOW, Comparison, Factor, Side, compare, factor, side, within
from .engines import EngineAnswer
from .model import Model
from .question import STUDY_CLOCK_MHZ, STUDY_MEMORY
from .records import Cited, On, Record
from .totals import totals

ENGINES, TOTAL_AREA, TOTAL_POWER = "engines for 25.6 GB/s", "total area for 25.6 GB/s, mm²", "total power for 25.6 GB/s, W"
STUDY = "Owen 2013"
# The study's side, axis by axis (Owen 2013, §5.2: Synopsys Design Vision, the FreePDK45 library, pre-layout,
# "typical" power of the tool's default activity, 225 MHz; it prints no supply voltage).
STUDY_DESIGN = "OpenCores gcm-aes, as Owen 2013 modified it"
STUDY_BASIS = dict(design=STUDY_DESIGN, library="FreePDK45, the study's cells", flow="Synopsys Design Vision",
                   stage="synthesis", power="vectorless", voltage="unstated", source=STUDY)
SEPARATE = ("library", "flow", "voltage")  # what the control's factor accounts for
ABOUT = ("design", "source")  # what a comparison with the study is about
LIBRARY_FACTOR = "library, tools and supply: the study's RTL on our flow and library / as the study printed"
POWER_FACTOR = "activity model: simulated / vectorless, the same netlist"


@dataclass(frozen=True)
class Beside:
    quantity: str  # what both printed, with its unit
    cited: Cited
    ours: Record
    comparison: Comparison

    @property
    def ratio(self) -> Record | None:
        return self.comparison.ratio if self.comparison.answered else None


@dataclass(frozen=True)
class _Row:
    quantity: str
    cited: Cited
    ours: Record
    basis: dict  # the axes both sides share by construction (unit, scope, clock)
    control: str = ""  # the control's figure that carries library, tools and supply ("": cells do not matter)
    vectorless: Record | None = None  # ours on the study's activity model, where ours is simulated


def study_engine(model: Model) -> EngineAnswer | None:
    """Our engine of the study's class among the answered ones (see the module docstring)."""
    gcm = [e for e in model.answered if e.config["design"].startswith("gcm")]
    like = [e for e in gcm if e.config["design"] == "gcm_iter" and "DIGIT=16" in e.config["group"]
            and "KEY_BITS=128" in e.config["group"] and "SBOX=1" not in e.config["group"]]
    return (like or gcm or [None])[0]


def beside_owen2013(model: Model, control: dict[str, Record] | None = None) -> list[Beside]:
    """The comparisons both sides have a figure for. The model must answer the study's question.

    control: the study's RTL through our flow on the engine's library ("area", "power", "fmax" records, power
    vectorless at the study's clock), whose ratio to the study's printed figure is the library, tools and supply
    factor of every figure that depends on the cells."""
    if model.question.memory != STUDY_MEMORY or model.question.clock != "study":
        raise ValueError("the Owen 2013 comparison needs a model of the study's question (desktop-25.6 at 225 MHz)")
    engine = study_engine(model)
    if engine is None:
        return []
    config, subject, figures = engine.config, engine.identity, engine.figures
    # As the study counted: the engines carry the data alone, no tag traffic (Owen 2013, §6.1).
    alone = totals(config, model.question.bits_per_second, STUDY_CLOCK_MHZ, engine.arrays, extra_traffic=0.0)
    clock = f"{STUDY_CLOCK_MHZ:g} MHz"
    base = next(iter(engine.totals.values())).on
    on = On(library=base.library, stage=base.stage, power=base.power, clock=base.clock, memory=base.memory,
            access="data alone, as Owen 2013 counted")
    vectorless_on = On(library=config["library"], stage=model.basis.stage, power="vectorless", clock=clock)

    def rec(name: str, quantity: str, value: float, on_: On = on) -> Record:
        return Record(subject, name, quantity, value, on_, figures["area"].rows)

    one_vectorless = vectorless_power(config, STUDY_CLOCK_MHZ) * 1e3
    # the same engines and arrays on the study's activity model: vectorless engines, the vectorless arrays' overhead
    vector_fit = model.fit(config["family"], routed(POWER) if model.basis.routed else POWER, "vectorless")
    vector_arrays = replace(engine.arrays, power=vector_fit.row if vector_fit and vector_fit.slope else None)
    alone_vectorless = totals(config.drop(["saturated", "idle"], errors="ignore"), model.question.bits_per_second,
                              STUDY_CLOCK_MHZ, vector_arrays, extra_traffic=0.0)
    asic = next(o for o in owen2013.OWEN2013.options if o.key == "asic")
    table = owen2013.OWEN2013.asic_table_source.split(":")[0]
    one = owen2013.OWEN2013.asic_table[0]
    at_clock = dict(clock=clock)
    one_engine = {"area": Cited(f"{one.area_um2:.0f}", table), "power": Cited(f"{one.power_mw:g}", table),
                  "fmax": Cited(f"{owen2013.ASIC_FMAX_MHZ:g}", owen2013.ASIC_FMAX_SOURCE)}
    rows = [
        _Row("area of one engine, µm²", Cited(f"{one.area_um2:.0f}", table), figures["area"],
             dict(unit="one engine", scope="the engine"), "area"),
        _Row("power of one engine, mW", Cited(f"{one.power_mw:g}", table), figures["power"],
             dict(unit="one engine", scope="the engine", **at_clock), "power",
             rec("power, vectorless", "power_mw", one_vectorless, vectorless_on)),
        _Row("cycles per 64-byte line", Cited(f"{asic.cycles_per_line}", "Owen 2013, Table 5.1"),
             figures["cycles per line"], dict(unit="one 64-byte line with its tag")),
        _Row("fmax of one engine, MHz", Cited(f"{owen2013.ASIC_FMAX_MHZ:g}", owen2013.ASIC_FMAX_SOURCE),
             figures["fmax"], dict(unit="one engine"), "fmax"),
        _Row("throughput of one engine, Mb/s", Cited(f"{asic.throughput_mbps:g}", "Owen 2013, Table 6.1"),
             rec("throughput", "mbps", alone.gbps_each * 1e3), dict(unit="one engine", **at_clock)),
        _Row(ENGINES, Cited(f"{asic.study_instances:g}", "Owen 2013, §6.1.3"),
             rec("engines", "engines", alone.engines), dict(unit="25.6 GB/s", scope="data alone", **at_clock)),
        _Row(TOTAL_POWER, Cited(f"{asic.study_power_w:g}", "Owen 2013, §6.1.3"),
             rec("total power", "power_w", alone.power_w), dict(unit="25.6 GB/s", scope="data alone", **at_clock),
             "power", rec("total power, vectorless", "power_w", alone_vectorless.power_w, vectorless_on)),
        _Row(TOTAL_AREA, Cited(f"{asic.study_area_mm2:g}", "Owen 2013, §6.1.3"),
             rec("total area", "area_mm2", alone.area_mm2), dict(unit="25.6 GB/s", scope="data alone"), "area"),
    ]
    for metric, quantity, printed in ((DIE_AREA if model.basis.routed else AREA, "area", owen2013.ASIC_AREA_FIT),
                                      (routed(POWER) if model.basis.routed else POWER, "power",
                                       owen2013.ASIC_POWER_FIT)):
        fit = model.fit(config["family"], metric, "vectorless")  # the study's estimate is vectorless too
        if fit is not None and fit.slope is not None:
            unit = "µm²" if quantity == "area" else "mW"
            rows.append(_Row(f"{quantity} per added engine, {unit}", Cited(f"{printed.slope:g}",
                                                                           printed.source.split(":")[0]),
                             fit.slope, dict(unit="one added engine in an array",
                                             **(at_clock if quantity == "power" else {})), quantity))
    out = []
    for row in rows:
        if not row.ours.known or math.isnan(row.ours.value):
            continue
        a, b = _sides(row, model, engine)
        factors: tuple[Factor, ...] = ()
        if row.control and control and row.control in control:
            # the library, tools and supply scale what one engine costs: the same RTL's one engine on both sides
            factors += (factor(LIBRARY_FACTOR, SEPARATE, control[row.control], one_engine[row.control],
                               subject=subject),)
        if row.vectorless is not None and row.ours.on.power != "vectorless":
            factors += (factor(POWER_FACTOR, ("power",), row.ours, row.vectorless, subject=subject),)
        out.append(Beside(row.quantity, row.cited, row.ours,
                          compare(row.quantity, a, b, about=ABOUT, factors=factors, subject=subject)))
    return out


def _sides(row: _Row, model: Model, engine: EngineAnswer) -> tuple[Side, Side]:
    """Ours and the study's side of one row: every axis of both where the figure depends on the cells, the design,
    source and the shared axes alone where it does not (a count of cycles or engines)."""
    library = engine.config["library"]
    ours_design = f"{engine.name} (ours)"
    if row.control:
        ours = side("ours", row.ours, design=ours_design, library=library, flow=OUR_FLOW, stage=model.basis.stage,
                    voltage=supply(library), power=row.ours.on.power if "clock" in row.basis else "", **row.basis)
        theirs = side(STUDY, row.cited, **dict(STUDY_BASIS, power="vectorless" if "clock" in row.basis else "",
                                                **row.basis))
        if "clock" not in row.basis:  # area and fmax are no power's: neither side names a power model or clock
            ours = Side(ours.label, ours.figure, tuple((k, v) for k, v in ours.basis if k not in ("power", "clock")))
        return ours, theirs
    bare = dict(library="", flow="", stage="", power="", clock="", voltage="")
    return (side("ours", row.ours, design=ours_design, **dict(bare, **row.basis)),
            side(STUDY, row.cited, design=STUDY_DESIGN, source=STUDY, **row.basis))


# The control: the study's RTL through our flow (scripts/study_rtl.py writes it beside the libraries report's data).
CONTROL = ROOT / "reports" / "libraries" / "data" / "study_rtl.csv"
REFERENCE_LIBRARY = "nangate45/typ"  # the library that splits ours from the tools (a copy a reader can get)
CONTROL_COLUMNS = {"area": ("area_um2", "area_um2"), "power": ("power_mw", "power_mw"),
                   "fmax": ("fmax_mhz", "fmax_mhz"), "cycles": ("cycles_per_line", "cycles"),
                   "kge": ("area_kge", "kge")}


def control_of(library: str, table: Path = CONTROL, wire_load: str = "") -> dict[str, Record]:
    """The study's RTL on `library` ("pdk/corner") as our flow measured it: area, kGE, fmax, cycles per line and
    vectorless power at the study's clock, each a record ({} where no row was measured)."""
    rows = results_mod.read(table.parent, table.with_suffix(".parquet").name) if table.exists() else pd.DataFrame()
    if rows.empty:
        return {}
    pick = rows[(rows["target"] == library)]
    if wire_load:
        pick = pick[pick["wire_load"] == wire_load]
    else:  # the library's own setting: none where it has no model, its model where it has one
        pick = pick[pick["wire_load"] != "off"]
    if pick.empty:
        return {}
    row = pick.iloc[0]
    subject = f"{row['top']} (the study's RTL) on {library}"
    cells = On(library=library, stage="synthesis")
    powered = On(library=library, stage="synthesis", power="vectorless", clock=f"{float(row['clock_mhz']):g} MHz")
    source = (shown(table),)
    return {name: Record(subject, f"the study's RTL, {name}", quantity, float(row[column]),
                         powered if name == "power" else cells, source)
            for name, (column, quantity) in CONTROL_COLUMNS.items() if column in row and pd.notna(row[column])}


@dataclass(frozen=True)
class Step:
    """One factor of a decomposed ratio (depth 1), or a split of the factor above it (depth 2)."""

    name: str
    ratio: Record  # a comparison's ratio
    depth: int


@dataclass(frozen=True)
class Decomposition:
    """Ours / the study's for one quantity, split into measured factors whose product is the ratio."""

    quantity: str
    comparison: Comparison
    steps: tuple[Step, ...]


def decompose(model: Model, control: dict[str, Record], reference: dict[str, Record]) -> list[Decomposition]:
    """Area and vectorless power of one engine, ours / Owen 2013's, split: the library, tools and supply (the
    study's RTL on our flow and library / as printed; of which our library / Nangate45 on that RTL, and Nangate45 on
    our flow / the study's printed figure), then the engines on equal bases (ours / the study's RTL on one flow and
    library; of which the work per cycle, and the area or energy per unit of work).

    control: the study's RTL on our engine's library; reference: the same RTL on Nangate45 (control_of)."""
    engine = study_engine(model)
    if engine is None or not control:
        return []
    one = owen2013.OWEN2013.asic_table[0]
    table = owen2013.OWEN2013.asic_table_source.split(":")[0]
    config, subject = engine.config, engine.identity
    clock = f"{STUDY_CLOCK_MHZ:g} MHz"
    cycles = engine.figures["cycles per line"]
    their_cycles = control.get("cycles") or Cited(
        f"{next(o for o in owen2013.OWEN2013.options if o.key == 'asic').cycles_per_line}", "Owen 2013, Table 5.1")
    vectorless = Record(subject, "power, vectorless", "power_mw", vectorless_power(config, STUDY_CLOCK_MHZ) * 1e3,
                        On(library=config["library"], stage=model.basis.stage, power="vectorless", clock=clock),
                        engine.figures["area"].rows)
    out = []
    for quantity, ours, printed, kind, per_work in (
            ("area of one engine", engine.figures["area"], Cited(f"{one.area_um2:.0f}", table), "area",
             "area per unit of throughput (area × cycles per line)"),
            ("power of one engine, vectorless", vectorless, Cited(f"{one.power_mw:g}", table), "power",
             "energy per line (power × cycles per line)")):
        mine = control.get(kind)
        if mine is None:
            continue
        basis = dict(unit="one engine", scope="the engine", **({"clock": clock} if kind == "power" else {}))
        ours_side = side("ours", ours, design=f"{engine.name} (ours)", voltage=supply(config["library"]), **basis)
        theirs = side(STUDY, printed, **dict(STUDY_BASIS, power="vectorless" if kind == "power" else "", **basis))
        library = factor(LIBRARY_FACTOR, SEPARATE, mine, printed, subject=subject)
        engines = factor("the engines on one flow and library: ours / the study's RTL", ("design",), ours, mine,
                         subject=subject)
        whole = compare(quantity, ours_side, theirs, about=ABOUT, factors=(library, engines), subject=subject)
        steps = [Step(library.name, library.value, 1)]
        ref = reference.get(kind)
        if ref is not None:
            steps += [Step("of which our library / Nangate45, the study's RTL on our flow", compare(
                f"{quantity}: the study's RTL, {config['library']} / {ref.on.library}",
                side("ours", mine, design=STUDY_DESIGN, voltage=supply(mine.on.library), **basis),
                side("Nangate45", ref, design=STUDY_DESIGN, voltage=supply(ref.on.library), **basis),
                about=("library", "voltage"), subject=subject).ratio, 2),
                Step("of which Nangate45 on our flow / the study's printed figure", compare(
                    f"{quantity}: the study's RTL on Nangate45, our flow / as printed",
                    side("ours", ref, design=STUDY_DESIGN, voltage=supply(ref.on.library), **basis),
                    theirs, about=("library", "flow", "voltage", "source"), subject=subject).ratio, 2)]
        line = dict(unit="one 64-byte line with its tag", library="", flow="", stage="", power="", clock="")
        work = compare(f"{quantity}: work per cycle", side("the study's RTL", their_cycles, design=STUDY_DESIGN,
                                                           **line),
                       side("ours", cycles, design=f"{engine.name} (ours)", **line),
                       about=("design", "source"), subject=subject).ratio
        steps += [Step(engines.name, engines.value, 1),
                  Step("of which the work per cycle (the study's RTL's cycles per line / ours)", work, 2),
                  Step("of which per unit of work (area × cycles per line; energy per line)", within(
                      f"{quantity}: {per_work}, ours / the study's RTL",
                      Record(subject, per_work, ours.quantity, ours.value * cycles.value, ours.on, ours.rows),
                      Record(subject, per_work, mine.quantity, mine.value * their_cycles.value, mine.on, mine.rows),
                      about=("design",)).ratio, 2)]
        out.append(Decomposition(quantity, whole, tuple(steps)))
    return out


def fpga_control_of(target: str, table: Path = CONTROL) -> dict[str, Record]:
    """The study's RTL on an FPGA target as our synthesis mapped it, by resource metric (cryptoppa.catalog): LUTs,
    flip-flops and block RAMs of one module ({} where it was not measured)."""
    rows = results_mod.read(table.parent, table.with_suffix(".parquet").name) if table.exists() else pd.DataFrame()
    if rows.empty or "luts" not in rows.columns:
        return {}
    pick = rows[(rows["target"] == target) & rows["luts"].notna()]
    if pick.empty:
        return {}
    row = pick.iloc[0]
    on = On(library=target, stage="synthesis")
    subject = f"{row['top']} (the study's RTL) on {target}"
    return {metric: Record(subject, f"the study's RTL, {name}", quantity, float(row[column]), on, (shown(table),))
            for metric, column, name, quantity in ((LUTS, "luts", "LUTs", "luts"),
                                                   (FPGA_FFS, "flip_flops", "flip-flops", "flip_flops"),
                                                   (BRAM, "brams", "block RAMs", "brams"))}
