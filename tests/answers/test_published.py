"""Published engines beside ours, like for like, on the committed data: each work beside the configuration of ours it
declares (not a scheme's cheapest), one ORFS snapshot for both platforms, every derived figure recomputed here from
its inputs, and every ratio a comparison the gate let through."""

import re

import pandas as pd
import pytest

from cryptoppa.answers import published
from cryptoppa.answers.comparison import Ratio
from cryptoppa.answers.labels import tokens
from cryptoppa.answers.records import Cited, Record
from cryptoppa.report import generated


@pytest.fixture(scope="module")
def designs():
    model = generated.publication_model("designs")
    return model, {p.key: p for p in published.pairings(model)}


def test_each_declared_configuration_is_one_answered_engine_and_ours_is_it(designs):
    model, pairs = designs
    for entry in published.entries():
        for declared in entry["ours"]:
            wanted = {f"{k}={v}" for k, v in declared["params"].items()}
            matches = [e for e in model.answered if e.config["design"] == declared["design"]
                       and wanted <= set(tokens(e.config["group"]))]
            assert len(matches) == 1, (entry["key"], declared)
            (row,) = [r for r in pairs[entry["key"]].ours if r.label == f"ours: {published.configuration(declared)}"]
            assert row.figures["kge"].value is matches[0].get("kGE")  # the model's record, not a copy
    # the iterative AES-128 core sits beside our one-lane XTS, not the xts scheme's cheapest (four lanes)
    (xts,) = pairs["orfs"].ours
    assert "LANES=1" in xts.label and xts.figures["cycles"].value.value == pytest.approx(41 / 4)


def test_orfs_rows_are_one_snapshot_read_from_the_committed_metadata(designs):
    _, pairs = designs
    table = pd.read_csv(published.ORFS_DATA)
    newest = table.sort_values("date").iloc[-1]["commit"]
    rows = pairs["orfs"].theirs
    assert {r.basis["source"] for r in rows} == {f"{published.ORFS_SOURCE} {newest[:7]}"}
    assert [r.label.rsplit(", ", 1)[1] for r in rows] == ["nangate45", "asap7"]
    for r in rows:
        m = table[(table["commit"] == newest) & (table["platform"] == r.label.rsplit(", ", 1)[1])].iloc[0]
        cycles = r.figures["cycles"].value.value
        assert cycles == 12  # the RTL's round counter, loaded with 4'hb, and done registered a cycle later
        slack, period = m["finish_setup_ws_ns"], m["clock_period_ns"]
        routed = 1 / (period - min(slack, 0.0))  # a missed clock runs at the period plus the slack
        assert r.figures["ghz"].value.value == pytest.approx(routed)
        assert r.figures["gbps"].value.value == pytest.approx(routed * 128 / cycles)
        # energy per bit: the power and the throughput at the clock the power was measured at, the constraint's
        assert r.figures["pj_per_bit"].value.value == pytest.approx(
            m["finish_power_w"] / (128 / cycles / period * 1e9) * 1e12)
        kge = r.figures["kge"]
        assert kge.value.value == pytest.approx(m["synth_area_um2"] / kge.how[2].value / 1e3)
    nangate, asap7 = (r.figures["kge"].how[2] for r in rows)
    assert isinstance(nangate, Record) and nangate.value == pytest.approx(0.798)  # our stage-delay table's
    assert isinstance(asap7, Cited) and "DONT_USE_CELLS" in asap7.citation


def test_every_derived_figure_shows_its_derivation_from_cited_or_recorded_parts(designs):
    _, pairs = designs
    for p in pairs.values():
        for r in p.theirs:
            for column, f in r.figures.items():
                if isinstance(f.value, Record):
                    assert any(isinstance(x, Cited | Record) for x in f.how), (r.label, column)


def test_ratios_are_comparisons_and_the_gate_refuses_unlike_bases(designs):
    _, pairs = designs
    orfs = pairs["orfs"]
    assert [c.name for c in orfs.answered] == ["cycles per block"]  # a count: the designs' alone
    assert all(isinstance(c.ratio, Ratio) for p in pairs.values() for c in p.answered)
    refused = {c.name: c.refused.reason for c in orfs.comparisons if c.refused}
    assert {"kGE", "GHz", "Gb/s", "pJ/bit"} <= set(refused)
    assert "library" in refused["kGE"] and "power" in refused["pJ/bit"] and "stage" in refused["GHz"]
    latency = [c for c in pairs["xts-blog"].comparisons if c.name == "latency, cycles"]
    assert latency and "scope" in latency[0].refused.reason  # the rounds alone against a whole read
    assert pairs["rambus-338"].comparisons == ()  # a range without a clock: no ratio is formed


def test_every_citation_says_where_a_reader_finds_it():
    for entry in published.entries():
        assert re.search(r"`[\w.-]+\.(com|org)/|IEEE", entry["citation"]), entry["key"]


def test_a_report_without_the_configuration_lists_it_instead():
    model = generated.publication_model("nodes")
    pairs = {p.key: p for p in published.pairings(model)}
    assert pairs["orfs"].ours  # xts with one lane is measured on sky130 too
    assert not pairs["dong2020"].ours
    assert [n.reason for n in pairs["dong2020"].missing] == ["not measured in this report's results"]
