"""Software AES energy on the RV32 cores in the studies report (Lima et al. 2013 beside ours), on a small real table:
8 rows written by `cryptoppa core-baseline --energy --cores rv32_mc --variants table,zk ...`
(data/core_energy_rv32_mc.csv: rv32_mc table and zk firmware, AES-128/256, -O0/-O3, gate-level energy per byte)."""

from pathlib import Path

import pandas as pd
import pytest

from cryptoppa.answers.core_energy import key_size_scaling
from cryptoppa.answers.software import CORE_TABLE
from cryptoppa.report.studies import build_studies, seeds_model

DATA = Path(__file__).parent / "data" / "core_energy_rv32_mc.csv"
ENERGY_COLUMNS = ["power__activity__total", "power__activity__coverage", "energy_window_cycles", "energy_per_byte_pj"]


def _cores(folder: Path, frame: pd.DataFrame) -> Path:
    folder.mkdir(parents=True)
    frame.to_parquet(folder / CORE_TABLE, index=False)
    return folder


def test_every_energy_row_and_key_ratio_is_a_record_of_the_table(tmp_path):
    frame = pd.read_csv(DATA)
    energy = seeds_model(_cores(tmp_path / "cores", frame)).energy
    assert len(energy.rows) == 8
    by = {(r["firmware"], r["key"], r["opt"]): r for r in energy.rows}
    for _, f in frame.iterrows():
        r = by[(f"{f.core} ZK={f.zk} {f.variant}", f.key_bits, f.opt)]
        assert r["energy"].value == pytest.approx(f.energy_per_byte_pj / 1e3)  # nJ per byte
        assert r["cycles/byte"].value == pytest.approx(f.cycles_per_byte)
        assert r["window"].value == f.energy_window_cycles == f.cycles  # the window is the RESULT line's cycles
        assert r["power"].value == pytest.approx(f.power__activity__total * 1e3)
        # energy = power x window cycles / clock / 64 bytes
        assert f.energy_per_byte_pj == pytest.approx(f.power__activity__total * f.cycles / f.clock_mhz * 1e6 / 64)
    # AES-256 over AES-128 per (firmware, -O), recomputed from the input rows, as comparisons.
    assert len(energy.energy_ratio[256]) == 4
    for row in energy.scaling:
        sel = frame[(frame.core + " ZK=" + frame.zk.astype(str) + " " + frame.variant == row["firmware"])
                    & (frame.opt == row["opt"])].set_index("key_bits")["energy_per_byte_pj"]
        ratio = row["energy"].ratio  # a comparison of the two keys' records on one core, library and activity
        assert ratio.comparison and ratio.value == pytest.approx(sel[256] / sel[128])
        assert 1.0 < ratio.value < 1.4  # more rounds cost energy, but GHASH and the mode do not grow
    # -O3 has fewer cycles than -O0 in every configuration here, and the least energy.
    assert (energy.least_energy.opt, energy.least_energy.chosen.value, energy.least_energy.of.value) == ("-O3", 4, 4)
    assert energy.fastest.opt == "-O3"


def test_the_report_shows_the_energy_rows_and_drops_a_stale_figure(tmp_path):
    frame = pd.read_csv(DATA)
    out = tmp_path / "report"
    build_studies(_cores(tmp_path / "with", frame), out)
    text = (out / "report.md").read_text()
    assert (out / "figures" / "core_energy.svg").stat().st_size > 1000
    appendix = text[text.index("### Lima et al. 2013: our energy"):]
    assert sum(line.startswith("| rv32_mc") for line in appendix.splitlines()) == 8 + 4  # rows, then key ratios
    # A core-baseline run without --energy: not answered, and the earlier build's figure is removed as stale.
    build_studies(_cores(tmp_path / "without", frame.drop(columns=ENERGY_COLUMNS)), out)
    text = (out / "report.md").read_text()
    assert "Lima et al. 2013: energy on our cores" in text and not (out / "figures" / "core_energy.png").exists()


def test_key_size_scaling_needs_aes_128():
    frame = pd.DataFrame({"core": ["c", "c"], "zk": [0, 0], "variant": ["table"] * 2, "opt": ["-O2"] * 2,
                          "key_bits": [192, 256], "energy_per_byte_pj": [2.0, 3.0], "cycles_per_byte": [1.0, 1.0]})
    assert key_size_scaling(frame).empty
    both = pd.concat([frame, frame.head(1).assign(key_bits=128, energy_per_byte_pj=1.5)], ignore_index=True)
    got = key_size_scaling(both).set_index("key_bits")
    assert got.loc[256, "energy_ratio"] == pytest.approx(2.0) and got.loc[192, "rounds_ratio"] == pytest.approx(1.2)
