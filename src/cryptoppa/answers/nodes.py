"""An answer at another process node, as ranges or refusals, every ratio a comparison record.

Silicon: a measured kGE is library-neutral; its area at the node is kGE x the gate equivalent of the node's named
reference library (nodes.GE_REFERENCE), the measured library's own µm² beside it ("on freepdk45_char/nom"). A node
without a reference library has no mm².

Speed and energy: each library's fmax and energy are brought to the node by every estimate that can be made
(`bracket`): Stillmaker & Baas 2017, where its fits hold at both supplies; and each measured library pair that
reaches the node (node_checks: ORFS's AES from Nangate45 to ASAP7 at one snapshot, our engines from FreePDK45 to
sky130), carried to the measuring library by a same-netlist library factor where the pair started on another. The
estimates' extremes bracket the quantity. It is answered as that range only where a measured pair takes part and
the range spans at most LIMIT (2x); otherwise it is not answered, with the estimates and the measurement that would
settle it. The answer model is run at both ends of every bracket (two projected result tables), so engines, totals
and latencies are computed once per end by the same code as a measured answer, and each quantity is the range
between its two ends, or refused where a bracket it depends on is.

Power is gated for plausibility: a measured engine whose energy per gate equivalent per cycle exceeds what its
library's GE cell can draw (pdk.energy_ceiling) has no power at any node.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace


from ..errors import CryptoppaError
from ..feasibility import node_checks, nodes
from ..feasibility.node_checks import Library, Pair
from ..pdk import descriptor
from ..pdk.energy_ceiling import Ceiling, ceiling
from .comparison import Comparison, compare, side
from .engines import CLOSED, HIT, MISS, SPECULATIVE, EngineAnswer
from .model import Model, build
from .records import NotAnswered, On, Record
from .results import Results, group_label

PROJECTED_NODE = "7nm"  # the node the designs report answers at: the ORFS pair's own target
LIMIT = 2.0  # a bracket wider than this, or a check further off, is not an answer
MEASURED_45 = node_checks.DESIGNS_45  # the 45 nm engines every projection starts from
KINDS = {"fmax": ("fmax_mhz", "fmax"), "energy": ("pj", "energy")}  # bracketed kinds: quantity of a side, name
SETTLE = {7: "the engines measured on ASAP7 (OpenROAD-flow-scripts' asap7 platform, our flow)",
          130: "the engines measured on sky130_fd_sc_hd (OpenROAD-flow-scripts' sky130hd platform)"}


def _settle(nm: int) -> str:
    return SETTLE.get(nm, f"the engines measured on a library at {nm} nm (none is open)")


@dataclass(frozen=True)
class Estimate:
    """One way to bring a library's figure to the node: a factor range and the comparisons it is made of."""

    name: str
    low: float
    high: float
    comparisons: tuple[Comparison, ...]
    measured: bool  # a measured library pair takes part
    designs: int  # how many designs its measured ratio spans


@dataclass(frozen=True)
class Bracket:
    pdk: str
    nm: int
    kind: str  # "fmax" or "energy"
    estimates: tuple[Estimate, ...]
    excluded: tuple[str, ...]  # estimates that could not be made, and why
    refused: NotAnswered | None

    @property
    def low(self) -> float:
        return min(e.low for e in self.estimates) if self.estimates else math.nan

    @property
    def high(self) -> float:
        return max(e.high for e in self.estimates) if self.estimates else math.nan

    @property
    def comparisons(self) -> list[Comparison]:
        return [c for e in self.estimates for c in e.comparisons]


def ge_record(ge: nodes.GateEquivalent) -> Record:
    """A reference gate equivalent as a record (its LEF's width x height)."""
    return Record(ge.cell, "one gate equivalent", "area_um2", ge.area_um2, On(library=ge.library))


def _library(pdk: str) -> Library:
    nm, vdd, corner = nodes.MEASURED[pdk]
    return Library(f"{pdk}/{corner}", nm, vdd)


