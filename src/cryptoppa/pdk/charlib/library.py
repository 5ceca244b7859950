"""One corner of the characterized FlexLib: a job per cell from the repaired shipped liberty, each run as cached
steps (cell_steps), assembled into liberty text (assemble)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tqdm import tqdm

from ... import settings
from ...runs import sha256_file
from ...tools import version
from .assemble import NOT_CHARACTERIZED, assemble
from .cell_steps import FLOPS, Job, characterize
from .netlists import MODELS, export
from .spice import Corner
from .tables import cell_group, pins, table_indices


def corner_of(shipped, corner: str, models_dir: Path) -> Corner:
    """The corner's model file with the voltage and temperature the shipped liberty states for it."""
    return Corner(corner, models_dir / MODELS[corner], float(shipped["nom_voltage"]),
                  float(shipped["nom_temperature"]))


def grid(shipped, cell) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(slews ps, loads fF): the shipped table's grid, so both libraries compare point by point, plus a load at
    twice its largest: the shipped grids end near four inputs of the cell's own size (inv_x1: 5.8 fF), so a
    fanout of four or five would otherwise be extrapolated."""
    slews, loads = table_indices(shipped, cell)
    return slews, (*loads, round(2 * loads[-1], 4))


def job(shipped, name: str, netlist: str, corner: Corner) -> Job:
    cell = cell_group(shipped, name)
    slews, loads = grid(shipped, cell)
    functions = () if name in FLOPS else tuple((str(p.args[0]), str(p["function"]).strip('"'))
                                               for p in cell.get_groups("pin") if str(p["direction"]) == "output")
    return Job(name, netlist, corner, tuple(pins(cell, "input")), functions, slews, loads)


def cells_to_run(netlists: dict[str, str | None]) -> list[str]:
    """Every characterizable cell, smallest netlist first: an interrupted run has cached the most cells."""
    return sorted((n for n, text in netlists.items() if text and n not in NOT_CHARACTERIZED),
                  key=lambda n: (netlists[n].count("\n"), n))


def characterize_corner(shipped, corner: str, cells: list[str] | None = None, only_cached: bool = False,
                        retry_failed: bool = False, cache: Path | None = None,
                        log: Callable[[str], object] = print) -> tuple[str, dict[str, str]]:
    """The corner's liberty text and {cell: why it failed} (those keep the shipped tables and say why)."""
    cache = cache or settings.current().cache
    netlists, models_dir = export(cache)
    where = corner_of(shipped, corner, models_dir)
    results, failures = {}, {}
    for name in tqdm(cells or cells_to_run(netlists), desc=f"FlexLib {corner}", unit="cell"):
        try:
            data = characterize(job(shipped, name, netlists[name], where), cache, only_cached, retry_failed)
        except Exception as err:  # one failing cell keeps its shipped tables, and says why; the run goes on
            log(f"{name}: FAILED, shipped tables kept ({err})")
            failures[name] = str(err).split(" (recorded by an earlier run)")[0]
            continue
        if data is None:
            log(f"{name}: not in the cache, shipped tables kept")
        else:
            results[name] = data
    header = (f"/* FlexLib {corner}: characterized by cryptoppa (python scripts/characterize_freepdk45.py) from "
              f"PDKMaster's schematic netlists (no wiring parasitics, no junction areas) and {MODELS[corner]} "
              f"(sha256 {sha256_file(where.models)[:16]}) at {where.vdd:g} V, {where.temp:g} C, with ngspice "
              f"{version('ngspice')}. Slews 20-80 %, delays 50 %-50 %. Each cell "
              f"says in a comment whether its tables are ours and how, or the shipped FlexLib ones and why. */\n")
    return assemble(shipped, results, header, failures), failures
