import pytest

from cryptoppa.feasibility.throughput import engines_needed, hardware_throughput, software_throughput


def test_hardware_formula():
    # 225 MHz, 123 clocks per 64-byte line + tag -> 936.6 Mb/s (2013 study)
    assert hardware_throughput(225e6, 123, 64) / 1e6 == pytest.approx(936.585, abs=1e-3)
    assert hardware_throughput(1e9, 160, 64) == pytest.approx(0.4e9 * 8)


def test_software_formula():
    assert software_throughput(2.7e9, 44) / 1e6 == pytest.approx(490.909, abs=1e-3)
    assert software_throughput(900e6, 41) / 1e6 == pytest.approx(175.61, abs=1e-2)


def test_engines_ceiling_and_headroom():
    c = engines_needed(204.8e9, 936.6e6)
    assert c.exact == pytest.approx(218.663, abs=1e-3)
    assert c.count == 219
    assert c.utilization == pytest.approx(218.663 / 219, abs=1e-5)
    assert c.last_engine_unused == pytest.approx(1 - 0.663, abs=1e-3)
    assert c.headroom == pytest.approx(1 - c.utilization)


def test_exact_multiple_needs_no_extra_engine():
    c = engines_needed(0.3 * 10, 0.1)  # 30.000000000000004 in floating point
    assert c.count == 30 and c.last_engine_unused == pytest.approx(0.0) and c.utilization == pytest.approx(1.0)


def test_small_bandwidth_still_needs_one_engine():
    c = engines_needed(1.0, 100.0)
    assert c.count == 1 and c.last_engine_unused == pytest.approx(0.99)


@pytest.mark.parametrize("args", [(0, 1), (1, 0), (-1, 1), (float("nan"), 1), (1, float("inf"))])
def test_rejects_non_positive(args):
    with pytest.raises(ValueError):
        engines_needed(*args)
