"""Published engines beside the nearest configuration of ours, like for like.

Each published work (published.toml) names the configuration of ours nearest to it in cipher, key size and
parallelism (a design and its parameters); ours is that engine as the answer model answers it (`Model.answered`),
never a scheme's cheapest. Both sides state what their figures are on: library, flow, stage, power model, clock,
voltage and source snapshot. Their figures are as printed (`Cited`); what can be derived from them is derived, as a
record with its derivation in parts a reader sees ("1.22 GHz × one 128-bit block / 12 cycles"): Gb/s, pJ/bit (power
and throughput at the clock the power was measured at), kGE (area / the library's NAND2 X1 area) and cycles per
block. OpenROAD-flow-scripts' figures are read from its committed metadata (reports/nodes/data/orfs_aes.csv) at one
commit for both platforms.

Every ratio between their figure and ours is a comparison (cryptoppa.answers.comparison): the gate lets through
those whose bases agree (a count of cycles depends on the designs alone) and refuses the others, with the axes that
differ; `Pairing.refused` lists them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources

import pandas as pd

from ..feasibility import node_checks
from ..paths import ROOT
from .basis import supply
from .comparison import Comparison, compare, side
from .engines import EngineAnswer
from .labels import tokens
from .model import Model
from .records import Cited, NotAnswered, On, Record

BLOCK = "one 128-bit block"  # what a cycle count and a throughput are per, on both sides
ABOUT = ("design", "source")  # what a comparison with another work is about
ORFS_DATA = node_checks.DATA / node_checks.ORFS
# Our own measurement of Nangate45's gate equivalent (its NAND2_X1), beside the libraries report's engines.
GE_DATA = ROOT / "reports" / "libraries" / "data" / "stage_delay.csv"
ORFS_SOURCE = "OpenROAD-flow-scripts"
# The columns a row may fill, in the table's order: (key, heading).
COLUMNS = (("kge", "kGE"), ("ghz", "GHz"), ("gbps", "Gb/s"), ("pj_per_bit", "pJ/bit"),
           ("cycles", "cycles per block"), ("latency", "latency, cycles"))
# What one figure of each column is per, and which basis axes it depends on beyond the design and the source:
# area on the cells and the flow; a clock and a throughput on those, the stage and the supply; energy on all.
UNIT = {"kge": "one engine", "ghz": "one engine", "gbps": "one engine", "pj_per_bit": "one bit",
        "cycles": f"{BLOCK} at saturation", "latency": "one read"}
AXES = {"kge": ("library", "flow", "stage"), "ghz": ("library", "flow", "stage", "voltage"),
        "gbps": ("library", "flow", "stage", "clock", "voltage"),
        "pj_per_bit": ("library", "flow", "stage", "power", "clock", "voltage"), "cycles": (), "latency": ()}


@dataclass(frozen=True)
class Figure:
    """One figure of a row: a record, derived (`how`: the parts of its derivation) or measured, or a cited one."""

    value: Record | Cited
    how: tuple = ()  # words, records and cited figures; empty: as printed, or as our model answers it
    note: str = ""  # printed after the value ("routed", "ten cores")
    basis: dict[str, str] = field(default_factory=dict)  # the axes this figure is on (stage, power, clock, scope)
    single: bool = True  # one number a ratio can be formed with (not a printed range)


@dataclass(frozen=True)
class Row:
    label: str  # "ORFS aes_cipher_top, nangate45", "ours: xts KEY_BITS=256 LANES=1"
    what: str  # cipher, key size, parallelism
    basis: dict[str, str]  # axes shared by its figures: design, library, flow, voltage, source
    stated: tuple  # the basis as a reader sees it: parts (words and records)
    figures: dict[str, Figure] = field(default_factory=dict)
    withheld: tuple[NotAnswered, ...] = ()  # a derivable figure left blank, and why
    sources: tuple[str, ...] = ()  # documents its figures cite beyond the work's own citation


@dataclass(frozen=True)
class Pairing:
    key: str
    name: str
    citation: str
    theirs: tuple[Row, ...]
    ours: tuple[Row, ...]
    differs: str
    comparisons: tuple[Comparison, ...]
    missing: tuple[NotAnswered, ...]  # a declared configuration of ours this model does not answer

    @property
    def withheld(self) -> list[NotAnswered]:
        """Everything this pairing leaves out, and why: refused ratios, blank figures, configurations not here."""
        return self.refused + [n for r in self.theirs + self.ours for n in r.withheld] + list(self.missing)

    @property
    def sources(self) -> list[str]:
        return list(dict.fromkeys([self.citation, *(s for r in self.theirs for s in r.sources)]))

    @property
    def answered(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.answered]

    @property
    def refused(self) -> list[NotAnswered]:
        return [c.refused for c in self.comparisons if c.refused is not None]


def entries() -> list[dict]:
    return _toml()["engine"]


@dataclass(frozen=True)
class GateEquivalent:
    area: Record | Cited  # the NAND2's area, µm²
    cell: str
    where: str  # where the area comes from: our committed measurement, or the cited document


def gate_equivalents() -> dict[str, GateEquivalent]:
    """Per platform, its NAND2 X1 area: ours where we measured it, else the cited one (published.toml [ge])."""
    out = {p: GateEquivalent(Cited(g["area_um2"], g["citation"]), g["cell"], "cited below")
           for p, g in _toml().get("ge", {}).items()}
    if GE_DATA.is_file():
        table = pd.read_csv(GE_DATA).drop_duplicates("pdk")
        for pdk, cell, area in zip(table["pdk"], table["ge_cell"], table["ge_area_um2"]):
            # keyed as the model keys a library's gate equivalent (Model.ge), so one quantity shows one text
            out[pdk] = GateEquivalent(Record(pdk, "one gate equivalent", "area_um2", float(area), On(library=pdk)),
                                      cell, f"our `cryptoppa pdk stage-delay`, `{GE_DATA.relative_to(ROOT)}`")
    return out


def _toml() -> dict:
    return tomllib.loads(resources.files(__package__).joinpath("published.toml").read_text(encoding="utf-8"))


def pairings(model: Model) -> list[Pairing]:
    """Every published work beside its nearest configurations of ours in this model, with their comparisons."""
    out = []
    for entry in entries():
        theirs = tuple(orfs_rows(entry) if "orfs" in entry else [printed_row(entry)])
        ours, missing = [], []
        for declared in entry["ours"]:
            engine = nearest(model, declared)
            if engine is None:
                missing.append(NotAnswered(configuration(declared), f"ours, {configuration(declared)}, beside "
                                           f"{entry['name']}", "not measured in this report's results"))
            else:
                ours.append(our_row(engine, declared, model, any("latency" in t.figures for t in theirs)))
        comparisons = _compare(entry["name"], theirs, ours)
        out.append(Pairing(entry["key"], entry["name"], entry["citation"], theirs, tuple(ours), entry["differs"],
                           comparisons, tuple(missing)))
    return out


def configuration(declared: dict) -> str:
    """'xts KEY_BITS=256 LANES=1': a declared configuration as the tables name it."""
    return " ".join([declared["design"], *(f"{k}={v}" for k, v in declared["params"].items())])


def nearest(model: Model, declared: dict) -> EngineAnswer | None:
    """The answered engine (the engine alone) of the declared design whose parameters include the declared ones."""
    wanted = {f"{k}={v}" for k, v in declared["params"].items()}
    return next((e for e in model.answered if e.config["design"] == declared["design"]
                 and wanted <= set(tokens(e.config["group"]))), None)


# ---------------------------------------------------------------------------------------------------- theirs


def _as_printed(value: float) -> str:
    """A committed figure as its source wrote it (the shortest text of the float)."""
    return repr(float(value)).removesuffix(".0")


def orfs_rows(entry: dict) -> list[Row]:
    """OpenROAD-flow-scripts' aes_cipher_top on each platform of one snapshot, from its committed metadata."""
    spec = entry["orfs"]
    table = pd.read_csv(ORFS_DATA)
    table = table[table["commit"] == spec["commit"]].set_index("platform")
    ge = gate_equivalents()
    rows = []
    for platform in spec["platforms"]:
        r = table.loc[platform]
        short = spec["commit"][:7]
        subject = f"ORFS aes_cipher_top {short} {platform}"
        cite = f"{ORFS_SOURCE} `{short}`, `{r['source'].split(' ')[0]}`"
        library = entry["libraries"][platform]
        area, period, slack, power = (Cited(_as_printed(r[c]), f"{cite}: {c}") for c in (
            "synth_area_um2", "clock_period_ns", "finish_setup_ws_ns", "finish_power_w"))
        cycles = _rtl_cycles(entry, subject)
        constraint = Record(subject, "the constraint's clock", "ghz", 1 / period.value, On(library=library))
        if slack.value < 0:  # the routed design misses the constraint: it runs at the period plus the slack
            routed = Record(subject, "routed clock", "ghz", 1 / (period.value - slack.value),
                            On(library=library, stage="routed"))
            routed_how = ("1 / (", period, " ns − (", slack, " ns worst setup slack))")
        else:  # met: the constraint's clock (its fmax may be higher; the flow did not look)
            routed = Record(subject, "routed clock", "ghz", constraint.value, On(library=library, stage="routed"))
            routed_how = ("1 / ", period, " ns, met (worst setup slack ", slack, " ns)")
        routed_clock = f"routed clock ({routed.text} GHz)"
        gbps = Record(subject, "throughput at the routed clock", "gbps", routed.value * 128 / cycles.value.value,
                      On(library=library, stage="routed", clock=routed_clock))
        at_constraint = constraint.value * 128 / cycles.value.value
        energy = Record(subject, "energy per bit at the constraint's clock", "pj_per_bit",
                        power.value / (at_constraint * 1e9) * 1e12,
                        On(library=library, stage="routed", power=entry["basis"]["power"],
                           clock=f"the constraint's ({constraint.text} GHz)"))
        figures = {
            "ghz": Figure(routed, routed_how, "routed", {"stage": "routed"}),
            "gbps": Figure(gbps, (routed, f" GHz × {BLOCK} / ", cycles.value, " cycles"), "",
                           {"stage": "routed", "clock": routed_clock}),
            "pj_per_bit": Figure(energy, (power, " W / (", constraint, f" GHz × {BLOCK} / ", cycles.value,
                                          " cycles)"), "",
                                 {"stage": "routed", "power": entry["basis"]["power"],
                                  "clock": f"the constraint's ({constraint.text} GHz)"}),
            "cycles": cycles,
        }
        withheld, sources = [], []
        if platform not in ge:
            withheld.append(NotAnswered(subject, "kGE", "no gate-equivalent area measured or cited for this library"))
        else:
            g = ge[platform]
            if isinstance(g.area, Cited):
                sources.append(f"{g.cell}: {g.area.citation}")
            kge = Record(subject, "kGE at synthesis", "kge", area.value / g.area.value / 1e3,
                         On(library=library, stage="synthesis"))
            figures["kge"] = Figure(kge, (area, " µm² / ", g.area, f" µm² ({g.cell}: {g.where}), in thousands"),
                                    "", {"stage": "synthesis"})
        supply_v = Cited(f"{_as_printed(r['supply_v'])} V", f"{cite}: supply_v, the liberty's nominal voltage")
        stated = ("synthesis area; routed clock; power at ", constraint, " GHz, vectorless; ", supply_v,
                  f", {library}; ORFS `{short}` (`{r['date']}`)")
        rows.append(Row(f"ORFS aes_cipher_top, {platform}", entry["what"],
                        dict(design="aes_cipher_top (OpenCores)", library=library, flow=entry["basis"]["flow"],
                             voltage=supply_v.text, source=f"{ORFS_SOURCE} {short}"), stated, figures,
                        tuple(withheld), tuple(sources)))
    return rows


