"""Characterize FreePDK45 FlexLib from its transistor netlists and the FreePDK45 SPICE models (lctime + ngspice).

Writes pdk/freepdk45_char/FlexLib_<corner>.lib: the repaired shipped liberty (`cryptoppa pdk install freepdk45`)
with each characterized cell's timing, internal power, pin capacitance and leakage replaced by our own. Cells that
are not characterized keep the shipped tables and say so in a comment. Every cell is cached under the data
directory by a hash of its netlist, the models, lctime/ngspice versions and the options, so a rerun only
simulates what changed.

    python scripts/characterize_freepdk45.py --setup                   # helper virtualenvs only
    python scripts/characterize_freepdk45.py                           # all cells, nom corner
    python scripts/characterize_freepdk45.py --corner all              # nom, fast and slow
    python scripts/characterize_freepdk45.py --cells inv_x1 na2_x1 --corner nom --out /tmp/x.lib
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np

from cryptoppa import pdk
from cryptoppa.pdk import characterize as ch
from cryptoppa.pdk.install import _liberty_text as liberty_text
from cryptoppa.runs import sha256_file
from cryptoppa.tools import version

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "pdk" / "freepdk45_char"


def energy_template(n_slews: int, n_loads: int):
    from liberty.types import Group  # noqa: PLC0415

    template = Group("power_lut_template", args=[f"energy_slew_load_{n_slews}x{n_loads}"])
    template["variable_1"] = "input_transition_time"
    template["variable_2"] = "total_output_net_capacitance"
    template.set_array("index_1", np.arange(1000.0, 1000.0 + n_slews))
    template.set_array("index_2", np.arange(1000.0, 1000.0 + n_loads))
    return template


def assemble(shipped, results: dict[str, dict], corner: str, models: Path, failures: dict[str, str]) -> str:
    """The shipped (repaired) library with our cells swapped in, as liberty text with provenance comments."""
    from liberty.types import EscapedString, Group  # noqa: PLC0415 (sympy via liberty.types)

    templates = {}
    for name, data in results.items():
        cell = ch.cell_group(shipped, name)
        ours = ch.cell_group(ch.parse("library (x) {\n" + "\n".join(data["templates"]) + data["liberty"] + "\n}"),
                             name)
        for t in data["templates"]:
            g = ch.parse("library (x) {\n" + t + "\n}").groups[0]
            if g.group_name != "power_lut_template":  # every energy table is rewritten on energy_template's axes
                templates[str(g.args[0])] = g
        for pin in cell.get_groups("pin"):
            mine = next(p for p in ours.get_groups("pin") if str(p.args[0]) == str(pin.args[0]))
            if str(pin["direction"]) == "input":
                for attr in ("capacitance", "rise_capacitance", "fall_capacitance"):
                    if mine.get(attr) is not None:
                        pin[attr] = round(float(mine[attr]), 4)
            else:
                pin.groups = [g for g in pin.groups if g.group_name not in ("timing", "internal_power")]
                pin.groups += [g for g in mine.groups if g.group_name in ("timing", "internal_power")]
                slews, loads = data["slews_ps"], data["loads_ff"]
                template = energy_template(len(slews), len(loads))
                templates[str(template.args[0])] = template
                for power in pin.get_groups("internal_power"):
                    related = str(power["related_pin"]).strip('"')
                    for table in power.groups:
                        if name in ch.SEQUENTIAL:  # lctime writes pJ; this library's unit is 1 V x 1 V x 1 fF = 1 fJ
                            by_load = [[float(v) * 1e3 for v in row] for row in table.get_array("values")]
                        else:
                            by_load = data["energy"][str(pin.args[0])][related][table.group_name]
                        # Slew first, named input_transition_time: the OpenSTA Debian ships rejects other energy table axes.
                        table.args = template.args
                        table.set_array("index_1", np.array(slews, dtype=float))
                        table.set_array("index_2", np.array(loads, dtype=float))
                        table.set_array("values", np.array([[round(by_load[j][i], 6) for j in range(len(loads))]
                                                            for i in range(len(slews))]))
        if data["leakage_w"]:
            unit = 1e-6  # leakage_power_unit 1uW (checked below)
            inputs = data["inputs"]
            states = data["leakage_w"]
            cell["cell_leakage_power"] = round(sum(states.values()) / len(states) / unit, 6)
            cell.groups = [g for g in cell.groups if g.group_name != "leakage_power"]
            for state, watts in sorted(states.items()):
                g = Group("leakage_power")
                when = " & ".join(p if bit == "1" else f"!{p}" for p, bit in zip(inputs, state))
                g["when"] = EscapedString(when)
                g["value"] = round(watts / unit, 6)
                cell.groups.insert(0, g)
    if (str(shipped["leakage_power_unit"]).strip('"'), str(shipped["time_unit"]).strip('"'),
            str(shipped["voltage_unit"]).strip('"'), [str(x) for x in shipped["capacitive_load_unit"]]) != (
            "1uW", "1ps", "1V", ["1", "ff"]):
        raise SystemExit("unexpected units in the shipped liberty")
    # Our table templates go before the first cell.
    first = next(i for i, g in enumerate(shipped.groups) if g.group_name == "cell")
    names = {str(g.args[0]) for g in shipped.groups if g.group_name.endswith("template")}
    shipped.groups[first:first] = [g for n, g in sorted(templates.items()) if n not in names]
    text = liberty_text(shipped)
    any_result = next(iter(results.values()), {})
    header = (f"/* FlexLib {corner}: characterized by cryptoppa scripts/characterize_freepdk45.py with lctime "
              f"{version('lctime')} and ngspice {version('ngspice')} from the PDKMaster netlists (schematic, no "
              f"parasitics, no junction areas) and {models.name} (sha256 {sha256_file(models)[:16]}); time step "
              f"{any_result.get('options', {}).get('time_step_s')} s, calc mode "
              f"{any_result.get('options', {}).get('calc_mode')}. Cells not marked 'characterized' keep the "
              f"shipped FlexLib tables. */\n")
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"(\s*)cell \((\w+)\) \{", line)
        if m:
            name = m.group(2)
            if name in results:
                note = (f"{ch.CHARACTERIZED}: lctime timing, ngspice internal energy (supply, less the "
                        "load's C*V^2) and leakage")
                if name in ch.SEQUENTIAL:
                    note += "; leakage shipped"
            else:
                why = ch.NOT_CHARACTERIZED.get(name) or failures.get(name) or "not characterized in this run"
                if name in ch.SEQUENTIAL:
                    why = ("flip-flop: lctime 0.0.26 takes some 35 min per setup/hold grid point here, run only with "
                           "--sequential; clock-to-q checked against ngspice in reports/flexlib")
                note = f"{ch.SHIPPED} ({why})"
            lines[i] = f"{line}\n{m.group(1)}  {ch.cell_mark(note)}"
    return header + "\n".join(lines)


def characterize_corner(corner: str, args) -> None:
    """Characterize (or take from the cache) every wanted cell at one corner and write its liberty."""
    desc = pdk.get("freepdk45")
    pdk.install(desc, log=lambda *_: None)
    shipped = ch.parse(pdk.liberty(desc, corner).read_text())
    netlists, models_dir = ch.export_netlists()
    models = models_dir / ch.MODELS[corner]
    # Smallest netlists first: an interrupted run has characterized (and cached) the most cells.
    wanted = args.cells or sorted((n for n in netlists if n not in ch.NOT_CHARACTERIZED
                                   and (args.sequential or n not in ch.SEQUENTIAL)),
                                  key=lambda n: (netlists[n].count("\n"), n))
    options = ch.Options(corner=corner, time_step_s=args.time_step)
    results, failures = {}, {}
    start = time.monotonic()
    for k, name in enumerate(wanted, 1):
        print(f"[{k}/{len(wanted)}] {name}", file=sys.stderr, flush=True)
        try:
            data = ch.characterize_cell(shipped, name, netlists[name], models, options,
                                        log=lambda msg: print("  " + msg, file=sys.stderr),
                                        only_cached=args.cached_only, retry_failed=args.retry_failed,
                                        timeout_s=args.cell_timeout)
            if data is not None and name not in ch.SEQUENTIAL:
                data["energy"] = ch.cell_energy(shipped, name, netlists[name], models, corner,
                                                data["slews_ps"], data["loads_ff"], only_cached=args.cached_only)
                if data["energy"] is None:
                    data = None
        except Exception as err:  # one failing cell keeps its shipped tables, and says why; the run goes on
            print(f"  {name}: FAILED, shipped tables kept ({err})", file=sys.stderr)
            failures[name] = str(err).split(" (")[0]  # the same words whether it failed now or earlier
            continue
        if data is None:
            print(f"  {name}: not in the cache, shipped tables kept", file=sys.stderr)
        else:
            results[name] = data
    out = args.out or OUT_DIR / f"FlexLib_{corner}.lib"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(assemble(shipped, results, corner, models, failures))
    print(f"wrote {out} ({len(results)} cells characterized, {time.monotonic() - start:.0f} s)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corner", default="nom", choices=[*sorted(ch.MODELS), "all"],
                        help="model corner, or all three in turn (default nom)")
    parser.add_argument("--cells", nargs="*", help="only these cells (default: every characterizable cell)")
    parser.add_argument("--sequential", action="store_true",
                        help="also the flip-flops (lctime: some 35 min per setup/hold grid point, days per corner); "
                             "without it they keep the shipped tables")
    parser.add_argument("--time-step", type=float, default=ch.Options.time_step_s, help="seconds (lctime)")
    parser.add_argument("--out", type=Path, help="liberty to write (default pdk/freepdk45_char/FlexLib_<corner>.lib)")
    parser.add_argument("--cell-timeout", type=float, default=3600.0,
                        help="seconds lctime may take per cell (a cell that runs out keeps the shipped tables)")
    parser.add_argument("--retry-failed", action="store_true",
                        help="rerun cells an earlier run recorded as failed (by default they keep the shipped tables)")
    parser.add_argument("--setup", action="store_true", help="only create the helper virtualenvs")
    parser.add_argument("--cached-only", action="store_true",
                        help="simulate nothing: assemble the liberty from the cells already in the cache")
    args = parser.parse_args()

    ch.layout_python()
    ch.lctime_venv()
    if args.setup:
        return 0
    corners = sorted(ch.MODELS, key=["nom", "fast", "slow"].index) if args.corner == "all" else [args.corner]
    if args.out and len(corners) > 1:
        parser.error("--out names one liberty: give one --corner with it")
    for corner in corners:
        characterize_corner(corner, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
