"""One corner of a characterized library: a job per cell of the target's base liberty (FlexLib: the repaired
shipped one; sky130: the skeleton), each run as cached steps (cell_steps), assembled into liberty text
(assemble)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tqdm import tqdm

from ... import settings
from ...runs import sha256_file
from ...tools import version
from .assemble import assemble
from .cell_steps import Job, characterize
from .netlists import Exported, export
from .spice import Corner
from .tables import cell_group, pins
from .targets import FREEPDK45, Target


def corner_of(base, corner: str, models_dir: Path, target: Target = FREEPDK45) -> Corner:
    """The corner's model file with the voltage and temperature the base liberty states for it."""
    return Corner(corner, models_dir / target.models[corner], float(base["nom_voltage"]),
                  float(base["nom_temperature"]), target.time_scale)


def job(base, name: str, netlist: str, corner: Corner, target: Target = FREEPDK45) -> Job:
    cell = cell_group(base, name)
    slews, loads = target.grid(base, cell)
    flop = target.flops.get(name)
    functions = () if flop else tuple((str(p.args[0]), str(p["function"]).strip('"'))
                                      for p in cell.get_groups("pin") if str(p["direction"]) == "output")
    return Job(target.name, name, netlist, corner, tuple(pins(cell, "input")), functions, slews, loads, flop,
               target.constraint_slews)


def cells_to_run(target: Target, base, netlists: dict[str, str | None]) -> list[str]:
    """Every characterizable cell of the base liberty, smallest netlist first: an interrupted run has cached the
    most cells."""
    names = {str(c.args[0]) for c in base.get_groups("cell")}
    return sorted((n for n, text in netlists.items() if text and n in names and n not in target.not_characterized),
                  key=lambda n: (netlists[n].count("\n"), n))


def characterize_corner(target: Target, corner: str, cells: list[str] | None = None, only_cached: bool = False,
                        retry_failed: bool = False, cache: Path | None = None,
                        log: Callable[[str], object] = print) -> tuple[str, dict[str, str]]:
    """The corner's liberty text and {cell: why it failed} (those keep the base tables, if any, and say why)."""
    cache = cache or settings.current().cache
    exported: Exported = export(target, cache)
    base = target.base(corner, exported)
    where = corner_of(base, corner, exported.models_dir, target)
    results, failures = {}, {}
    for name in tqdm(cells or cells_to_run(target, base, exported.cells), desc=f"{target.library} {corner}",
                     unit="cell"):
        try:
            data = characterize(job(base, name, exported.cells[name], where, target), cache, only_cached,
                                retry_failed)
        except Exception as err:  # one failing cell keeps its base tables, and says why; the run goes on
            log(f"{name}: FAILED, {target.kept} ({err})")
            failures[name] = str(err).split(" (recorded by an earlier run)")[0]
            continue
        if data is None:
            log(f"{name}: not in the cache, {target.kept}")
        else:
            results[name] = data
    reduced = ", reduced to the model bins of the cells' transistors," if target.reduce_models else ""
    header = (f"/* {target.library} {corner}: {target.description} characterized by cryptoppa (python "
              f"scripts/characterize.py --pdk {target.name}) from {target.netlists} (no wiring "
              f"parasitics, no junction areas) and {target.models[corner]}{reduced} (sha256 "
              f"{sha256_file(where.models)[:16]}) at {where.vdd:g} V, {where.temp:g} C, with ngspice "
              f"{version('ngspice')}. Slews 20-80 %, delays 50 %-50 %. Each cell says in a comment whether its "
              f"tables are ours and how, or what it has instead ({target.kept}) and why. */\n")
    return assemble(target, base, results, header, failures), failures