def _rtl_cycles(entry: dict, subject: str) -> Figure:
    """Cycles per block from the round counter the RTL loads (published.toml: what the RTL shows)."""
    spec = entry["cycles"]
    counter = Cited(spec["counter"], spec["citation"])
    loaded = int(spec["counter"].partition("'h")[2], 16)
    cycles = Record(subject, "cycles per block", "cycles", float(loaded + spec["after"]))
    how = ("ld loads the round counter with ", counter, f" ({loaded}), done is registered {spec['after']} cycle "
           "after it counts down to 1; a new ld before done suppresses done: one block in flight")
    return Figure(cycles, how)


def printed_row(entry: dict) -> Row:
    """A work's figures as printed, and what they give per core."""
    citation, printed, basis = entry["citation"], entry.get("figures", {}), entry["basis"]
    figures: dict[str, Figure] = {}
    if "mhz" in printed:
        mhz = Cited(printed["mhz"], citation)
        figures["ghz"] = Figure(Record(entry["name"], "clock", "ghz", mhz.value / 1e3), (mhz, " in GHz"))
    if "latency" in printed:
        figures["latency"] = Figure(Cited(printed["latency"], citation), basis={"scope": entry["scope"]})
    if "gbps_range" in printed:
        figures["gbps"] = Figure(Cited(printed["gbps_range"], citation), note="per instance", single=False)
    if "gbps" in printed:
        total = Cited(printed["gbps"], citation)
        cores = entry.get("cores", 1)
        figures["gbps"] = Figure(total)
        if cores > 1:  # the printed total split per core, and what a core does per cycle
            per_core = Record(entry["name"], "throughput of one core", "gbps", total.value / cores)
            figures["gbps"] = Figure(per_core, (total, f" / {cores} cores"), "one core")
            clock = figures["ghz"].value
            per_block = Record(entry["name"], "cycles per block, one core", "cycles",
                               clock.value * 128 * cores / total.value)
            figures["cycles"] = Figure(per_block, (clock, f" GHz × {cores} cores × {BLOCK} / ", total),
                                       "one core")
    known = [f"{k} {v}" if k == "clock" else v for k, v in basis.items() if v != "unstated" and k != "power"]
    unstated = [{"voltage": "supply"}.get(k, k) for k, v in basis.items() if v == "unstated"]
    stated = "; ".join(known + ([", ".join(unstated) + " unstated"] if unstated else []))
    source = citation.split(",")[0]
    return Row(entry["name"], entry["what"], dict(design=entry["name"], source=source, **basis), (stated,), figures)


