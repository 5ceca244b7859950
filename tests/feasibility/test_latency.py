"""Read latency in front of a DRAM (cryptoppa.feasibility.latency) against values computed by hand."""

import math

import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.latency import cycles_to_ns, hint_lead_cycles, latency_at_lead


def test_cycles_to_ns_names_no_clock_but_needs_one():
    assert cycles_to_ns(51, 225.0) == pytest.approx(226.67, abs=0.01)  # xts LANES=1 at the study's clock
    assert cycles_to_ns(51, 917.6) == pytest.approx(55.58, abs=0.01)  # ... at its own fmax
    with pytest.raises(InputError, match="MHz"):
        cycles_to_ns(1, 0)


def test_hint_lead_is_the_dram_access_in_whole_engine_cycles():
    # DDR5-6400A: tRCD + tCL = 28.75 ns; 6.47 cycles at 225 MHz: the data is taken at the 7th edge
    assert hint_lead_cycles(28.75, 225.0) == 7
    assert hint_lead_cycles(28.75, 1151.0) == 34
    assert hint_lead_cycles(20.0, 200.0) == 4  # exactly 4 cycles stays 4
    assert hint_lead_cycles(math.nan, 225.0) == 0  # no DRAM timing: no lead


def test_latency_falls_one_cycle_per_cycle_of_lead_to_the_hinted_floor():
    # ctr_mac defaults, data: 12 cycles without a hint, 2 with the pads ready (designs/README.md)
    assert [latency_at_lead(12, 2, lead) for lead in range(14)] == [12, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2]
    assert latency_at_lead(51, math.nan, 40) == 51  # no prefetch port: the lead changes nothing
    with pytest.raises(InputError):
        latency_at_lead(12, 2, -1)
