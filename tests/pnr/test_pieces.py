"""The routing step's pieces without any tool: BLIF reading, SPEF writing, wire RC, the routed STA script, keys."""


import pytest

from synthetic import row, write

from cryptoppa import designs, pdk, stages
from cryptoppa.answers.basis import basis_of
from cryptoppa.answers.fits import fits
from cryptoppa.answers.results import load_results
from cryptoppa.errors import InputError
from cryptoppa.pnr import blif, layers, spef
from cryptoppa.pnr.plan import routed_sta
from cryptoppa.sweep import spec

RC = pdk.get("freepdk45").routing.rc_per_um  # the descriptor's [routing] table

BLIF = """.model top
.inputs clk a
.outputs y[0]
.subckt inv_x1 i=a nq=_1_
.cname _5_
.subckt xr2_x1 i0=_1_ \\
 i1=a q=y[0]
.cname \\u.x
.end
"""


def test_blif_instances_and_ports(tmp_path):
    path = tmp_path / "n.blif"
    path.write_text(BLIF)
    cells = blif.subckts(path)
    assert [(c.name, c.cell) for c in cells] == [("_5_", "inv_x1"), ("\\u.x", "xr2_x1")]
    assert cells[1].pins == {"i0": "_1_", "i1": "a", "q": "y[0]"}
    assert blif.ports(path) == {"clk": "I", "a": "I", "y[0]": "O"}
    assert blif.instance_index("subckt_12_inv_x1") == 12 and blif.instance_index("feed_0") is None


def test_spef_branch_per_load(tmp_path):
    path = tmp_path / "n.blif"
    path.write_text(BLIF)
    # 10 µm of metal2 from the inverter at x = 0 to the xor 4 µm away: a 4 µm branch, the rest at the driver.
    nets = {"n1": {"layers": {"metal2": 10.0}, "plugs": [["subckt_0_inv_x1", "nq", 0.0, 0.0],
                                                       ["subckt_1_xr2_x1", "i0", 4.0, 0.0]]},
            "y(0)": {"layers": {}, "plugs": [["subckt_1_xr2_x1", "q", 4.0, 0.0]]}}
    written = spef.write_spef(tmp_path / "r.spef", "top", nets, blif.subckts(path), blif.ports(path),
                              {"inv_x1": {"i": "I", "nq": "O"}, "xr2_x1": {"i0": "I", "i1": "I", "q": "O"}}, set(), RC)
    r, c = RC["metal2"]
    assert written == {"_1_": (10.0, pytest.approx(10 * r), pytest.approx(10 * c))}
    text = (tmp_path / "r.spef").read_text()
    assert "*I _5_:nq O" in text and "*I \\\\u\\.x:i0 I" in text  # the escaped instance name
    assert f"1 _1_:1 {8 * c:.6g}" in text and f"2 \\\\u\\.x:i0 {2 * c:.6g}" in text  # π halves of the branch
    assert f"2 _1_:1 \\\\u\\.x:i0 {4 * r:.6g}" in text


def test_spef_clock_is_capacitance_only(tmp_path):
    path = tmp_path / "n.blif"
    path.write_text(BLIF)
    nets = {"clk": {"layers": {"metal3": 100.0}, "plugs": [["subckt_0_inv_x1", "i", 0.0, 0.0],
                                                         ["subckt_1_xr2_x1", "i1", 50.0, 0.0]]}}
    spef.write_spef(tmp_path / "r.spef", "top", nets, blif.subckts(path), {"a": "I"},
                    {"inv_x1": {"i": "I"}, "xr2_x1": {"i1": "I"}}, set(), RC, clock="a")
    text = (tmp_path / "r.spef").read_text()
    assert f"1 a:1 {100 * RC['metal3'][1]:.6g}\n*RES" in text
    assert all(float(line.split()[-1]) <= 1e-6 for line in text.split("*RES\n")[1].splitlines()[:-1])


def test_spef_names():
    buses = spef.vectors("  wire [7:0] count;\n  output \\y[0] ;\n  reg [3:0] \\u.q ;\n")
    assert buses == {"count", "u.q"}
    assert spef.escape("count[3]", buses) == "count[3]"  # a bit of a vector
    assert spef.escape("y[0]", buses) == "y\\[0\\]"  # a split port: one escaped name
    assert spef.escape("_12_", buses) == "_12_"
    assert spef.escape("u.q[2]", buses) == "u\\.q[2]"


def test_wire_rc_is_per_layer():
    r, c = layers.net_rc({"metal1": 1.0, "metal3": 2.0}, RC)
    assert r == pytest.approx(5.4286e-3 + 2 * 3.5714e-3) and c == pytest.approx(7.41819e-2 + 2 * 8.88758e-2)


def test_routed_sta_reads_parasitics_after_linking():
    text = routed_sta("read_verilog netlist.v\nlink_design top\ncreate_clock x\n", "top")
    assert text.splitlines()[1:3] == ["link_design top", "read_spef routed.spef"]
    with pytest.raises(InputError, match="link_design"):
        routed_sta("link_design other\n", "top")


def _sweep(tmp_path, extra):
    path = tmp_path / "s.toml"
    path.write_text(f'[sweep]\nname = "s"\noutput = "out"\ndesigns = ["gcm_iter"]\npdks = ["freepdk45"]\n'
                    f'clocks_mhz = [225]\n{extra}')
    return spec.load(path)


def test_sweep_stage_key(tmp_path):
    assert {p.stage for p in _sweep(tmp_path, 'stage = "route"\n').points} == {"route"}
    assert "routed" in _sweep(tmp_path, 'stage = "route"\n').points[0].label()
    with pytest.raises(InputError, match="stage"):
        _sweep(tmp_path, 'stage = "layout"\n')
    with pytest.raises(InputError, match="flat"):
        _sweep(tmp_path, 'stage = "route"\nn = [2]\n')


def test_route_refuses_a_library_without_layouts(tmp_path):
    d = designs.get("counter")
    req = stages.Request(d, tuple(d.resolve_params({}).items()), "nangate45/typ", 225.0, stage="route")
    assert stages.refusal(req).field == "target" and "[routing]" in stages.refusal(req).expected
    with pytest.raises(InputError, match="routing"):
        stages.run_request(req, tmp_path)
    assert not list(tmp_path.iterdir())


def test_routed_fits_read_die_area_and_routed_power(tmp_path):
    rows = [row("gcm_iter", n=n, array="flat" if n > 1 else "", area=100.0 * n, cycles=60.0 / n,
                design__die__area=150.0 * n + 20, finish__timing__fmax__mhz=900.0,
                finish__power__internal__total=0.01 * n, finish__power__switching__total=0.002 * n,
                finish__power__leakage__total=0.0, finish__power__total=0.012 * n) for n in (1, 2, 4)]
    results = load_results(write(tmp_path / "r", rows))
    found, _ = fits(results, basis_of(results))
    by = {f.name: f for f in found}
    assert set(by) == {"die area", "routed power", "flip-flops"}  # the routed basis: no cell-area line
    assert by["die area"].row["slope"] == pytest.approx(150) and by["die area"].row["intercept"] == pytest.approx(20)
    assert by["routed power"].slope.value == pytest.approx(12.0)  # mW per engine
