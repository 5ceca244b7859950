"""The liberty cell models (cellmodels.py) also serve the Verilator gate-level runs (gatesim.py): each one lints
clean in Verilator as its own top, save the intended truncation of `initial IQ = $random` to its low bit."""

import re

import pytest

from cryptoppa.activity.cellmodels import cell_models
from cryptoppa.pdk import get, liberty
from cryptoppa.tools import run_status

pytestmark = pytest.mark.eda


def test_every_cell_model_lints_in_verilator(flexlib_home, tmp_path):
    text = cell_models(liberty(get("freepdk45"), "nom"))
    (tmp_path / "cells.v").write_text(text)
    cells = re.findall(r"^module (\w+)\(", text, re.M)
    assert len(cells) > 20 and "sff1_x4" in cells
    failed = {}
    for cell in cells:
        log = tmp_path / f"{cell}.log"
        code, _ = run_status("verilator", ["--lint-only", "-Wno-WIDTHTRUNC", "--top-module", cell, "cells.v"],
                             cwd=tmp_path, log=log, timeout=60, what="verilator lint")
        if code:
            failed[cell] = log.read_text()[:300]
    assert failed == {}
