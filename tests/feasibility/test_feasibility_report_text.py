import pandas as pd
import pytest

from cryptoppa.feasibility import report_text as rt


def test_paper_table_values():
    t = rt.paper_table("owen2013").set_index("option")
    assert t.loc["asic", "instances"] == 219 and t.loc["asic", "power W"] == 2.42
    assert t.loc["asic", "area mm2"] == 16.27
    assert t.loc["x86-c", "flag"] == "FLAG" and t.loc["asic", "flag"] == ""


def test_paper_report_markdown():
    md = rt.paper_report("owen2013")
    assert "| asic" in md and "16.27" in md and "FLAG" in md and "108887" in md
    for line in md.splitlines():
        if line.startswith("|"):
            assert line.endswith("|")


def test_feasibility_table_carries_assumption():
    t = rt.feasibility_table("ddr4-3200", efficiency=0.5, count=2)
    assert "ddr4-3200" in t.attrs["assumption"] and "0.5" in t.attrs["assumption"]
    assert t.set_index("option").loc["asic", "instances"] == 219  # 25.6 GB/s x 2 x 0.5


def test_storage_table():
    t = rt.storage_table()
    gcm_state = t[(t["unit"] == "gcm") & (t["term"] == "state (excl. pads/masks)")].iloc[0]
    assert gcm_state["bits"] == 3438 and "3672" in gcm_state["stores"]
    cbc_total = t[(t["unit"] == "cbc-senss") & (t["term"] == "total")].iloc[0]
    assert cbc_total["bytes"] == 25_600
    assert any("FLAG" in n for n in t.attrs["notes"])
    assert "25600" in rt.to_markdown(t)


def test_fit_table_reads_csv(tmp_path):
    path = tmp_path / "results.csv"
    pd.DataFrame({"n": [1, 2, 4, 8], "area": [2, 4, 8, 16]}).to_csv(path, index=False)
    t = rt.fit_table(path)
    assert t.iloc[0]["slope"] == pytest.approx(2.0)
    with pytest.raises(ValueError, match="parquet"):
        rt.read_results(tmp_path / "results.txt")


def test_markdown_escapes_pipes_and_blanks_nan():
    md = rt.to_markdown(pd.DataFrame({"a": ["x|y"], "b": [float("nan")]}))
    assert "x\\|y" in md and "nan" not in md
    assert rt.to_text(pd.DataFrame({"a": [1]})).strip().startswith("a")
