import pytest

from cryptoppa.feasibility.units import format_bandwidth, parse_bandwidth, parse_bandwidth_quantity


@pytest.mark.parametrize(
    ("text", "bits"),
    [
        ("25.6GB/s", 204.8e9),
        ("25.6 GB/s", 204.8e9),
        ("204.8Gb/s", 204.8e9),
        ("1.2TB/s", 9.6e12),
        ("800MB/s", 6.4e9),
        ("12.8GiB/s", 12.8 * 2**30 * 8),
        ("100 Gbps", 100e9),
        ("64 kB/s", 512e3),
        ("64 KB/s", 512e3),
        ("  5.3 GB / s ", 42.4e9),
        ("1e3 MB/s", 8e9),
        ("8 B/s", 64.0),
    ],
)
def test_parse_forms(text, bits):
    assert parse_bandwidth(text) == pytest.approx(bits, rel=1e-12)


def test_binary_prefix_is_labelled():
    q = parse_bandwidth_quantity("12.8GiB/s")
    assert q.binary and q.bytes_unit and q.prefix == "Gi"
    assert "binary" in q.label and "2^30" in q.label
    d = parse_bandwidth_quantity("25.6 GB/s")
    assert not d.binary and "decimal" in d.label


@pytest.mark.parametrize("text", ["25.6", "25.6 GB", "fast", "25.6 gb/s", "25.6 mb/s", "-1 GB/s", "", "GB/s"])
def test_bad_text_names_text_and_forms(text):
    with pytest.raises(ValueError) as err:
        parse_bandwidth(text)
    assert repr(text) in str(err.value)
    assert "GiB/s" in str(err.value)  # the accepted forms are listed


def test_non_string_rejected():
    with pytest.raises(ValueError):
        parse_bandwidth(25.6)


def test_format_round_trip():
    assert format_bandwidth(204.8e9) == "25.6 GB/s"
    assert parse_bandwidth(format_bandwidth(9.6e12)) == pytest.approx(9.6e12)
