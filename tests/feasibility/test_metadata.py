"""The integrity-metadata model (cryptoppa.feasibility.metadata) against values computed by hand."""

import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.metadata import SCHEMES, Access, get_scheme, overhead, tree_levels

SGX = get_scheme("ctr-mac-tree")


def test_sgx_tree_over_96_mb():
    # 96 MB / 64 B = 1,572,864 lines; 8 counters a line: 196,608 version lines, then 24,576, 3,072 and 384 lines
    # in DRAM; the next level (48 lines, 3 KB) stays on die.
    assert tree_levels(SGX, Access()) == [196_608, 24_576, 3_072, 384]
    uncached = overhead(SGX, Access(pattern="uncached", write_fraction=0.0))
    assert uncached.lines_per_access == 5 and uncached.extra_traffic == pytest.approx(5.0)
    assert uncached.capacity == pytest.approx((2 * 196_608 + 24_576 + 3_072 + 384) / 1_572_864)


def test_streaming_reads_one_metadata_line_per_lines_it_covers():
    reads = Access(write_fraction=0.0)
    assert overhead(get_scheme("gcm-tag"), reads).extra_traffic == pytest.approx(0.25)  # 16-byte tags, 4 a line
    assert overhead(SGX, reads).extra_traffic == pytest.approx(1 / 8 + 1 / 8 + 1 / 64 + 1 / 512 + 1 / 4096)
    # Each metadata miss also writes back a dirty line for the share of writes.
    assert overhead(get_scheme("gcm-tag"), Access(write_fraction=0.5)).extra_traffic == pytest.approx(0.375)
    assert overhead(get_scheme("gcm-tag"), Access(hit_rate=0.9, write_fraction=0.0)).extra_traffic == pytest.approx(0.1)


def test_confidentiality_only_schemes_add_nothing():
    for name in ("xts", "prince-xex"):
        o = overhead(get_scheme(name), Access(pattern="uncached"))
        assert (o.lines_per_access, o.extra_traffic, o.capacity) == (0, 0.0, 0.0)


def test_every_scheme_names_its_engine_and_source():
    assert all(s.engines and s.source for s in SCHEMES.values())
    with pytest.raises(InputError, match="unknown scheme"):
        get_scheme("rot13")
    with pytest.raises(InputError, match="between 0 and 1"):
        Access(hit_rate=1.5)
    with pytest.raises(InputError, match="access pattern"):
        Access(pattern="random")