def _figure(lib: Library, design: str, kind: str, value: float, pair: Pair) -> Record:
    quantity = {"kge": "kge", "fmax": "fmax_mhz"}.get(kind) or ("power_w" if pair.power.startswith("vectorless")
                                                                else "pj")
    name = {"kge": "kGE", "fmax": "fmax"}.get(kind) or ("power" if quantity == "power_w" else
                                                        "energy per line" if "simulated" in pair.power else
                                                        "energy per cycle")
    return Record(design, name, quantity, float(value), On(library=f"{lib.name}, {lib.vdd:g} V", power=pair.power))


def pair_ratio(pair: Pair, kind: str) -> Comparison:
    """A measured pair's ratio of one figure, b over a: the same design on two libraries, on their own supplies."""
    ours = not pair.source.startswith(node_checks.ORFS_SOURCE)
    flow = {} if ours else dict(source=pair.source, flow="OpenROAD-flow-scripts (Yosys, OpenROAD)",
                                stage="routed" if kind != "kge" else "synthesis")
    a, b = (_figure(lib, pair.design, kind, value, pair) for lib, value in ((pair.a, pair.figures[kind][0]),
                                                                           (pair.b, pair.figures[kind][1])))
    return compare(f"{_figure(pair.a, pair.design, kind, 0, pair).name}, {pair.b.name} / {pair.a.name}",
                   side(pair.b.name, b, voltage=f"{pair.b.vdd:g} V", design=pair.design, **flow),
                   side(pair.a.name, a, voltage=f"{pair.a.vdd:g} V", design=pair.design, **flow),
                   about=("library", "voltage"), subject=pair.design)


def sb_ratio(kind: str, src: Library, nm: int, vdd: float) -> Comparison:
    """Stillmaker & Baas's factor from a library's node and supply to the node at vdd, as the ratio of the paper's
    two fits (relative speed 1/delay for fmax, energy per operation for energy)."""
    p = nodes.projection(src.nm, nm, src_vdd=src.vdd, dst_vdd=None if nm in nodes.INTERPOLATED else vdd)
    value = {"fmax": (1 / p.delay, 1.0), "energy": (p.energy, 1.0)}[kind]
    name = "relative speed (1 / delay factor)" if kind == "fmax" else "energy factor"
    basis = dict(source=nodes.LABEL, flow="the paper's HSPICE fits on PTM cards", design="the paper's circuits")
    at = Record(nodes.LABEL, f"{name} at {nm} nm, {p.dst_vdd:.3g} V", "fraction", value[0],
                On(library=f"{nm} nm, {p.dst_vdd:.3g} V"))
    start = Record(nodes.LABEL, f"{name} at {src.nm} nm, {src.vdd:g} V", "fraction", value[1],
                   On(library=f"{src.nm} nm, {src.vdd:g} V"))
    return compare(f"{nodes.LABEL}, {kind} {src.nm} nm at {src.vdd:g} V to {nm} nm at {p.dst_vdd:.3g} V",
                   side(f"{nm} nm", at, voltage=f"{p.dst_vdd:.3g} V", **basis),
                   side(f"{src.nm} nm", start, voltage=f"{src.vdd:g} V", **basis),
                   about=("library", "voltage"), subject=nodes.LABEL)


def _spread(comparisons: list[Comparison]) -> tuple[float, float]:
    values = [c.ratio.value for c in comparisons if c.answered]
    return (min(values), max(values)) if values else (math.nan, math.nan)


