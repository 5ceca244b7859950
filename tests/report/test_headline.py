"""The report's answer-first layout: the headline and the 2013-study tables, their numbers and their labels."""

import math
import re

import pytest
from conftest import CLOCK_MHZ, TRUTH
from support import ROOT

from cryptoppa.feasibility.presets import resolve_bandwidth
from cryptoppa.report import analysis, headline
from cryptoppa.report.answer import answer_rows
from cryptoppa.report.basis import basis_of, engine_power
from cryptoppa.report.labels import fixed_per_design, fixed_text, short_labels
from cryptoppa.report.load import load_results
from cryptoppa.report.study_side import side_by_side
from cryptoppa.report.traffic import scheme_traffic


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


def test_answer_then_basis_then_study_come_first(report_md):
    sections = _sections(report_md)
    assert sections[0] == "Answer: what 25.6 GB/s of memory bandwidth costs"
    assert sections[1:3] == ["Basis", "Beside the 2013 study"]
    assert sections[-1] == "Appendix" and report_md.index("### Points") > report_md.index("## Appendix")


def test_headline_numbers(synthetic_module, report_md):
    at_study, at_fmax = _tables_in(report_md, "Answer")
    rows = at_study
    assert rows[0] == ["design", "engines", "area mm²", "kGE", "power W", "pJ/byte", "read latency ns",
                       "extra traffic %"]
    assert at_fmax[0][:3] == ["design", "fmax MHz", "engines"]
    bits = resolve_bandwidth("desktop-25.6").bits_per_second
    results = load_results(synthetic_module)
    feas = analysis.engines_for_bandwidths(results, analysis.group_fits(results), ["desktop-25.6"]).set_index("design")
    by_design = {r[0]: r for r in rows[1:]}
    assert set(by_design) == set(TRUTH)  # only the design varies: the fixed parameters are stated once
    for design, truth in TRUTH.items():
        per_engine = CLOCK_MHZ * 1e6 * 64 * 8 / truth[4]
        streaming, uncached = scheme_traffic(design)  # the engines also carry their scheme's metadata
        row = by_design[design]
        assert int(row[1]) == math.ceil(bits * (1 + streaming) / per_engine - 1e-9)
        assert float(row[2]) == pytest.approx(feas.loc[design, "area_mm2"], rel=5e-4)
        assert float(row[4]) == pytest.approx(feas.loc[design, "power_w"], rel=5e-4)
        assert row[7] == f"{streaming * 100:.3g}–{uncached * 100:.3g}"  # a range, not the best case alone
    assert "Every design above: LINE_BYTES=64, freepdk45/nom, 225MHz, a=0.1." in report_md
    others = _tables_in(report_md, "Other memories")[0]
    assert [h.split(" (")[0] for h in others[0][1:]] == list(headline.DEFAULT_PRESETS)


def test_array_power_is_never_below_n_engines(synthetic_results):
    results = load_results(synthetic_results)
    fits = analysis.group_fits(results)
    for name in ("desktop-25.6", "hbm3"):
        bits = resolve_bandwidth(name).bits_per_second
        for config, totals, mhz in answer_rows(results, fits, bits, "study"):
            assert totals.power_w >= totals.engines * engine_power(config, mhz, load=totals.load) * (1 - 1e-12)
            assert totals.area_mm2 * 1e6 >= totals.engines * config["area_um2"] * (1 - 1e-12)


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
    rows = answer_rows(results, fits, resolve_bandwidth("desktop-25.6").bits_per_second, "study", metadata=False)
    table = side_by_side(results, fits, rows, basis_of(results)).set_index("quantity")
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
    assert short_labels([a, b, c]) == {a: "gcm_iter DIGIT=16", b: "gcm_iter DIGIT=64", c: "cbc_mac"}
    assert fixed_text([a, b]) == "SBOX=0, freepdk45/nom, 225MHz, a=0.1"
    assert fixed_per_design([a, b, c]) == "cbc_mac DIGIT=16"  # what the short labels leave out, said once


@pytest.mark.parametrize("publication", ["thesis", "designs"])
def test_study_side_by_side_on_simulated_power(publication):
    """Published results with simulated workloads: the study's engine is set beside the configuration the answer
    reads (not a workload's twin group), and its power slope is the saturated rows' fit, as the answer's power is."""
    results = load_results(ROOT / "reports" / publication / "data")
    basis = basis_of(results)
    assert basis.simulated
    fits = analysis.group_fits(results)
    rows = answer_rows(results, fits, resolve_bandwidth("desktop-25.6").bits_per_second, "study", basis=basis,
                       metadata=False)
    table = side_by_side(results, fits, rows, basis).set_index("quantity")
    config = next(c for c, _, _ in rows if c["design"] == "gcm_iter" and "DIGIT=16" in c["group"]
                  and "SBOX=0" in c["group"])
    one = table.loc["power of one engine (N = 1) mW", "ours"]
    assert one == pytest.approx(engine_power(config, 225.0) * 1e3, rel=1e-3)
    if "power per added engine (slope) mW" in table.index:  # only where N varies (the thesis arrays)
        # Saturated engines each add about one engine's saturated power, never its idle power.
        assert table.loc["power per added engine (slope) mW", "ours"] > 0.5 * one
