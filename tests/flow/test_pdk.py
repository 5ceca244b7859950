"""The FlexLib repairs, each checked against the third-party original kept by the install step."""

import csv
import json

import pytest
from liberty.parser import parse_liberty

from cryptoppa import pdk
from cryptoppa.errors import CryptoppaError
from cryptoppa.paths import PDK_DESCRIPTORS, ROOT
from cryptoppa.pdk import flexlib_repair

CORNERS = ["nom", "fast", "slow"]


def _load(home, name):
    return parse_liberty((home / name).read_text())


@pytest.fixture(scope="module")
def footprints():
    with open(PDK_DESCRIPTORS / "freepdk45_footprints.csv") as f:
        return {r["cell"]: float(r["area_um2"]) for r in csv.DictReader(f)}


@pytest.mark.parametrize("corner", CORNERS)
def test_original_is_broken_and_repaired_copy_is_not(flexlib_home, footprints, corner):
    original = _load(flexlib_home, f"original/FlexLib_{corner}.lib")
    repaired = _load(flexlib_home, f"FlexLib_{corner}.lib")
    # (a) areas
    assert all(float(c["area"]) == 0.0 for c in original.get_groups("cell"))
    areas = {c.args[0]: float(c["area"]) for c in repaired.get_groups("cell")}
    assert areas == footprints and min(areas.values()) > 0
    # (b) operating conditions at the library's own nominal point
    assert not original.get_groups("operating_conditions")
    (cond,) = repaired.get_groups("operating_conditions")
    assert float(cond["voltage"]) == float(original["nom_voltage"])
    assert float(cond["temperature"]) == float(original["nom_temperature"])
    assert str(repaired["default_operating_conditions"]).strip('"') == cond.args[0]

    # (c) flip-flop checks on the clock edge the function uses
    def check_types(lib):
        types = set()
        for cell in lib.get_groups("cell"):
            if cell.get_groups("ff"):
                for pin in cell.get_groups("pin"):
                    types |= {str(t["timing_type"]).strip('"') for t in pin.get_groups("timing")}
        return types

    assert {"setup_falling", "hold_falling", "falling_edge"} <= check_types(original)
    fixed = check_types(repaired)
    assert {"setup_rising", "hold_rising", "rising_edge"} <= fixed
    assert not fixed & {"setup_falling", "hold_falling", "falling_edge"}


def test_each_repair_alone(flexlib_home, footprints):
    text = (flexlib_home / "original/FlexLib_nom.lib").read_text()
    lib = parse_liberty(text)
    assert flexlib_repair.set_areas(lib, footprints)
    assert float(lib.get_groups("cell")[0]["area"]) > 0
    assert not lib.get_groups("operating_conditions")
    assert flexlib_repair.add_operating_conditions(lib)
    assert flexlib_repair.add_operating_conditions(lib) == []  # idempotent
    changes = flexlib_repair.fix_flop_checks(lib)
    assert "sff1_x4/i: setup_falling -> setup_rising" in changes
    with pytest.raises(ValueError, match="no footprint"):
        flexlib_repair.set_areas(parse_liberty(text), {"inv_x1": 3.2})


def test_install_is_idempotent_and_records_what_it_did(flexlib_home):
    before = (flexlib_home / "install.json").stat().st_mtime_ns
    pdk.install(pdk.get("freepdk45"), log=lambda *_: None)
    assert (flexlib_home / "install.json").stat().st_mtime_ns == before
    record = json.loads((flexlib_home / "install.json").read_text())
    assert record["source"]["sha256"] == pdk.get("freepdk45").source["sha256"]
    assert any("setup_rising" in c for c in record["corners"]["nom"]["repairs"])


def test_descriptors_load_and_reject_unknowns():
    assert set(pdk.available()) >= {"freepdk45", "nangate45"}
    desc = pdk.get("nangate45")
    assert desc.wire_load_model == "5K_hvratio_1_1" and desc.tie_high == ("LOGIC1_X1", "Z")
    with pytest.raises(CryptoppaError, match="unknown PDK 'sky999'"):
        pdk.get("sky999")
    with pytest.raises(CryptoppaError, match="unknown corner 'hot'"):
        pdk.get("freepdk45").check_corner("hot")


@pytest.mark.eda
def test_footprint_table_agrees_with_layouts():
    """The committed table must be what the regeneration script computes from the cells' layouts."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, str(ROOT / "scripts/gen_freepdk45_footprints.py"), "--check"],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