# ------------------------------------------------------------------------------------------------------ ours


def our_row(e: EngineAnswer, declared: dict, model: Model, with_latency: bool = False) -> Row:
    """Our engine of the declared configuration in the table's units, at its own fmax on the report's basis (its
    read latency where the work it is set beside prints one)."""
    blocks = float(e.config["line_bytes"]) / 16
    per_line = e.get("cycles per line")
    per_block = Record(e.identity, "cycles per block", "cycles", per_line.value / blocks, per_line.on, per_line.rows)
    stage, power, clock = model.basis.stage, e.get("power").on.power, e.get("throughput").on.clock
    figures = {"kge": Figure(e.get("kGE"), basis={"stage": stage}),
               "ghz": Figure(in_ghz(e), note="fmax", basis={"stage": stage}),
               "gbps": Figure(e.get("throughput"), basis={"stage": stage, "clock": clock}),
               "pj_per_bit": Figure(per_bit(e), (e.get("energy per byte"), " pJ/B / 8"),
                                    basis={"stage": stage, "power": power, "clock": clock}),
               "cycles": Figure(per_block, (per_line, f" cycles per line / {blocks:g} blocks"))}
    latency = _cycles(e)
    if latency is not None and with_latency:
        figures["latency"] = Figure(latency, basis={"scope": "a line's arrival to its plaintext, no prefetch hint"})
    library = e.config["library"]
    volts = supply(library)
    stated = (f"{stage}; fmax; {power} power; {volts or 'supply unstated'}, {library}; this report's data",)
    return Row(f"ours: {configuration(declared)}", declared["what"],
               dict(design=f"{configuration(declared)} (ours)", voltage=volts), stated, figures)


