"""One number per quantity across documents (issue 26 item 7): every figure a report or a README block quotes for
the same (configuration, basis, clock, quantity) has one value everywhere it is quoted."""

from cryptoppa.report import publish, quotes


def test_every_quoted_quantity_has_one_value_in_every_document():
    with quotes.collecting() as ledger:
        assert not publish.check()  # rebuilds every report and generated block from the committed data
    documents = {doc for doc, _, _ in ledger}
    assert {"README.md", "reports/thesis/report.md", "reports/designs/report.md"} <= documents
    assert len(ledger) > 100
    assert not quotes.disagreements(ledger)


def test_a_disagreement_is_named_with_where_it_appears():
    with quotes.collecting() as ledger:
        with quotes.document("a.md"):
            quotes.quote(("gcm_iter", "synthesis only"), "power_w", 5.168)
        with quotes.document("b.md"):
            quotes.quote(("gcm_iter", "synthesis only"), "power_w", 5.612)
            quotes.quote(("gcm_iter", "synthesis only"), "engines", 107)
    (line,) = quotes.disagreements(ledger)
    assert "5.168 in a.md" in line and "5.612 in b.md" in line and "power_w" in line
