"""The documentation: the README stays a five-minute read, and the MkDocs site in docs/ builds strictly.

`mkdocs build --strict` fails on a link to a missing page or anchor and on a page left out of the navigation;
a generated block that no longer matches its data is caught by `cryptoppa publish --check` (tests/report/
test_publish.py), which reads every page of docs/.
"""

from __future__ import annotations

import re
import subprocess
import sys

from cryptoppa.report import generated
from support import ROOT

README_WORDS = 2000
_LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")


def test_readme_is_at_most_2000_words():
    words = len((ROOT / "README.md").read_text().split())  # as `wc -w` counts
    assert words <= README_WORDS, f"README.md has {words} words; move detail into docs/"


def test_readme_links_reach_files_of_the_checkout():
    text = (ROOT / "README.md").read_text()
    targets = [m[1] for m in _LINK.finditer(text) if "://" not in m[1]]
    assert targets, "the README points into docs/"
    assert [t for t in targets if not (ROOT / t).exists()] == []


def test_the_site_builds_strictly(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "reference" / "metrics.html").is_file()


def test_a_broken_link_fails_the_build(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# x\n\n[gone](missing.md)\n")
    (tmp_path / "mkdocs.yml").write_text((ROOT / "mkdocs.yml").read_text().split("\nnav:")[0] + "\n")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "missing.md" in done.stdout + done.stderr


def test_publish_reads_every_page_of_the_site():
    pages = set((ROOT / "docs").rglob("*.md"))
    assert pages and pages <= set(generated.FILES)


def test_the_reference_pages_are_generated_from_the_code():
    # The reference pages are catalogs of the code: each holds a generated block.
    for page in (ROOT / "docs" / "reference").glob("*.md"):
        if page.name not in ("commands.md", "studies.md"):
            assert "<!-- generated: " in page.read_text(), page
