"""The integrity-metadata model (cryptoppa.feasibility.metadata) against values computed by hand."""

import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.metadata import (SCHEMES, Access, format_size, get_scheme, overhead, parse_size,
                                            traffic_range, tree_levels)

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
    for name in ("xts", "prince-xex", "qarma64-tweak"):
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


def test_traffic_range_bounds_the_hit_rate_on_the_stated_footprint():
    """Streaming is the best case and uncached the worst; any hit rate lies between, and the counter tree's depth
    (so its uncached traffic) grows with the protected footprint."""
    cases = traffic_range(SGX, Access(hit_rate=0.9))
    assert list(cases) == ["streaming", "uncached", "hit rate 0.9"]
    assert cases["streaming"].extra_traffic < cases["hit rate 0.9"].extra_traffic < cases["uncached"].extra_traffic
    assert cases["uncached"].extra_traffic == pytest.approx(5 * 4 / 3)  # 5 lines, each with a write-back share
    assert "96 MiB protected (SGX MEE's region, the default)" in cases["streaming"].note
    big = Access(pattern="uncached", write_fraction=0.0, protected_bytes=parse_size("16GiB"))
    # 16 GiB: 2^28 lines, 2^25 counter lines, then 2^22, 2^19, 2^16, 2^13, 2^10, 2^7 in DRAM (2^4 lines stay on die)
    assert tree_levels(SGX, big) == [2**25, 2**22, 2**19, 2**16, 2**13, 2**10, 2**7]
    assert overhead(SGX, big).extra_traffic == pytest.approx(8.0) and "16 GiB protected" in overhead(SGX, big).note
    assert list(traffic_range(get_scheme("xts"))) == ["streaming", "uncached"]


def test_footprint_sizes():
    assert parse_size("96MiB") == 96 * 2**20 and parse_size("4 GB") == 4e9 and parse_size("1e9") == 1e9
    assert format_size(96 * 2**20) == "96 MiB" and format_size(4e9) == "4 GB"
    for bad in ("-1GiB", "0", "lots", "16 GiBs"):
        with pytest.raises(InputError, match="protected footprint"):
            parse_size(bad)