def in_ghz(e) -> Record:
    fmax = e.get("fmax")
    return Record(e.identity, "fmax in GHz", "ghz", fmax.value / 1e3, fmax.on, fmax.rows)


def per_bit(e) -> Record:
    per_byte = e.get("energy per byte")
    return Record(e.identity, "energy per bit", "pj_per_bit", per_byte.value / 8, per_byte.on, per_byte.rows)


def _cycles(e) -> Record | None:
    """The verified read latency without a hint, in engine cycles (the unit vendors quote)."""
    cycles = e.config["read_latency_cycles"]
    if cycles != cycles:
        cycles = e.config["read_latency_data_cycles"]
    if cycles != cycles:
        return None
    return Record(e.identity, "verified read latency without a hint", "cycles", float(cycles),
                  e.get("fmax").on, e.get("fmax").rows)


# ----------------------------------------------------------------------------------------------- comparisons


def _compare(name: str, theirs: tuple[Row, ...], ours: list[Row]) -> tuple[Comparison, ...]:
    """ours / theirs for every column both sides have one number in (once per pair of figures)."""
    out, seen = [], set()
    for their in theirs:
        for mine in ours:
            for column, heading in COLUMNS:
                a, b = mine.figures.get(column), their.figures.get(column)
                if a is None or b is None or not (a.single and b.single):
                    continue
                # a count depends on the designs alone: once per value, whichever of their rows shows it
                key = (mine.label, column, b.value.text) + (() if not AXES[column] else (their.label,))
                if key in seen:
                    continue
                seen.add(key)
                out.append(compare(heading, _side("ours", mine, a, column), _side(their.label, their, b, column),
                                   about=ABOUT, subject=f"{name}: {mine.label}"))
    return tuple(out)


def _side(label: str, row: Row, figure: Figure, column: str):
    """A side on the axes the column depends on (the others blank on both sides, so they cannot differ)."""
    depends = AXES[column]
    axes = {a: "" for a in ("library", "flow", "stage", "power", "clock", "voltage")}
    axes.update({a: v for a, v in row.basis.items() if a in depends or a in ABOUT})
    axes.update({a: v for a, v in figure.basis.items() if a in depends or a == "scope"})
    if "library" in depends and isinstance(figure.value, Record) and label == "ours":
        axes["library"] = figure.value.on.library
    if "flow" in depends and label == "ours":
        axes.pop("flow")  # side() fills our flow
    axes.setdefault("source", "")
    if label == "ours":
        axes.pop("source")  # side() fills our source
    return side(label, figure.value, unit=UNIT[column], **axes)