def bracket(pdk: str, node: int | str, kind: str, pairs: list[Pair]) -> Bracket:
    """Every estimate of a library's `kind` factor to the node, and whether their range answers it."""
    nm, src = nodes.node_nm(node), _library(pdk)
    anchors = [p for p in pairs if p.b.nm == nm and p.a.nm != nm]
    targets = sorted({p.b.vdd for p in anchors})
    # the node's supply: the measured pairs' where they agree on one (S&B is evaluated there), else the nominal
    vdd = targets[0] if len(targets) == 1 else (nodes.NODES[nm].vdd if nm in nodes.NODES else math.nan)
    estimates, excluded = [], []
    if nm == src.nm:
        return Bracket(pdk, nm, kind, (), (), None)
    outside = nodes.projection(src.nm, nm, src_vdd=src.vdd,
                               dst_vdd=None if nm in nodes.INTERPOLATED else vdd).outside
    if outside:
        excluded.append(f"{nodes.LABEL}: {outside}")
    else:
        sb = sb_ratio(kind, src, nm, vdd)
        estimates.append(Estimate(f"{nodes.LABEL} ({src.nm} nm at {src.vdd:g} V to {nm} nm at {vdd:g} V)",
                                  sb.ratio.value, sb.ratio.value, (sb,), False, 0))
    for start in sorted({p.a.name for p in anchors}):
        own = [pair_ratio(p, kind) for p in anchors if p.a.name == start]
        low, high = _spread(own)
        what = f"{anchors[[p.a.name for p in anchors].index(start)].design if len(own) == 1 else f'{len(own)} engines'}"
        if start == src.name:
            estimates.append(Estimate(f"measured {start} to the node ({what})", low, high, tuple(own), True, len(own)))
            continue
        carry = [pair_ratio(p, kind) for p in pairs if p.a.name == src.name and p.b.name == start]
        if not carry:
            excluded.append(f"the measured {start} pair ({what}): no same-netlist measurement of {src.name} against "
                            f"{start} carries it to {src.name}")
            continue
        c_low, c_high = _spread(carry)
        estimates.append(Estimate(f"measured {start} to the node ({what}) x same-netlist {src.name} to {start} "
                                  f"({len(carry)} engines)", low * c_low, high * c_high, (*own, *carry), True,
                                  len(own)))
    return Bracket(pdk, nm, kind, tuple(estimates), tuple(excluded), _verdict(pdk, nm, kind, estimates, excluded))


def _verdict(pdk: str, nm: int, kind: str, estimates: list[Estimate], excluded: list[str]) -> NotAnswered | None:
    what = f"{KINDS[kind][1]} at {nm} nm"
    listed = "; ".join(f"{e.name}: x{e.low:.3g}" + (f"-{e.high:.3g}" if e.high != e.low else "") for e in estimates)
    left_out = ("; not estimated: " + "; ".join(excluded)) if excluded else ""
    settle = f"; {_settle(nm)} would settle it"
    measured = [e for e in estimates if e.measured]
    if not measured:
        return NotAnswered(pdk, what, f"no measured library pair reaches {nm} nm from {pdk}, so nothing checks "
                                      f"the estimate ({listed or 'none'}){left_out}{settle}")
    if len(estimates) == 1 and measured[0].designs < 2:
        return NotAnswered(pdk, what, f"one estimate of one design ({listed}): nothing brackets it{left_out}{settle}")
    low, high = min(e.low for e in estimates), max(e.high for e in estimates)
    if not high / low <= LIMIT:
        return NotAnswered(pdk, what, f"its estimates span x{high / low:.3g}, more than x{LIMIT:g} ({listed})"
                                      f"{left_out}{settle}")
    return None


# What each figure of an engine answer depends on ("fmax" and "energy": those brackets; "ge": the node's reference
# gate equivalent). At a fixed clock, counts and latencies do not depend on fmax (both ends must reach the clock).
_ENERGY = ("power", "energy per byte", "total power", "energy per data byte")
_LATENCY = (HIT, CLOSED, MISS, SPECULATIVE)


def depends(name: str, at_fmax: bool) -> set[str]:
    clocked = {"fmax"} if at_fmax else set()
    if name == "fmax":
        return {"fmax"}
    if name == "area":
        return {"ge"}
    if name in ("kGE", "cycles per line") or name.startswith("extra traffic"):
        return set()
    if name.startswith(_ENERGY):
        return {"energy"} | clocked
    if name.startswith("total area"):
        return {"ge"} | clocked
    return clocked  # throughput, latencies, engines, total kGE, ports, load


