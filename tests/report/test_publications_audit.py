"""The fpga, studies and flexlib publications, rebuilt from their committed data: every number they print is a
record, a study's figure cited as printed, or a declared input; none has more than four significant digits unless it
is an exact count or cited as printed; the main body (before its Appendix) is at most 2,000 words; no citation
points outside the repository."""

from __future__ import annotations

import pytest

from cryptoppa.answers import audit, records
from cryptoppa.report import publish
from cryptoppa.report.publications import get

WORD_LIMIT = 2000


@pytest.mark.parametrize("name", ["fpga", "studies", "flexlib"])
def test_publication_prints_records_only_within_its_word_limit(name, tmp_path):
    document = f"reports/{name}/report.md"
    with records.collecting() as ledger:
        publish.build(get(name), tmp_path)
    text = (tmp_path / "report.md").read_text()
    assert audit.unrecorded(text, audit.allowed_texts(ledger, document)) == []
    assert audit.too_precise(text, audit.exact_texts(ledger, document)) == []
    assert not records.disagreements(ledger)
    body = text.split("\n## Appendix")[0]
    assert len(body.split()) <= WORD_LIMIT
    assert "../" not in text and "shared/seeds" not in text
