"""Each cell's characterization is a cryptoppa.runs step: sealed run folders in the run cache, reused on a second
call, and a failure kept as `.failed` evidence that a rerun reports instead of simulating again."""

from __future__ import annotations

import dataclasses

import pytest

from cryptoppa import pdk
from cryptoppa.errors import CryptoppaError, ToolError
from cryptoppa.pdk.charlib import cell_steps, library, lctime_cell, netlists, tables
from cryptoppa.runs import is_complete

pytestmark = pytest.mark.eda


@pytest.fixture(scope="module")
def inverter(flexlib_home):
    """A one-point job for inv_x1 at nom, and the shipped liberty."""
    exported = netlists.export()
    cells, models_dir = exported.cells, exported.models_dir
    shipped = tables.parse(pdk.liberty(pdk.get("freepdk45"), "nom").read_text())
    job = library.job(shipped, "inv_x1", cells["inv_x1"], library.corner_of(shipped, "nom", models_dir))
    return dataclasses.replace(job, slews=(20.0,), loads=(2.9,)), shipped


def test_a_cell_is_a_sealed_cached_step(inverter, tmp_path):
    job, _ = inverter
    first = cell_steps.characterize(job, tmp_path)
    folder = tmp_path / job.plan().name
    assert is_complete(folder) and (folder / "run.json").is_file() and (folder / "cell.sp").is_file()
    assert cell_steps.characterize(job, tmp_path, only_cached=True) == first  # found, not simulated again
    assert 1.5 < first["capacitance"]["i"]["capacitance"] < 2.5  # fF
    assert set(first["arcs"]["nq"]["i"]) >= {"negative_unate", "rise_power", "fall_power"}


def test_a_failed_cell_keeps_its_evidence_and_is_not_rerun(inverter, tmp_path):
    job, _ = inverter
    broken = dataclasses.replace(job, netlist=job.netlist.replace("nmos_vtg", "no_such_model"))
    with pytest.raises(ToolError):
        cell_steps.characterize(broken, tmp_path)
    failed = tmp_path / f"{broken.plan().name}.failed"
    assert (failed / "error.txt").is_file() and list((failed / "decks").glob("*.log"))
    with pytest.raises(CryptoppaError, match="recorded by an earlier run"):
        cell_steps.characterize(broken, tmp_path)


def test_our_decks_agree_with_lctime_at_the_slow_corner(inverter, tmp_path):
    """lctime 0.0.26, an independent characterizer, given the slow corner's 85 C through an include (it would
    simulate at 25 C: the earlier library's corner inconsistency), against our decks at one grid point."""
    job, _ = inverter
    exported = netlists.export()
    cells, models_dir = exported.cells, exported.models_dir
    shipped = tables.parse(pdk.liberty(pdk.get("freepdk45"), "slow").read_text())  # lctime's voltage comes from it
    slow = dataclasses.replace(job, corner=library.corner_of(shipped, "slow", models_dir))
    assert (slow.corner.vdd, slow.corner.temp) == (0.9, 85.0)
    ours = cell_steps.characterize(slow, tmp_path / "cache")["arcs"]["nq"]["i"]["negative_unate"]
    theirs = lctime_cell.characterize(tmp_path / "lctime", "inv_x1", cells["inv_x1"], slow.corner, shipped,
                                      slow.slews, slow.loads)
    arc = tables.timing(tables.cell_group(theirs, "inv_x1"), "nq", "i")
    for t in ("cell_rise", "cell_fall", "rise_transition", "fall_transition"):
        assert ours[t][0][0] == pytest.approx(tables.lookup(theirs, arc.get_groups(t)[0], *slow.slews, *slow.loads),
                                              rel=0.02), t
