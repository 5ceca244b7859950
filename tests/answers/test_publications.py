"""Every publication, rebuilt from its committed data once per session, checked against issue 35's rules: it matches
what is committed, every number it prints is a record of the answer model (or a citation, or a declared input), no
number has more than four significant digits, one quantity has one value in every document, main bodies keep their
word limits, no citation points outside the repository, and the published answers pass their gates."""

import functools
import re
import shutil

import pandas as pd
import pytest

from cryptoppa.answers import audit, model, multikey, records
from cryptoppa.answers.question import Question
from cryptoppa.answers.gates import ARRAY_TOLERANCE
from cryptoppa.feasibility.key_table import KEYS_COLUMN
from cryptoppa.report import docs_pages, generated, publish
from cryptoppa.report.publications import PUBLICATIONS
from support import ROOT

pytestmark = pytest.mark.xdist_group("publications")  # one worker: the rebuild is shared

# Reports whose builders are on the answer model, and their main body's word limit. The designs report's engines
# table has a row per published configuration (28 with XTS-AES-256's three); the thesis report splits its gap to
# the 2013 study factor by factor; the libraries report's two tables a row per engine on each library, corner and
# wire-load setting (3 engines x 8).
WORDS = {"designs": 3100, "thesis": 2300, "route": 2000, "libraries": 2400, "fpga": 2000, "studies": 2000,
         "flexlib": 2000, "nodes": 3000, "multikey": 2000}
MODELLED = ("designs", "thesis", "route", "libraries", "nodes", "multikey")  # built by report.build on answers.model
# Reference tables of the code's catalogs (bounds, defaults, parameters, presets), not measurements; the slowdown
# block is its own publication's.
REFERENCE_BLOCKS = {"metrics", "settings", "limits", "publications", "slowdown-table", *docs_pages.RENDERERS}
_BLOCK = re.compile(r"<!-- generated: (?P<name>[a-z0-9-]+) -->\n(?P<body>.*?)<!-- end generated -->", re.S)


@functools.cache
def _rebuild():
    with records.collecting() as ledger:
        problems = publish.check()
    return problems, ledger


@pytest.fixture
def rebuilt():
    """(what differs from the committed documents, the ledger of every record every document showed): rebuilt once
    per worker, however the scheduler interleaves this module with others."""
    return _rebuild()


def _report(name: str) -> str:
    return (ROOT / "reports" / name / "report.md").read_text()


def test_every_publication_matches_its_committed_data(rebuilt):
    problems, _ = rebuilt
    assert problems == []


@pytest.mark.parametrize("name", sorted(WORDS))
def test_every_number_is_a_record_and_none_too_precise(rebuilt, name):
    _, ledger = rebuilt
    document = f"reports/{name}/report.md"
    text = _report(name)
    assert audit.unrecorded(text, audit.allowed_texts(ledger, document)) == []
    assert audit.too_precise(text, audit.exact_texts(ledger, document)) == []


def test_generated_blocks_are_records_too(rebuilt):
    _, ledger = rebuilt
    for path in generated.FILES:
        text = path.read_text()
        document = str(path.relative_to(ROOT))
        for block in _BLOCK.finditer(text):
            if block["name"] in REFERENCE_BLOCKS:
                continue
            body = block["body"]
            assert audit.unrecorded(body, audit.allowed_texts(ledger, document)) == [], (document, block["name"])
            assert audit.too_precise(body, audit.exact_texts(ledger, document)) == [], (document, block["name"])


def test_one_quantity_has_one_value_in_every_document(rebuilt):
    _, ledger = rebuilt
    documents = {entry[0] for entry in ledger}
    assert {"README.md", "reports/thesis/report.md", "reports/designs/report.md"} <= documents
    assert records.disagreements(ledger) == []


def test_every_ratio_is_a_comparisons(rebuilt):
    """No document shows a ratio that is not a comparison's (answers.comparison): two sources, libraries, nodes,
    stages or schemes set side by side share a basis, or measured factors carry the difference; the rest is listed
    as not answered. A bare record of quantity "ratio" anywhere fails."""
    _, ledger = rebuilt
    bare = {(doc, key[0], key[1]) for doc, key, _, quantity in ledger if quantity == records.BARE_RATIO}
    assert bare == set()


def test_every_ratio_printed_with_a_times_sign_is_a_comparisons(rebuilt):
    """A number followed by "×" in a report is a comparison's ratio, a figure as another work printed it, or part of
    a generated derivation, or a declared constant of the method (the 2× a projection's bracket may span), never a
    ratio typed or computed in a view."""
    _, ledger = rebuilt
    for name in WORDS:
        document = f"reports/{name}/report.md"
        ratios = {shown for doc, _, shown, quantity in ledger if doc == document and quantity in ("ratio", "cited")}
        for number in re.findall(r"(?<![\w.,])(\d[\d,]*(?:\.\d+)?)×", _report(name)):
            assert number in ratios or number in audit.declared() or (number.isdigit() and int(number) <= audit.SMALL), \
                (name, number)


