"""Paper mode: recompute a published study's conclusions from its own printed figures.

For ``owen2013`` this answers "how many engines for 25.6 GB/s, at what power and area", using
only the study's per-instance throughputs and fits, and sets what it wrote beside the result.

How power and area of N hardware modules are computed
-----------------------------------------------------
The study gives linear fits ``cost(N) = slope * N + intercept`` over N = 1..16 modules.  We
evaluate **the fit at the whole number of modules N = ceil(bandwidth / throughput)**, i.e. the
intercept (shared overhead) is counted once.  For the ASIC at N = 219 this gives
11.05*219 + 2.12 = 2422 mW (2.42 W) and 74125*219 + 34762 um^2 = 16.27 mm^2; the alternative,
per-module slope x N, gives 2.420 W but 16.23 mm^2 and so does not reproduce 16.27 mm^2.  The same
rule gives the FPGA 192.9*233 + 216.3 mW = 45.2 W.  Software options have no fit: power is
instances x the processor's printed power, an upper bound that charges each instance a whole
processor (the study printed no software power totals).

Counts use the study's printed per-instance throughput (decimal GB: 25.6 GB/s = 204.8 Gb/s).
A conclusion is flagged when what the study wrote differs from the recomputation by more
than :data:`CONCLUSION_RTOL` -- its figures are "approximately" and rounded to about 2
significant digits, so smaller differences are rounding, not error.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import pandas as pd

from ..errors import InputError
from .fit import fit_linear, predict
from .owen2013 import OWEN2013, Option, Study
from .throughput import engines_needed, hardware_throughput, software_throughput
from .units import parse_bandwidth

CONCLUSION_RTOL = 0.05  # the study writes "approximately 220"; 5 % separates rounding from error
INPUT_RTOL = 0.01  # printed throughput vs clock/cycles: both printed to 4 digits

STUDIES: dict[str, Study] = {OWEN2013.name: OWEN2013}


@dataclass(frozen=True)
class PaperRow:
    """One option's recomputed conclusion beside what the study wrote."""

    option: str
    label: str
    per_instance_mbps: float  # as printed by the study
    derived_mbps: float  # from its clock and cycles, as a check on the printed figure
    instances_exact: float
    instances: int
    utilization: float
    power_w: float
    area_mm2: float | None
    study_wrote: str
    discrepancy: bool
    note: str


def get_study(name: str) -> Study:
    try:
        return STUDIES[name.strip().lower()]
    except KeyError:
        raise InputError(f"no paper mode {name!r}; known: {', '.join(sorted(STUDIES))}") from None


def derived_throughput(option: Option, line_bytes: int = 64) -> float:
    """Per-instance bits/s from the option's clock and cycle count (study's formulas)."""
    if option.cycles_per_line is not None:
        return hardware_throughput(option.clock_hz, option.cycles_per_line, line_bytes)
    return software_throughput(option.clock_hz, option.cycles_per_byte)


def recompute(name: str = "owen2013", bandwidth_bits: float | None = None) -> list[PaperRow]:
    """Recompute every option's engine count, power and area for a bandwidth (bits/s).

    Defaults to the study's own bandwidth and then compares with what it wrote; for any other
    bandwidth the study's conclusions do not apply and nothing is flagged.
    """
    study = get_study(name)
    study_bits = parse_bandwidth(study.bandwidth)
    bits = study_bits if bandwidth_bits is None else float(bandwidth_bits)
    compare = math.isclose(bits, study_bits, rel_tol=1e-12)
    return [_row(study, option, bits, compare) for option in study.options]


