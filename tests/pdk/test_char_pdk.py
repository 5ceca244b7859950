"""The characterized FlexLib as a PDK of its own (pdk/freepdk45_char.toml): committed liberty files that keep the
repaired areas, usable by the flow like any PDK, and honest about the cells that keep the shipped tables."""

from __future__ import annotations

import csv
import re

import pytest
from liberty.parser import parse_liberty

from cryptoppa import designs, flow, pdk
from cryptoppa.flow import design_point
from cryptoppa.paths import PDK_DESCRIPTORS, ROOT
from cryptoppa.pdk.charlib.tables import shipped_cells
from cryptoppa.runs import sha256_file

from support import load_metrics, run_cli

DESC = pdk.get("freepdk45_char")
CORNERS = [c for c in DESC.corners if (PDK_DESCRIPTORS / DESC.corners[c][0]).is_file()]


@pytest.mark.parametrize("corner", CORNERS)
def test_committed_liberty_keeps_the_repaired_areas(corner):
    """Areas come from the layouts (footprints table); a stale committed liberty would disagree."""
    with open(PDK_DESCRIPTORS / "freepdk45_footprints.csv") as f:
        footprints = {row["cell"]: float(row["area_um2"]) for row in csv.DictReader(f)}
    text = pdk.liberty(DESC, corner).read_text()
    lib = parse_liberty(text)
    areas = {str(c.args[0]): float(c["area"]) for c in lib.get_groups("cell")}
    assert areas == pytest.approx({c: footprints[c] for c in areas})
    # Every cell says where its tables come from.
    assert len(re.findall(r"/\* cryptoppa: ", text)) == len(areas)
    assert set(shipped_cells(text)) >= {"fill_x0", "tie_x0"}


def test_missing_corner_says_how_to_make_it(tmp_path, monkeypatch):
    text = DESC.path.read_text().replace("FlexLib_slow.lib", "FlexLib_none.lib")
    (tmp_path / "freepdk45_char.toml").write_text(text)
    desc = pdk.descriptor.load(tmp_path / "freepdk45_char.toml")
    with pytest.raises(Exception, match=r"characterize.py --pdk freepdk45 --corner slow"):
        pdk.liberty(desc, "slow")


def test_pdk_show_lists_the_shipped_cells():
    show = run_cli("pdk", "show", "freepdk45_char").stdout
    assert "cells are not characterized (they keep the shipped tables" in show and "fill_x0: filler" in show


@pytest.mark.eda
def test_flow_runs_on_the_characterized_library(flexlib_home, runs_dir):
    d = designs.get("counter")
    point = design_point(d, pdk="freepdk45_char", corner="nom", clock_mhz=225.0, params=d.resolve_params({}))
    m = load_metrics(flow.characterize(point, runs_dir).run_dir)
    assert m["synth__design__instance__area__stdcell"] > 0 and m["power__internal__total"] > 0
    parts = m["power__internal__total"] + m["power__switching__total"] + m["power__leakage__total"]
    assert m["power__total"] == pytest.approx(parts, rel=1e-5)


def test_the_flow_names_a_committed_liberty_by_its_contents_not_the_checkout():
    """The flow's scripts hold the liberty's path and are keyed: a path inside the checkout would give every clone
    (CI's included) its own run keys, so nothing would ever be found in the cache."""
    committed = PDK_DESCRIPTORS / DESC.corners[DESC.default_corner][0]
    used = pdk.liberty(DESC, DESC.default_corner)
    assert ROOT not in used.parents
    assert used.read_bytes() == committed.read_bytes()
    assert sha256_file(committed)[:12] in used.parent.name
    assert pdk.liberty(DESC, DESC.default_corner) == used  # found again, not copied anew
