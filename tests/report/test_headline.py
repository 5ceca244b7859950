"""The report's answer-first layout: the headline and the 2013-study tables, their numbers and their labels."""

import math
import re

import pytest
from conftest import CLOCK_MHZ, TRUTH

from cryptoppa.feasibility.presets import resolve_bandwidth
from cryptoppa.report import analysis, headline
from cryptoppa.report.labels import fixed_text, short_labels
from cryptoppa.report.load import load_results
from cryptoppa.report.study_side import side_by_side


def _sections(md: str) -> list[str]:
    return [line[3:] for line in md.splitlines() if line.startswith("## ")]


def _tables_in(md: str, heading: str) -> list[list[list[str]]]:
    """The Markdown tables of the section ``heading``, each as rows of cells (header included, rule dropped)."""
    section = md.split(f"\n## {heading}", 1)[1].split("\n## ", 1)[0]
    tables, rows = [], []
    for line in section.splitlines() + [""]:
        if line.startswith("|"):
            if not set(line) <= set("|-: "):
                rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows:
            tables.append(rows)
            rows = []
    return tables


@pytest.fixture
def synthetic_module(built_report):
    return built_report[0]


@pytest.fixture
def report_md(built_report):
    return (built_report[1] / "report.md").read_text()


def test_answer_then_study_come_first(report_md):
    sections = _sections(report_md)
    assert sections[0].startswith("Answer: engines, area and power for 25.6 GB/s")
    assert sections[1] == "Beside the 2013 study"
    assert sections[-2:] == ["Points", "Source"]


def test_headline_numbers(synthetic_module, report_md):
    answer, presets = _tables_in(report_md, "Answer")
    rows = answer
    assert rows[0] == ["design", "per-engine Gb/s", "engines", "total area mm²", "total power W"]
    bits = resolve_bandwidth("desktop-25.6").bits_per_second
    results = load_results(synthetic_module)
    feas = analysis.engines_for_bandwidths(results, analysis.group_fits(results), ["desktop-25.6"]).set_index("design")
    by_design = {r[0]: r for r in rows[1:]}
    assert set(by_design) == set(TRUTH)  # only the design varies: the fixed parameters are stated once
    for design, truth in TRUTH.items():
        per_engine = CLOCK_MHZ * 1e6 * 64 * 8 / truth[4]
        row = by_design[design]
        assert int(row[2]) == math.ceil(bits / per_engine - 1e-9)
        assert float(row[1]) == pytest.approx(per_engine / 1e9, rel=5e-4)
        assert float(row[3]) == pytest.approx(feas.loc[design, "area_mm2"], rel=5e-4)
        assert float(row[4]) == pytest.approx(feas.loc[design, "power_w"], rel=5e-4)
    assert "Fixed for every design below: LINE_BYTES=64, freepdk45/nom, 225MHz, a=0.1." in report_md
    assert [h.split(" (")[0] for h in presets[0][1:]] == [p for p in headline.DEFAULT_PRESETS]
    ddr4 = {r[0]: r[1] for r in presets[1:]}  # DDR4-3200 is 25.6 GB/s too: the same answer
    for design in TRUTH:
        assert ddr4[design] == f"{by_design[design][2]} · {by_design[design][3]} · {by_design[design][4]}"


def test_headline_readable_digits(report_md):
    answer = report_md.split("## Beside the 2013 study")[0]
    numbers = re.findall(r"(?<![\w=.])\d+\.\d+(?![\w.])", answer)
    study = _tables_in(report_md, "Beside the 2013 study")[0]
    numbers += [row[i] for row in study[1:] for i in (4, 5)]  # ours and the ratio (the study's as printed)
    assert numbers
    for number in numbers:
        assert float(number) == float(f"{float(number):.4g}"), number  # at most 4 significant digits


def test_study_side_by_side(synthetic_results):
    results = load_results(synthetic_results)
    fits = analysis.group_fits(results)
    feas = analysis.engines_for_bandwidths(results, fits, ["desktop-25.6"])
    table = side_by_side(results, fits, feas).set_index("quantity")
    slope = table.loc["area per added engine (slope) µm²"]
    assert slope["001"] == "001 Eq. 5.5" and slope["2013 study"] == 74125 and slope["design"] == "gcm_iter"
    assert slope["ours / study"] == pytest.approx(TRUTH["gcm_iter"][0] / 74125, rel=0.01)
    cycles = table.loc["cycles per 64-byte line + tag"]
    assert cycles["001"] == "001 Table 5.1" and cycles["ours"] == TRUTH["gcm_iter"][4]
    assert table.loc["engines for 25.6 GB/s", "001"] == "001 §6.1.3"
    assert table.loc["fmax of one engine MHz", "2013 study"] == 250
    assert set(table["design"]) == {"gcm_iter"}  # the study's engine is AES-GCM: cbc_mac is not set beside it


def test_labels_keep_what_varies():
    a = "gcm_iter [DIGIT=16,SBOX=0] freepdk45/nom 225MHz a=0.1"
    b = "gcm_iter [DIGIT=64,SBOX=0] freepdk45/nom 225MHz a=0.1"
    c = "cbc_mac [DIGIT=16,SBOX=0] freepdk45/nom 225MHz a=0.1"
    assert short_labels([a, b, c]) == {a: "gcm_iter DIGIT=16", b: "gcm_iter DIGIT=64", c: "cbc_mac DIGIT=16"}
    assert fixed_text([a, b]) == "SBOX=0, freepdk45/nom, 225MHz, a=0.1"