@pytest.mark.parametrize("name", sorted(WORDS))
def test_main_bodies_keep_their_word_limit(name):
    main = _report(name).split("\n## Appendix", 1)[0]
    assert len(main.split()) <= WORDS[name]


def test_no_citation_leaves_the_repository():
    for report in (ROOT / "reports").glob("*/report.md"):
        text = report.read_text()
        assert "../shared" not in text and "seeds/" not in text, report


@pytest.mark.parametrize("name", MODELLED)
def test_published_answers_pass_their_gates(name):
    model = generated.publication_model(name)
    for e in model.answered:
        assert e.clock_mhz <= float(e.config["fmax_mhz"]) * (1 + 1e-9), e.name
    for check in model.arrays:  # an array below N × one engine is printed with its flag, never silently
        assert check.share.value < 1 - ARRAY_TOLERANCE and check.flag
    configs = model.configs
    for _, array in configs[configs["n"] > 1].iterrows():
        ones = configs[(configs["group"] == array["group"]) & (configs["n"] == 1)]
        alone = ones[ones["array_mode"] == ""]
        single = alone if not alone.empty else ones  # one engine: the engine alone where it was measured
        if single.empty or not isinstance(array.get("saturated"), dict):
            continue
        below = sum(array["saturated"].values()) < array["n"] * sum(single.iloc[0]["saturated"].values()) * (
            1 - ARRAY_TOLERANCE)
        flagged = any(c.config["label"] == array["label"] and c.power_model.startswith("simulated")
                      for c in model.arrays)
        assert not below or flagged, array["label"]
    assert PUBLICATIONS[name].question == model.question


def test_the_key_table_is_measured_up_to_tme_mks_1024_keys():
    """The multi-key report measures KEYS from one entry to TME-MK's 1,024: every column, every flip-flop of the table."""
    text = _report("multikey").split("\n## Appendix", 1)[0]
    section = text.split("## The key table as it grows", 1)[1]
    table = next(t for t in section.split("\n\n") if "added flip-flops" in t)
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in table.splitlines()
            if line.startswith("| ") and "KEYS" not in line]
    assert [row[0] for row in rows] == ["1", "16", "64", "256", "1,024"]
    assert "not measured" not in table and "extrapolated" not in section
    for row in rows[1:]:
        keys, added_flops = (float(row[i].replace(",", "")) for i in (0, 7))
        assert added_flops >= 0.999 * (keys - 1) * 256  # one flip-flop per added key bit (4 digits shown)


def test_a_shared_key_table_costs_its_pool_of_one_key_engines_and_one_table_per_port():
    """K keys as they would ship: never below N one-key engines, a clock-gated table never above a clocked one, and
    far below a table in every engine at TME-MK's 1,024 keys."""
    m = generated.publication_model("multikey")
    shared = multikey.shared_tables(multikey.key_tables(m))
    one = next(e for e in m.answered if "KEYS=1," in e.config["group"])
    for t in shared:
        assert t.shared.area.value * 1e6 >= t.engines.value * one.value("area") * (1 - 1e-9)
        assert t.gated.power.value <= t.shared.power.value <= t.each.power.value * (1 + 1e-9)
    largest = shared[-1]
    assert largest.keys == 1024 and largest.shared.area.value < largest.each.area.value / 10


def test_the_key_tables_extrapolation_agrees_with_the_measured_1024(tmp_path):
    """The rule a table past the measured sizes is extrapolated by (area only, µm² per added bit of the largest),
    checked against the measurement: from KEYS <= 256 to 1,024."""
    data = ROOT / "reports/multikey/data"
    measured = {s.keys: s for s in multikey.key_tables(model.build(data, Question("ddr5-6400")))}
    frame = pd.read_csv(data / "results.csv")
    frame[frame[KEYS_COLUMN] < 1024].to_csv(tmp_path / "results.csv", index=False)
    shutil.copy(data / "stage_delay.csv", tmp_path)
    fewer = multikey.key_tables(model.build(tmp_path, Question("ddr5-6400")), extrapolate_to=1024)
    extrapolated = fewer[-1]
    assert extrapolated.keys == 1024 and extrapolated.engine is None and 1024 in measured
    assert "extrapolated" in extrapolated.area.on.stage
    assert extrapolated.area.value == pytest.approx(measured[1024].area.value, rel=0.02)