def _row(study: Study, option: Option, bits: float, compare: bool) -> PaperRow:
    count = engines_needed(bits, option.throughput_mbps * 1e6)
    n = count.count
    if option.power_fit_mw is not None:
        power_w = option.power_fit_mw.at(n) / 1000.0
    else:
        power_w = n * option.power_w
    area_mm2 = option.area_fit_um2.at(n) / 1e6 if option.area_fit_um2 is not None else None
    derived = derived_throughput(option, study.line_bytes) / 1e6

    notes: list[str] = []
    discrepancy = False
    if compare and option.study_instances is not None:
        for what, printed, ours, unit in (
            ("count", option.study_instances, n, ""),
            ("power", option.study_power_w, power_w, " W"),
            ("area", option.study_area_mm2, area_mm2, " mm^2"),
        ):
            if printed is None or ours is None:
                continue
            if abs(printed - ours) > CONCLUSION_RTOL * abs(ours):
                discrepancy = True
                notes.append(f"{what}: study {printed:g}{unit} vs {ours:.4g}{unit} from its own figures")
        if discrepancy and option.kind == "software":
            implied = bits / option.study_instances
            cpb = option.clock_hz * 8 / implied
            notes.append(
                f"{option.study_instances:g} instances would need {implied / 1e6:.1f} Mb/s each "
                f"({cpb:.1f} cycles/byte), not its {option.throughput_mbps:g} Mb/s"
            )
        if option.key == "fpga":
            near = option.power_fit_mw.at(option.study_instances) / 1000
            notes.append(f"its {option.study_power_w:g} W matches its fit at its rounded {option.study_instances:g} "
                         f"modules ({near:.2f} W)")
    if option.key == "fpga" and "power_worst_mw" in study.fpga_fits:
        notes.append(f"worst-case fit at N: {study.fpga_fits['power_worst_mw'].at(n) / 1000:.2f} W")
    elif compare and option.study_instances is None:
        notes.append("study printed no count for this option")
    elif not compare:
        notes.append(f"study conclusions are for {study.bandwidth}; not compared")

    if abs(derived - option.throughput_mbps) > INPUT_RTOL * option.throughput_mbps:
        implied_clock = option.throughput_mbps * 1e6 * option.cycles_per_line / (study.line_bytes * 8) \
            if option.cycles_per_line else option.throughput_mbps * 1e6 * option.cycles_per_byte / 8
        notes.append(
            f"printed {option.throughput_mbps:g} Mb/s does not follow from {option.clock_hz / 1e6:g} MHz "
            f"({derived:.1f} Mb/s); it implies {implied_clock / 1e6:.0f} MHz; counts use the printed figure"
        )
    if option.kind == "software":
        notes.append(f"power = instances x {option.power_w:g} W per processor (upper bound)")
    elif option.area_fit_um2 is not None:
        notes.append("power and area: printed fit evaluated at N (intercept once)")
    else:
        notes.append("power: printed fit evaluated at N (intercept once)")

    return PaperRow(
        option=option.key,
        label=option.label,
        per_instance_mbps=option.throughput_mbps,
        derived_mbps=derived,
        instances_exact=count.exact,
        instances=n,
        utilization=count.utilization,
        power_w=power_w,
        area_mm2=area_mm2,
        study_wrote=option.study_instances_text if compare else "",
        discrepancy=discrepancy,
        note="; ".join(notes),
    )


def paper_frame(name: str = "owen2013", bandwidth_bits: float | None = None) -> pd.DataFrame:
    """:func:`recompute` as a DataFrame, one row per option."""
    return pd.DataFrame([asdict(row) for row in recompute(name, bandwidth_bits)])


def asic_table_frame(name: str = "owen2013") -> pd.DataFrame:
    """The study's ASIC synthesis table (N, area um^2, power mW)."""
    study = get_study(name)
    return pd.DataFrame([asdict(row) for row in study.asic_table])


