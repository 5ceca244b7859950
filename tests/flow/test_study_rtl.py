"""The 2013 study's own RTL through our flow (scripts/study_rtl.py): the committed figures hold together, and where a
copy of the OpenCores gcm-aes core is on this machine (CRYPTOPPA_STUDY_RTL) they are remade from it."""

import importlib.util
import subprocess
import sys

import pandas as pd
import pytest

from cryptoppa import pdk, settings
from cryptoppa.errors import CryptoppaError
from support import ROOT

SCRIPT = ROOT / "scripts" / "study_rtl.py"
DATA = ROOT / "reports" / "libraries" / "data"
_spec = importlib.util.spec_from_file_location("study_rtl", SCRIPT)
study_rtl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(study_rtl)

COPY = settings.current().study_rtl
needs_copy = pytest.mark.skipif(COPY is None, reason="no copy of the OpenCores gcm-aes RTL here (set CRYPTOPPA_STUDY_RTL)")


def _committed() -> tuple[pd.DataFrame, pd.DataFrame]:
    return pd.read_csv(DATA / "study_rtl.csv"), pd.read_csv(DATA / "study_rtl_sources.csv")


def test_committed_rows_hold_together():
    rows, src = _committed()
    assert list(rows.columns) == list(study_rtl.COLUMNS) and list(src.columns) == list(study_rtl.SOURCE_COLUMNS)
    assert list(src.file) == list(study_rtl.FILES)
    assert set(rows.rtl_sha256) == {study_rtl.set_sha256(src.to_dict("records"))}
    assert [(t, w) for t, w in zip(rows.target, rows.wire_load)] == [
        ("freepdk45_char/nom", "none"), ("freepdk45/nom", "none"), ("nangate45/typ", "5K_hvratio_1_1"),
        ("nangate45/typ", "off")]
    # Each library's gate equivalent is the one its engines' rows were measured in (results.csv beside it).
    engines = pd.read_csv(DATA / "results.csv").groupby("pdk")["synth__design__ge__area"].unique()
    for r in rows.itertuples():
        assert list(engines[r.pdk]) == [r.ge_um2]
        assert r.area_kge == pytest.approx(r.area_um2 / r.ge_um2 / 1000, rel=1e-4)
        assert r.power_mw == pytest.approx(r.internal_mw + r.switching_mw + r.leakage_mw, rel=1e-4)
    # One RTL: every library holds the same registers, and the testbench's line took the same cycles.
    assert rows.flip_flops.nunique() == 1 and set(rows.cycles_per_line) == {123} and set(rows.vectors_ok) == {"3 2"}
    # The same cells timed without Nangate45's wire-load model: the same area, no slower, less switching power.
    wl, off = rows[rows.wire_load == "5K_hvratio_1_1"].iloc[0], rows[rows.wire_load == "off"].iloc[0]
    assert wl.area_um2 == off.area_um2 and off.fmax_mhz >= wl.fmax_mhz and off.switching_mw < wl.switching_mw


def test_a_folder_without_the_core_is_refused_in_one_line(tmp_path):
    (tmp_path / "gcm_aes_v0.v").write_text("module gcm_aes_v0; endmodule\n")
    out = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path), "--out", str(tmp_path / "out")],
                         capture_output=True, text=True)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "missing gfm128_16.v, aes_cipher_top.v" in out.stderr and not (tmp_path / "out").exists()


@pytest.mark.study_rtl
@needs_copy
def test_the_copy_is_the_one_measured_and_passes_the_gcm_vectors():
    files = study_rtl.rtl_files(COPY)
    _, src = _committed()
    mine = study_rtl.sources(files)
    # Whitespace aside (line endings, trailing blanks), the copy is the measured RTL.
    assert [r["text_sha256"] for r in mine] == list(src.text_sha256), "this copy's text differs from the measured one"
    assert study_rtl.simulate(files) == (123, [3, 2])


@pytest.mark.eda
@pytest.mark.study_rtl
@needs_copy
def test_the_script_remakes_the_flexlib_row(tmp_path):
    try:
        pdk.liberty(pdk.get("freepdk45_char"), "nom")
    except CryptoppaError as e:
        pytest.skip(str(e))
    study_rtl.main([str(COPY), "--out", str(tmp_path), "--targets", "freepdk45_char/nom"])
    (new,) = pd.read_csv(tmp_path / "study_rtl.csv").to_dict("records")
    old = _committed()[0].set_index("target").loc["freepdk45_char/nom"]
    for column in ("area_um2", "cells", "flip_flops", "cycles_per_line"):
        assert new[column] == old[column], column
    for column in ("fmax_mhz", "power_mw", "internal_mw", "switching_mw", "leakage_mw"):
        assert new[column] == pytest.approx(old[column], rel=1e-3), column
