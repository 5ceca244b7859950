"""Lima et al. 2013 beside our RV32 cores' simulated-activity energy: the answer, the directions compared, our
energy per firmware, key and -O level (the Appendix), and the figure."""

from __future__ import annotations

import pandas as pd

from ...answers.comparison import TOLERANCE
from ...answers.records import Cited, Record, show
from ...answers.seeds import Seeds
from ...answers.seeds.energy import Energy
from ...feasibility.studies import ENERGY as S
from ..document import Block, Heading, Paragraph, Table
from .cells import ratio, ratios, spread


def _best(best) -> str:
    return f"{best.opt} ({show(best.chosen)} of {show(best.of)})" if best else "–"


def _grows(records: list[Record]) -> str:
    if records and all(r.value > 1 for r in records):
        return "grows with the key"
    if records and all(r.value < 1 for r in records):
        return "falls as the key grows"
    return "moves both ways with the key"


def answer(model: Seeds) -> str:
    e = model.energy
    text = (f"Lima et al. 2013 (AES energy on a simulated ARM core): almost every component's energy "
            f"{show(Cited.of(S['components_similar']))} across key lengths, the data I/O bus's "
            f"{show(Cited.of(S['dio_reduction']))} % lower as the key grows (§5.2), AES-128 about "
            f"{show(Cited.of(S['gain_128']))} % faster than longer keys, -{show(Cited.of(S['fastest_opt']))} the "
            f"fastest level and -{show(Cited.of(S['least_energy_opt']))} the least energy (§5.2–5.3). ")
    if not e.measured:
        return text + "No simulated-activity energy of our cores is in the data."
    least, fastest = show(Cited.of(S["least_energy_opt"])), show(Cited.of(S["fastest_opt"]))
    least_as_study = e.least_energy and e.least_energy.opt == f"-{least}"
    fastest_as_study = e.fastest and e.fastest.opt == f"-{fastest}"
    energy, power = ratios(e.energy_ratio[256]), ratios(e.power_ratio[256])
    steady = power and all(abs(r.value - 1) <= TOLERANCE for r in power)
    return text + (f"On our cores energy {_grows(energy)}: AES-256 costs {spread(energy)}× AES-128's energy on a "
                   f"64-byte GCM line and {spread(ratios(e.cbc_ratio[256]))}× its cycles on a 4 KB CBC page "
                   f"({show(e.rounds[256].ratio)}× the rounds), each firmware's power moving {spread(power)}×"
                   f"{', so energy follows cycles' if steady else ''}. AES-128 is {spread(e.gain)} % faster than the "
                   f"longer keys. The least-energy level is {_best(e.least_energy)}"
                   f"{', as in the study' if least_as_study else f', not the study’s -{least}'}; the fastest "
                   f"{_best(e.fastest)}{', as in the study' if fastest_as_study else f', not the study’s -{fastest}'}. "
                   "Absolute energies are not compared.")


def directions(e: Energy) -> pd.DataFrame:
    rows = []
    for key in (192, 256):
        rows.append({"quantity": f"AES-{key} / AES-128", "Lima et al. 2013": f"rounds {show(e.rounds[key].ratio)}× "
                     f"({show(Cited.of(S[f'rounds_{key}']))} / {show(Cited.of(S['rounds_128']))}, Table 2)",
                     "ours": f"energy {spread(ratios(e.energy_ratio[key]))}×; CBC page cycles "
                     f"{spread(ratios(e.cbc_ratio[key]))}×"})
    energy = ratios([c for k in (192, 256) for c in e.energy_ratio[k]])
    rows += [
        {"quantity": "energy as the key grows", "Lima et al. 2013": f"almost every component "
         f"{show(Cited.of(S['components_similar']))}; data I/O bus {show(Cited.of(S['dio_reduction']))} % lower (§5.2)",
         "ours": f"{_grows(energy)} (above); the core alone, no memories or buses"},
        {"quantity": "runtime gain of AES-128 over the longer keys", "Lima et al. 2013":
         f"{show(Cited.of(S['gain_128']))} % (§5.2)", "ours": f"{spread(e.gain)} % (CBC pages, encryption only)"},
        {"quantity": "the fastest -O level", "Lima et al. 2013": f"-{show(Cited.of(S['fastest_opt']))} (§5.2)",
         "ours": _best(e.fastest)},
        {"quantity": "the least-energy -O level", "Lima et al. 2013": f"-{show(Cited.of(S['least_energy_opt']))} (§5.3)",
         "ours": _best(e.least_energy)},
    ]
    return pd.DataFrame(rows)


def every_row(e: Energy) -> pd.DataFrame:
    return pd.DataFrame([{"core, firmware": r["firmware"], "key": f"AES-{r['key']}", "-O": r["opt"],
                          "cycles/byte": show(r["cycles/byte"]), "instructions/byte": show(r["instructions/byte"]),
                          "window cycles": show(r["window"]), "mW simulated": show(r["power"]),
                          "mW vectorless": show(r["vectorless"]), "coverage": show(r["coverage"]),
                          "nJ/B": show(r["energy"])} for r in e.rows])


def scaling(e: Energy) -> pd.DataFrame:
    return pd.DataFrame([{"core, firmware": r["firmware"], "-O": r["opt"], "key": f"AES-{r['key']}",
                          "energy / AES-128": ratio(r["energy"]), "cycles / AES-128": ratio(r["cycles"]),
                          "power / AES-128": ratio(r["power"]), "rounds / AES-128": ratio(e.rounds[r["key"]])}
                         for r in e.scaling])


def section(model: Seeds, data: str, figure_block: list[Block]) -> list[Block]:
    e = model.energy
    return [
        Heading(2, "Lima et al. 2013: software AES energy against key size and compiler level"),
        Paragraph("C AES on a simulated ARM core, -O0 to -O3, three key sizes (§5). Ours: the RV32 firmware's "
                  "64-byte AES-GCM line on the cores' gate-level netlists, and its CBC pages' cycles; every "
                  "firmware, key and level: Appendix."),
        Table(directions(e), f"study: Lima et al. 2013, as printed; ours: {data}"),
        *figure_block,
    ]