@dataclass
class Span:
    """One figure at the node: the range between its two ends, or why it is not answered."""

    name: str
    low: Record | None = None
    high: Record | None = None
    refused: NotAnswered | None = None
    on: Record | None = None  # the measured library's own figure ("on freepdk45_char/nom")


@dataclass
class NodeEngine:
    scheme: str
    engine: EngineAnswer  # as measured
    figures: dict[str, Span] = field(default_factory=dict)


@dataclass
class NodeAnswer:
    nm: int
    measured: Model
    ends: tuple[Model, Model]
    brackets: dict[tuple[str, str], Bracket]
    ge: nodes.GateEquivalent | None
    engines: list[NodeEngine]
    ceilings: dict[str, Ceiling]
    withheld: list[NotAnswered] = field(default_factory=list)

    @property
    def not_answered(self) -> list[NotAnswered]:
        seen, out = set(), []
        for item in [*self.withheld, *(b.refused for b in self.brackets.values() if b.refused)]:
            if (item.subject, item.what) not in seen:
                seen.add((item.subject, item.what))
                out.append(item)
        return out


def _factors(pdk: str, nm: int, brackets: dict, end: int, ge: nodes.GateEquivalent | None) -> nodes.Factors:
    """One end (0: low, 1: high) of each bracket as projection factors; a library at the node is not scaled."""
    if nodes.MEASURED[pdk][0] == nm:
        return nodes.Factors(1.0, 1.0, ge.area_um2 if ge else None, "measured at the node")
    ends = []
    for kind in KINDS:
        b = brackets[(pdk, kind)]
        values = (b.low, b.high) if b.estimates else (math.nan, math.nan)
        ends.append(values[end])
    return nodes.Factors(ends[0], ends[1], ge.area_um2 if ge else None,
                         f"{'low' if end == 0 else 'high'} end of the estimates to {nm} nm")


def projected_results(loaded: Results, nm: int, factors: dict[str, nodes.Factors]) -> Results:
    points = nodes.project(loaded.points, nm, factors)
    points["group"] = [group_label(row, loaded.group_cols) for _, row in points.iterrows()]
    failed = nodes.project(loaded.failed, nm, factors) if len(loaded.failed) else loaded.failed
    return replace(loaded, table=nodes.project(loaded.table, nm, factors), points=points, failed=failed)


def _ceilings(model: Model) -> tuple[dict[str, Ceiling], list[NotAnswered]]:
    out, missing = {}, []
    for library in sorted({e.config["library"] for e in model.answered}):
        pdk, _, corner = library.partition("/")
        try:
            out[library] = ceiling(descriptor.get(pdk), corner)
        except CryptoppaError as err:
            missing.append(NotAnswered(library, "power at any node", f"no energy ceiling for its cells: {err}"))
    return out, missing


def implausible(engine: EngineAnswer, ceilings: dict[str, Ceiling]) -> NotAnswered | None:
    """Why an engine's power is not an answer: its energy per gate equivalent per cycle beyond what its library's
    cells can draw (or no ceiling to check it against)."""
    library = engine.config["library"]
    power, kge = engine.get("power"), engine.get("kGE")
    if power is None or kge is None:
        return None
    if library not in ceilings:
        return NotAnswered(engine.identity, "power", f"no energy ceiling for {library}'s cells to check it against")
    fj = power.value * 1e-3 / (engine.clock_mhz * 1e6) / (kge.value * 1e3) * 1e15
    limit = ceilings[library]
    if fj > limit.fj_per_cycle:
        return NotAnswered(engine.identity, "power", f"{fj:.3g} fJ per gate equivalent per cycle, above what its "
                                                     f"cells can draw ({limit.text()})")
    return None