def fit_comparison(name: str = "owen2013") -> pd.DataFrame:
    """Printed ASIC fits vs the table they summarise, and vs our OLS refit of that table.

    Rows: area and power.  Shows the printed and refitted slope/intercept (with 95 % CI), the
    value at N = 1 from the table, the printed fit and the refit, the value each fit gives at
    the recomputed module count, and the refit's non-linearity check.  ``discrepancy`` is set
    when the printed fit misses the table's N = 1 entry by more than :data:`CONCLUSION_RTOL`.
    """
    study = get_study(name)
    table = asic_table_frame(name).rename(columns={"area_um2": "area", "power_mw": "power"})
    refit = fit_linear(table, x="n", y=["area", "power"]).set_index("metric")
    asic = next(o for o in study.options if o.key == "asic")
    n_needed = engines_needed(parse_bandwidth(study.bandwidth), asic.throughput_mbps * 1e6).count

    rows = []
    for metric, printed in (("area", asic.area_fit_um2), ("power", asic.power_fit_mw)):
        fit = refit.loc[metric]
        first = float(table.loc[table["n"] == 1, metric].iloc[0])
        printed_at_1 = printed.at(1)
        miss = (printed_at_1 - first) / first
        in_ci = bool(fit["slope_ci_low"] <= printed.slope <= fit["slope_ci_high"]) and bool(
            fit["intercept_ci_low"] <= printed.intercept <= fit["intercept_ci_high"]
        )
        notes = [f"printed fit at N=1 is {miss:+.1%} vs the table"]
        notes.append("printed slope and intercept inside refit 95 % CI" if in_ci
                     else "printed slope or intercept outside refit 95 % CI")
        if bool(fit["nonlinear"]):
            per_module = table[metric] / table["n"]
            notes.append(
                f"table is not linear (quadratic p = {fit['linearity_p']:.2g}): per-module {metric} falls "
                f"from {per_module.iloc[0]:.5g} to {per_module.iloc[-1]:.5g} {printed.unit} (N = {int(table['n'].min())} to {int(table['n'].max())}); N = {n_needed} "
                f"extrapolates far beyond N = {int(table['n'].max())}"
            )
        rows.append({
            "metric": metric,
            "unit": printed.unit,
            "printed_slope": printed.slope,
            "printed_intercept": printed.intercept,
            "refit_slope": float(fit["slope"]),
            "refit_slope_ci": (float(fit["slope_ci_low"]), float(fit["slope_ci_high"])),
            "refit_intercept": float(fit["intercept"]),
            "refit_intercept_ci": (float(fit["intercept_ci_low"]), float(fit["intercept_ci_high"])),
            "refit_r2": float(fit["r2"]),
            "nonlinear": bool(fit["nonlinear"]),
            "table_at_1": first,
            "printed_fit_at_1": printed_at_1,
            "refit_at_1": predict(fit, 1),
            "n_needed": n_needed,
            "printed_fit_at_n": printed.at(n_needed),
            "refit_at_n": predict(fit, n_needed),
            "discrepancy": abs(miss) > CONCLUSION_RTOL,
            "note": "; ".join(notes),
        })
    return pd.DataFrame(rows)


def consistency_checks(name: str = "owen2013") -> pd.DataFrame:
    """Internal checks of the study's inputs: clock sums, throughput vs clock/cycles, W/mm^2."""
    study = get_study(name)
    clocks = study.engine_clocks
    blocks = study.line_bytes // 16
    summed = clocks["startup"] + blocks * clocks["per_16B_block"] + clocks["per_tag_block"]
    rows = [{
        "check": "engine clocks (Owen 2013, Table 5.1): start-up + 4 blocks + tag vs clocks per line",
        "printed": float(clocks["per_64B_line_with_tag"]),
        "recomputed": float(summed),
        "discrepancy": summed != clocks["per_64B_line_with_tag"],
        "note": f"{clocks['startup']} + {blocks}*{clocks['per_16B_block']} + {clocks['per_tag_block']} = {summed}; "
                "the study's throughputs use 123 (start-up may overlap the first block: unconfirmed)",
    }]
    for option in study.options:
        derived = derived_throughput(option, study.line_bytes) / 1e6
        rows.append({
            "check": f"{option.key}: printed Mb/s vs clock / cycles",
            "printed": option.throughput_mbps,
            "recomputed": derived,
            "discrepancy": abs(derived - option.throughput_mbps) > INPUT_RTOL * option.throughput_mbps,
            "note": option.source,
        })
    fpga = next((o for o in study.options if o.key == "fpga"), None)
    if fpga is not None:
        at_power_clock = hardware_throughput(200e6, fpga.cycles_per_line, study.line_bytes) / 1e6
        rows.append({
            "check": "fpga: Owen 2013, Table 6.1 prints 200 MHz beside 882.5 Mb/s",
            "printed": fpga.throughput_mbps,
            "recomputed": at_power_clock,
            "discrepancy": True,
            "note": "the study disagrees with itself: 882.5 Mb/s is the 212 MHz Fmax of Owen 2013, Table 5.1 x 512 bits / "
                    "123 clocks; 200 MHz is the clock of its power estimate (Owen 2013, Table 5.2), at which the module "
                    f"moves {at_power_clock:.1f} Mb/s. Paper mode uses 212 MHz with the printed throughput.",
        })
    density = [r.power_mw / r.area_um2 * 1e3 for r in study.asic_table]  # mW/um^2 -> W/mm^2
    rows.append({
        "check": "ASIC power density, W/mm^2 (Owen 2013, Table 5.3 prints 0.139-0.152)",
        "printed": 0.145,
        "recomputed": sum(density) / len(density),
        "discrepancy": not all(0.135 <= d <= 0.155 for d in density),
        "note": "range " + ", ".join(f"{d:.3f}" for d in density),
    })
    return pd.DataFrame(rows)
