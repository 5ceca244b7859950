"""The routed report's statement of the ideal clock's error (report.tables.ideal_clock_table) on published data."""

from __future__ import annotations

import pytest

from cryptoppa import pdk
from cryptoppa.report.load import load_results
from cryptoppa.report.tables import ideal_clock_table
from support import ROOT

PUBLISHED = ROOT / "reports" / "route" / "data"


def test_slowest_wire_is_half_rc_on_the_worst_signal_layer():
    routing = pdk.get(pdk.DEFAULT_PDK).routing
    layers = routing.signal_layers()
    assert layers[0] == "metal2" and layers[-1] == routing.top_layer
    layer, ps = routing.slowest_wire_ps(100.0)
    r, c = routing.rc_per_um[layer]
    assert ps == pytest.approx(0.5 * r * c * 100.0 ** 2)
    assert all(r * c >= routing.rc_per_um[n][0] * routing.rc_per_um[n][1] for n in layers)
    # A distributed line's delay grows with the square of its length.
    assert routing.slowest_wire_ps(200.0)[1] == pytest.approx(4 * ps)


@pytest.mark.skipif(not (PUBLISHED / "results.csv").is_file(), reason="no published routed results")
def test_skew_only_ever_slows_the_routed_point():
    table = ideal_clock_table(load_results(PUBLISHED))
    assert len(table) > 0
    assert (table["wire delay ps"] > 0).all()
    assert (table["fmax MHz with that skew"] < table["fmax MHz routed"]).all()
