"""The seed studies' printed figures (cryptoppa.feasibility.studies) against the seed texts themselves: each figure's
text is in the cited file, the number is in that text (in the named field of a table row), or the figure says how a
garbled extraction was read, and the citation names the study's own number."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cryptoppa.feasibility import studies
from support import ROOT


def _seeds_folder() -> Path | None:
    """shared/seeds beside the checkout (or beside a parent of a worktree)."""
    for parent in ROOT.parents:
        if (parent / "shared" / "seeds").is_dir():
            return parent / "shared" / "seeds"
    return None


SEEDS = _seeds_folder()
FIGURES = [(seed, figure) for seed in studies.SEEDS.values() for figure in seed.figures]


@pytest.mark.skipif(SEEDS is None, reason="the seed studies (shared/seeds) are not beside this checkout")
@pytest.mark.parametrize("seed,figure", FIGURES, ids=lambda x: getattr(x, "number", None) or getattr(x, "key", ""))
def test_printed_figure_is_in_the_cited_seed(seed, figure):
    text = (SEEDS / seed.file).read_text(encoding="utf-8")
    assert figure.text in text, f"{figure.source}: {figure.text!r} is not in {seed.file}"
    where = figure.text.split("\t")[figure.field] if figure.field is not None else figure.text
    if figure.reading:  # garbled: the printed digits still appear, in order, in the extracted characters
        assert re.sub(r"\D", "", figure.printed) in re.sub(r"\D", "", where), figure
    else:
        assert figure.printed in where, figure
    assert figure.source.startswith(seed.short + ","), figure  # cited by author, never by file


def test_keys_are_unique_and_numbers_parse():
    for seed in studies.SEEDS.values():
        keys = [f.key for f in seed.figures]
        assert len(keys) == len(set(keys)), seed.number
    assert studies.PAGES["page_1k"].value == 10620 and studies.SUBPIPE["fmax_gcm_subpipe"].value == 142.902
    assert studies.SUBPIPE["stages_per_round"].value == 6
