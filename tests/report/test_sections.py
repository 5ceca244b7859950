"""Report sections are declared once, beside their views: every publication names declared sections, every
generated block a section declares is used in a document, and the report order is the declarations' order."""

from cryptoppa.report import generated, sections
from cryptoppa.report.publications import PUBLICATIONS


def test_every_publications_evidence_is_a_declared_section():
    names = {s.name for s in sections.declared()}
    for pub in PUBLICATIONS.values():
        assert set(pub.evidence) <= names, (pub.name, set(pub.evidence) - names)


def test_every_block_a_section_declares_feeds_a_document():
    used = {m["name"] for path in generated.FILES for m in generated._BLOCK.finditer(path.read_text())}
    declared = {name for s in sections.declared() for name, _ in s.blocks}
    assert declared and declared <= used, declared - used


def test_sections_run_in_their_declared_order():
    order = [s.name for s in sections.of_report(("study",))]
    assert order.index("answer") < order.index("study") < order.index("withheld") < order.index("appendix")
    assert "route" not in order  # evidence sections only where a publication names them