def keyed(model: Model) -> dict[tuple[str, str], EngineAnswer]:
    """A model's engines by (engine key, the library it was measured on): what matches a projected engine to the
    measured one."""
    points = model.results.points.drop_duplicates("label").set_index("label")
    out = {}
    for e in model.engines:
        row = points.loc[e.config["label"]]
        library = row[nodes.SOURCE_LIBRARY] if nodes.SOURCE_LIBRARY in row.index else f"{row['pdk']}/{row['corner']}"
        out[(node_checks.engine_key(row), library)] = e
    return out


def _span(name: str, lo: EngineAnswer, hi: EngineAnswer, measured: EngineAnswer, blocked: dict[str, NotAnswered],
          at_fmax: bool, power_gate: NotAnswered | None) -> Span:
    on = measured.get(name) if name in ("area", "total area") or name.startswith("total area") else None
    for dep in sorted(depends(name, at_fmax)):
        if dep in blocked:
            return Span(name, refused=replace(blocked[dep], subject=measured.identity, what=name), on=on)
    if power_gate and name.startswith(_ENERGY):
        return Span(name, refused=replace(power_gate, what=name), on=on)
    a, b = lo.get(name), hi.get(name)
    if a is None or b is None or not (a.known and b.known):
        return Span(name, on=on)
    low, high = sorted((a, b), key=lambda r: r.value)
    if low.value > 0 and high.value / low.value > LIMIT:
        return Span(name, refused=NotAnswered(measured.identity, name, f"its two ends span x"
                                                                      f"{high.value / low.value:.3g}"), on=on)
    return Span(name, low, high, on=on)


def node_answer(model: Model, node: int | str = PROJECTED_NODE, pairs: list[Pair] | None = None) -> NodeAnswer:
    """The model's question answered at the node, every figure of each scheme's engine a range or a refusal."""
    nm = nodes.node_nm(node)
    pairs = node_checks.load_pairs() if pairs is None else pairs
    ge = nodes.GE_REFERENCE.get(nm)
    pdks = sorted(set(model.results.points["pdk"]))
    unknown = [p for p in pdks if p not in nodes.MEASURED]
    if unknown:
        raise CryptoppaError(f"--node: no known process node for {', '.join(unknown)} (projections start from "
                             f"{', '.join(nodes.MEASURED)})")
    brackets = {(p, k): bracket(p, nm, k, pairs) for p in pdks for k in KINDS}
    ends = tuple(build(projected_results(model.results, nm, {p: _factors(p, nm, brackets, end, ge) for p in pdks}),
                       model.question, measured_traffic=model.traffic) for end in (0, 1))
    ceilings, withheld = _ceilings(model)
    if ge is None:
        withheld.append(NotAnswered(f"{nm} nm", "area in µm² and mm²", f"no reference library at {nm} nm to convert "
                                                                        f"kGE at ({_settle(nm)} would give one)"))
    at_fmax = model.question.clock == "fmax"
    by_key = [keyed(end) for end in ends]
    measured_keys = {id(e): k for k, e in keyed(model).items()}
    out = []
    for s in model.schemes:
        e = s.chosen
        lo, hi = (end.get(measured_keys[id(e)]) for end in by_key)
        pdk = e.config["library"].split("/")[0]
        blocked = {k: brackets[(pdk, k)].refused for k in KINDS if brackets[(pdk, k)].refused}
        if ge is None:
            blocked["ge"] = withheld[-1]
        gate = implausible(e, ceilings)
        engine = NodeEngine(s.scheme.name, e)
        refused = next((x.refused for x in (lo, hi) if x is not None and x.refused), None)
        for name in [*e.figures, *e.totals]:
            if refused is not None or lo is None or hi is None:
                engine.figures[name] = Span(name, refused=refused or NotAnswered(e.identity, name, "not projected"))
            else:
                engine.figures[name] = _span(name, lo, hi, e, blocked, at_fmax, gate)
        out.append(engine)
    return NodeAnswer(nm, model, ends, brackets, ge, out, ceilings, withheld)


