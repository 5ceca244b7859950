import pytest

from cryptoppa.feasibility.storage import cbc_storage, compare_storage, gcm_storage


def test_gcm_study_configuration():
    r = gcm_storage(processors=8, processes=100, line_bytes=64)
    terms = {t.name: t for t in r.terms}
    assert (terms["keys"].count, terms["keys"].bits_each) == (9, 128)
    assert (terms["process table"].count, terms["process table"].bits_each) == (100, 9)
    assert (terms["counters"].count, terms["counters"].bits_each) == (14, 99)
    assert r.state_bits == 128 * 9 + 100 * 9 + 99 * 14 == 3438
    assert round(r.state_bytes) == 430
    assert r.buffer_bytes == 5 * 14 * 64 == 4480
    assert r.discrepancy and "3672" in r.study_printed and "3438" in r.note


def test_gcm_pads_at_128_byte_lines():
    assert gcm_storage(line_bytes=128).buffer_bytes == 8960


def test_cbc_senss_masks():
    r = cbc_storage(processes=100, line_bytes=64)
    assert r.buffer_bytes == 100 * 2 * 64 * 2 == 25_600
    assert not r.discrepancy and r.study_printed


def test_general_formula_scales_and_only_study_config_is_compared():
    r = gcm_storage(processors=4, processes=10)
    assert r.state_bits == 128 * 5 + 10 * 5 + 99 * 6
    assert r.buffer_bytes == 5 * 6 * 64
    assert not r.discrepancy and r.study_printed == ""


def test_comparison_ratio():
    c = compare_storage()
    assert c.gcm.total_bytes == pytest.approx(429.75 + 4480)
    assert c.ratio == pytest.approx(25_600 / 4909.75)


@pytest.mark.parametrize("kwargs", [{"processors": 0}, {"line_bytes": -64}, {"processes": 1.5}])
def test_rejects_bad_sizes(kwargs):
    with pytest.raises(ValueError):
        gcm_storage(**kwargs)
