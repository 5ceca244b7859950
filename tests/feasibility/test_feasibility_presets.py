import dataclasses
import math

import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.presets import KINDS, get_preset, load_presets, parse_presets, resolve_bandwidth

EXPECTED_GBPS = {
    "nexus-7": 5.3, "nexus-10": 12.8, "iphone-5": 8.5, "ipad-3": 12.8, "desktop-25.6": 25.6, "desktop-21": 21,
    "ddr4-3200": 25.6, "ddr5-4800": 38.4, "ddr5-5600": 44.8, "ddr5-6400": 51.2, "lpddr5-6400": 12.8,
    "lpddr5x-8533": 17.066, "hbm2": 409.6, "hbm2e": 460.8, "hbm3": 819.2, "hbm3e": 1200, "gddr6": 64,
    "gddr7": 128, "cxl2-x16": 64, "cxl3-x16": 128,
}


def test_all_presets_present_with_values_and_sources():
    presets = load_presets()
    assert set(presets) == set(EXPECTED_GBPS)
    for name, gbps in EXPECTED_GBPS.items():
        preset = presets[name]
        assert preset.bits_per_second == pytest.approx(gbps * 8e9), name
        assert preset.kind in KINDS
        assert preset.source.strip()


def test_kinds():
    assert get_preset("ddr4-3200").kind == "channel"
    assert get_preset("ddr5-4800").kind == "dimm"
    assert get_preset("hbm3").kind == "stack"
    assert get_preset("gddr7").kind == "device"
    assert get_preset("cxl3-x16").kind == "link"
    assert get_preset("nexus-7").kind == "system"


def test_lookup_is_forgiving_about_case_and_separators():
    assert get_preset("DDR5_4800").name == "ddr5-4800"
    with pytest.raises(InputError, match="known"):
        get_preset("ddr9")


def test_resolve_preset_with_efficiency_and_count():
    r = resolve_bandwidth("ddr5-4800", efficiency=0.75, count=2)
    assert r.bits_per_second == pytest.approx(38.4e9 * 8 * 2 * 0.75)
    assert r.peak_per_unit_bits_per_second == pytest.approx(38.4e9 * 8)
    assert r.preset == "ddr5-4800" and r.kind == "dimm"
    assert "x 2" in r.assumption and "0.75" in r.assumption and "57.6 GB/s" in r.assumption
    assert "4800 MT/s" in r.source
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.count = 3


def test_resolve_quantity():
    r = resolve_bandwidth("25.6 GB/s")
    assert r.bits_per_second == pytest.approx(204.8e9)
    assert r.preset is None and "decimal" in r.assumption and "peak" in r.assumption
    assert resolve_bandwidth("12.8GiB/s").bits_per_second == pytest.approx(12.8 * 2**33)


@pytest.mark.parametrize("kwargs", [{"efficiency": 0}, {"efficiency": 1.5}, {"count": 0}, {"count": 1.5}])
def test_resolve_rejects_bad_factors(kwargs):
    with pytest.raises(ValueError):
        resolve_bandwidth("ddr4-3200", **kwargs)


def test_resolve_unknown_text_mentions_presets():
    with pytest.raises(ValueError, match="ddr4-3200"):
        resolve_bandwidth("ddr4-9999")


DRAM = ("desktop-25.6", "desktop-21", "ddr4-3200", "ddr5-4800", "ddr5-5600", "ddr5-6400", "lpddr5-6400")


def test_dram_timing_is_sourced_and_its_access_is_trcd_plus_tcl():
    """Every DRAM preset with a standard speed bin at hand states tRCD, tCL and tRP with their source; the access
    time an engine's latency is compared with (and its hint lead computed from) is tRCD + tCL of the same bin."""
    for name, preset in load_presets().items():
        if name not in DRAM:
            assert math.isnan(preset.trcd_ns) and math.isnan(preset.access_ns), f"{name}: timing without a source"
            continue
        assert preset.access_ns == pytest.approx(preset.trcd_ns + preset.tcl_ns)
        assert 10 < preset.trcd_ns < 25 and 10 < preset.tcl_ns < 25 and 10 < preset.trp_ns < 25, name
        assert "JEDEC" in preset.timing_source and preset.access_source == preset.timing_source
    # DDR5-6400A, 46-46-46 at 3200 MHz: 46 / 3.2 = 14.375 ns each
    assert get_preset("ddr5-6400").access_ns == pytest.approx(2 * 46 / 3.2)
    assert get_preset("ddr4-3200").access_ns == pytest.approx(2 * 22 / 1.6)


def test_dram_timing_is_all_or_nothing(tmp_path):
    entry = {"name": "x", "bandwidth": "1 GB/s", "kind": "channel", "source": "s", "trcd_ns": 14.0}
    with pytest.raises(InputError, match="trcd_ns, tcl_ns, trp_ns"):
        parse_presets({"preset": [entry]})
    with pytest.raises(InputError, match="positive"):
        parse_presets({"preset": [{**entry, "tcl_ns": 14.0, "trp_ns": -1.0, "timing_source": "t"}]})