def kge_check(pair: Pair) -> Comparison:
    """The silicon method checked on a measured pair: kGE on a's library x b's reference gate equivalent, over b's
    own measured area (ORFS's AES: Nangate45 kGE x ASAP7's NAND2x1 against ASAP7's synthesized area)."""
    ge = nodes.GE_REFERENCE[pair.b.nm]
    kge_a, kge_b = pair.figures["kge"]
    ours = not pair.source.startswith(node_checks.ORFS_SOURCE)
    source = {} if ours else dict(source=pair.source, flow="OpenROAD-flow-scripts (Yosys, OpenROAD)")
    projected = Record(pair.design, f"area at {pair.b.nm} nm, kGE on {pair.a.name} x {ge.cell}", "area_um2",
                       kge_a * 1e3 * ge.area_um2, On(library=f"{ge.cell} x kGE on {pair.a.name}", stage="synthesis"))
    measured = Record(pair.design, f"area on {pair.b.name}, in its GE x kGE", "area_um2",
                      kge_b * 1e3 * ge.area_um2, On(library=pair.b.name, stage="synthesis"))
    return compare(f"silicon at {pair.b.nm} nm in kGE x {ge.cell}: projected / measured",
                   side("projected", projected, design=pair.design, **source),
                   side("measured", measured, design=pair.design, **source),
                   about=("library", "source"), subject=pair.design)


def checks(pairs: list[Pair] | None = None) -> list[Comparison]:
    """How the method fares on each measured pair across nodes: the silicon in kGE, and Stillmaker & Baas's fmax and
    energy factors over the pair's own ratio where the fits hold at both supplies (refused where they do not: a
    check runs at the voltage of the data it checks)."""
    pairs = node_checks.load_pairs() if pairs is None else pairs
    out = []
    for pair in (p for p in pairs if p.a.nm != p.b.nm):
        if pair.b.nm in nodes.GE_REFERENCE:
            out.append(kge_check(pair))
        for kind in KINDS:
            measured = pair_ratio(pair, kind)
            p = nodes.projection(pair.a.nm, pair.b.nm, src_vdd=pair.a.vdd, dst_vdd=pair.b.vdd)
            ratio = measured.ratio
            projected = Record(pair.design, f"{measured.name}, {nodes.LABEL}", "fraction",
                               1 / p.delay if kind == "fmax" else p.energy, ratio.on)
            basis = dict(design=pair.design, voltage=f"{pair.a.vdd:g} V to {pair.b.vdd:g} V")
            if p.outside:
                basis["voltage"] = f"the fits' range only: {p.outside}"
            observed = Record(pair.design, measured.name, "fraction", ratio.value, ratio.on)
            out.append(compare(f"{KINDS[kind][1]} {pair.a.nm} to {pair.b.nm} nm: {nodes.LABEL} / measured",
                               side(nodes.LABEL, projected, source=nodes.LABEL, **basis),
                               side("measured", observed, **dict(basis, voltage=f"{pair.a.vdd:g} V to "
                                                                                f"{pair.b.vdd:g} V")),
                               about=("source",), subject=pair.design))
    return out


def missed(c: Comparison) -> bool:
    """A check that misses by more than LIMIT."""
    return c.answered and not (1 / LIMIT <= c.ratio.value <= LIMIT)


@dataclass(frozen=True)
class OnNode:
    """One engine measured at a node, on its library (the across-nodes table)."""

    key: str  # the engine and its parameters, without the library (node_checks.engine_key)
    where: str
    engine: EngineAnswer


def across_nodes(measured: Model, at45: Model) -> list[OnNode]:
    """Every engine of `measured` (another library's model) that `at45` also measured, on each library."""
    here = {k: e for (k, _), e in keyed(measured).items() if e.answered}
    there = {k: e for (k, _), e in keyed(at45).items() if e.answered}
    return [o for key in sorted(set(here) & set(there))
            for o in (OnNode(key, f"{there[key].config['library']}, measured", there[key]),
                      OnNode(key, f"{here[key].config['library']}, measured", here[key]))]


