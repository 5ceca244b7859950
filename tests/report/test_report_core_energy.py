"""The report's "Software AES energy on the RV32 cores" section, on a small real table: 8 rows written by
`cryptoppa core-baseline --energy --cores rv32_mc --variants table,zk ...` (data/core_energy_rv32_mc.csv:
rv32_mc table and zk firmware, AES-128/256, -O0/-O3, gate-level energy per byte)."""

from pathlib import Path

import pandas as pd
import pytest

from cryptoppa.report import analysis
from cryptoppa.report.build import build_report

DATA = Path(__file__).parent / "data" / "core_energy_rv32_mc.csv"
ENERGY_COLUMNS = ["power__activity__total", "power__activity__coverage", "energy_window_cycles", "energy_per_byte_pj"]


def _cores(folder: Path, frame: pd.DataFrame) -> Path:
    folder.mkdir(parents=True)
    frame.to_parquet(folder / analysis.CORE_TABLE, index=False)
    return folder


def _section(md: str) -> str:
    return md.split("## Software AES energy on the RV32 cores")[1].split("\n## ")[0]


def _rows(section: str, first: str) -> list[list[str]]:
    return [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines()
            if line.startswith(f"| {first}")]


def test_core_energy_section_shows_every_energy_row_and_key_ratio(synthetic_results, tmp_path):
    frame = pd.read_csv(DATA)
    out = tmp_path / "report"
    build_report(synthetic_results, out, ["desktop-25.6"], cores=_cores(tmp_path / "cores", frame))
    section = _section((out / "report.md").read_text())
    assert (out / "figures" / "core_energy.svg").stat().st_size > 1000

    rows = _rows(section, "rv32_mc")
    energy = {(r[0], int(r[1]), r[2]): r for r in rows if len(r) == 10}  # the per-firmware table
    assert len(energy) == 8
    for _, f in frame.iterrows():
        r = energy[(f"{f.core} ZK={f.zk} {f.variant}", f.key_bits, f.opt)]
        assert float(r[9]) == pytest.approx(f.energy_per_byte_pj / 1e3, rel=5e-4)  # nJ per byte, 4 digits
        assert float(r[3]) == pytest.approx(f.cycles_per_byte, rel=5e-4)
        assert int(r[5]) == f.energy_window_cycles == f.cycles  # the window is the RESULT line's cycles
        assert float(r[6]) == pytest.approx(f.power__activity__total * 1e3, rel=5e-4)
        # energy = power x window cycles / clock / 64 bytes
        assert f.energy_per_byte_pj == pytest.approx(f.power__activity__total * f.cycles / f.clock_mhz * 1e6 / 64)

    # AES-256 over AES-128 per (firmware, -O), recomputed from the input rows.
    ratios = {(r[0], r[1]): float(r[3]) for r in rows if len(r) == 6 and r[2] == "256"}
    assert len(ratios) == 4
    for (name, opt), shown in ratios.items():
        sel = frame[(frame.core + " ZK=" + frame.zk.astype(str) + " " + frame.variant == name) & (frame.opt == opt)]
        e = sel.set_index("key_bits")["energy_per_byte_pj"]
        assert shown == pytest.approx(e[256] / e[128], abs=0.006)
        assert 1.0 < shown < 1.4  # more rounds cost energy, but GHASH and the mode do not grow with the key
    assert "grows with the key size in 4 of 4" in section
    # -O3 has fewer cycles than -O0 in every configuration here, and the least energy.
    assert "fewest cycles per byte in 4 of 4" in section


def test_core_energy_section_needs_energy_rows(synthetic_results, tmp_path):
    frame = pd.read_csv(DATA)
    out = tmp_path / "report"
    build_report(synthetic_results, out, ["desktop-25.6"], cores=_cores(tmp_path / "with", frame))
    assert (out / "figures" / "core_energy.png").exists()
    # A core-baseline run without --energy: no section, and the earlier build's figure is removed as stale.
    build_report(synthetic_results, out, ["desktop-25.6"],
                 cores=_cores(tmp_path / "without", frame.drop(columns=ENERGY_COLUMNS)))
    md = (out / "report.md").read_text()
    assert "Software AES energy" not in md and not (out / "figures" / "core_energy.png").exists()
    assert "rv32_mc" in md  # the cores still appear among the implementation options
    build_report(synthetic_results, out, ["desktop-25.6"])
    assert "Software AES energy" not in (out / "report.md").read_text()


def test_key_size_scaling_needs_aes_128():
    frame = pd.DataFrame({"core": ["c", "c"], "zk": [0, 0], "variant": ["table"] * 2, "opt": ["-O2"] * 2,
                          "key_bits": [192, 256], "energy_per_byte_pj": [2.0, 3.0], "cycles_per_byte": [1.0, 1.0]})
    assert analysis.key_size_scaling(frame).empty
    both = pd.concat([frame, frame.head(1).assign(key_bits=128, energy_per_byte_pj=1.5)], ignore_index=True)
    got = analysis.key_size_scaling(both).set_index("key_bits")
    assert got.loc[256, "energy_ratio"] == pytest.approx(2.0) and got.loc[192, "rounds_ratio"] == pytest.approx(1.2)
