"""Composed array characterization (cryptoppa.flow.compose) against flat synthesis, with the real tools on the
toy engine (seconds per run). gcm_iter is compared by bench/sweep_scaling.py (minutes per flat run).

The bounds below are the measured gaps of the toy engine, documented in bench/README.md: flip-flops differ
exactly by the dispatcher's reset stages that flat synthesis merges; area and power (sums of the parts) are
within 1 % and 3 %. The toy engine's own paths are so short (about 2.8 GHz) that the dispatcher's tree round
trip (in_ready up, in_valid down through 2 log2 N nodes, kept hierarchical) sets the composed fmax, which flat
synthesis shortens by merging the nodes' logic: 12 % lower at N = 4. For gcm_iter the engine's paths set fmax.

The array is timed from the engine's interface model (cryptoppa.flow.interface); the linked netlists, timed whole,
are the check: within 1 % in fmax on the toy engine, whose tree round trip crosses the engines' boundaries twice."""

import shutil
import textwrap
from dataclasses import replace

import pytest

from array_tb import TOY_RTL, toy_engine
from cryptoppa.designs.arrays import MAX_N_FLAT, array_design, dispatcher_flops
from cryptoppa.errors import CryptoppaError
from cryptoppa.flow import characterize, design_point, read
from cryptoppa.flow.compose import ArrayPoint, compose, render_linked_top
from cryptoppa.sweep import load, run_sweep

pytestmark = pytest.mark.eda

PARAMS = (("ID_BITS", 8), ("KEY_BITS", 128), ("LINE_BYTES", 32))
AREA, FLOPS, CELLS = ("synth__design__instance__area__stdcell", "synth__design__instance__count__sequential",
                      "synth__design__instance__count")


def _flat(n: int, cache):
    d = array_design(toy_engine(), n, cache / "generated")
    # perf off: the in-order throughput testbench rejects the toy array's out-of-order results.
    point = replace(design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params=dict(PARAMS)), perf=False)
    return characterize(point, cache).metrics


def _gap(a, b) -> float:
    return abs(a - b) / abs(b)


@pytest.mark.parametrize("n", [4])
def test_composed_matches_flat(flexlib_home, tmp_path, n):
    cache = tmp_path / "cache"
    result = compose(ArrayPoint(toy_engine(), n, PARAMS, "freepdk45", "nom", 225.0), cache)
    assert result.method == "interface" and result.built
    flat = _flat(n, cache)
    c = {k: m.value for k, m in result.metrics.items()}
    f = {k: m.value for k, m in flat.items()}
    print({k: (c[k], f[k]) for k in (AREA, FLOPS, "power__total", "timing__fmax__mhz")})
    # The composed dispatcher keeps its hierarchy, so its reset stages are not merged as in flat synthesis.
    assert c[FLOPS] - f[FLOPS] == dispatcher_flops(n) - dispatcher_flops(n, flat=True)
    assert _gap(c[AREA], f[AREA]) < 0.01
    assert _gap(c["power__total"], f["power__total"]) < 0.03
    assert _gap(c["timing__fmax__mhz"], f["timing__fmax__mhz"]) < 0.15
    # Power is the sum of the parts, each characterized alone (the module doc says why).
    eng = read(result.sources[0])
    disp = read(result.sources[1])
    assert c["power__total"] == pytest.approx(n * eng["power__total"].value + disp["power__total"].value)
    # Cached: a second call builds nothing and gives the same numbers.
    again = compose(ArrayPoint(toy_engine(), n, PARAMS, "freepdk45", "nom", 225.0), cache)
    assert not again.built and {k: m.value for k, m in again.metrics.items()
                                if not k.startswith("flow__")} == {k: v for k, v in c.items() if not k.startswith("flow__")}


@pytest.mark.parametrize("n", [pytest.param(2, marks=pytest.mark.full), 4, pytest.param(8, marks=pytest.mark.full)])
def test_interface_timing_matches_the_linked_netlists(flexlib_home, tmp_path, n):
    """The engine's interface model and the dispatcher, against OpenSTA on the linked netlists of the same array:
    fmax within 1 %, every class of paths within 5 ps, hold the same (bench/README.md: gcm_iter at N = 2..16)."""
    cache = tmp_path / "cache"
    ap = ArrayPoint(toy_engine(), n, PARAMS, "freepdk45", "nom", 225.0)
    model, linked = compose(ap, cache), compose(ap, cache, linked=True)
    assert (model.method, linked.method) == ("interface", "linked")
    m, ref = ({k: v.value for k, v in c.metrics.items()} for c in (model, linked))
    print(f"N={n}", {k: (m[k], ref[k]) for k in m if k.startswith("timing__")},
          f"fmax {(m['timing__fmax__mhz'] - ref['timing__fmax__mhz']) / ref['timing__fmax__mhz']:+.2%}")
    assert _gap(m["timing__fmax__mhz"], ref["timing__fmax__mhz"]) < 0.01
    for name in ("timing__setup__ws", "timing__setup__ws__reg2reg", "timing__setup__ws__in2reg",
                 "timing__setup__ws__reg2out", "timing__hold__ws"):
        assert m[name] == pytest.approx(ref[name], abs=0.005), name
    # The engines' paths inside the models: the dispatcher's tree round trip through them sets fmax, not the
    # engine alone (about 3.3 GHz).
    assert m["timing__fmax__mhz"] < 0.9 * read(model.sources[0])["timing__fmax__mhz"].value
    # Both time one netlist per part: the model is extracted from the engine's run's netlist, once.
    (interface_run,) = (p for p in model.sources if p.name.startswith("toy_engine-interface-"))
    assert (interface_run / "model_max.lib").read_text().count("cell (toy_engine)") == 1
    assert {k: v for k, v in m.items() if not k.startswith(("timing__", "flow__"))} == \
        {k: v for k, v in ref.items() if not k.startswith(("timing__", "flow__"))}


def test_extrapolated_beyond_linked_size(flexlib_home, tmp_path):
    """N above the size timed whole uses the documented extrapolation; checked against the linked result itself."""
    cache = tmp_path / "cache"
    ap = ArrayPoint(toy_engine(), 4, PARAMS, "freepdk45", "nom", 225.0)
    linked = compose(ap, cache, linked=True)
    extra = compose(ap, cache, linked=True, hier_max_n=2)
    assert extra.method == "linked, extrapolated"
    for k in (AREA, FLOPS, CELLS):
        assert extra.metrics[k].value == linked.metrics[k].value
    assert extra.metrics["power__total"].value == pytest.approx(linked.metrics["power__total"].value)
    assert extra.metrics["timing__setup__ws"].value <= read(linked.sources[0])["timing__setup__ws"].value


def test_sizes_and_linked_top(tmp_path):
    with pytest.raises(CryptoppaError, match="composed mode goes to 1024"):
        array_design(toy_engine(), MAX_N_FLAT + 1, tmp_path)
    with pytest.raises(CryptoppaError):
        ArrayPoint(toy_engine(), 1025, PARAMS, "freepdk45", "nom", 225.0)
    ArrayPoint(toy_engine(), 1024, PARAMS, "freepdk45", "nom", 225.0)
    top = render_linked_top(toy_engine(), 2, dict(PARAMS))
    assert top.count("toy_engine u_eng_") == 2 and ".in_valid(e_in_valid[1])" in top
    assert ".\\out_data[255] (e_out_data[511])" in top


@pytest.fixture
def toy_design(tmp_path, monkeypatch):
    folder = tmp_path / "designs" / "toy"
    folder.mkdir(parents=True)
    shutil.copy(TOY_RTL, folder / "toy_engine.v")
    (folder / "design.toml").write_text(textwrap.dedent("""
        [design]
        top = "toy_engine"
        files = ["toy_engine.v"]
        clock = "clk"
        reset = "rst"
        interface = "engine"
        [params.KEY_BITS]
        default = 128
        [params.LINE_BYTES]
        default = 32
        [params.ID_BITS]
        default = 8
    """))
    monkeypatch.setenv("CRYPTOPPA_DESIGN_PATH", str(tmp_path / "designs"))
    return folder


def _sweep_file(tmp_path, ns, mode=None):
    path = tmp_path / "s.toml"
    path.write_text(textwrap.dedent(f"""
        [sweep]
        name = "s"
        output = "{tmp_path / 'results'}"
        designs = ["toy"]
        n = {ns!r}
        pdks = ["freepdk45"]
        clocks_mhz = [225]
    """) + (f'array_mode = "{mode}"\n' if mode else ""))
    return path


def test_sweep_rows(flexlib_home, toy_design, tmp_path):
    with pytest.raises(CryptoppaError, match="sweep.array_mode"):
        load(_sweep_file(tmp_path, [2], "hierarchical"))
    with pytest.raises(CryptoppaError, match="sweep.n"):
        load(_sweep_file(tmp_path, [128], "flat"))
    with pytest.raises(CryptoppaError, match="sweep.n"):
        load(_sweep_file(tmp_path, [128]), array_mode="flat")
    spec = load(_sweep_file(tmp_path, [1, 2, 1024]))
    assert {p.array_mode for p in spec.points} == {"composed"}
    quiet = dict(cache=tmp_path / "cache", progress=False, echo=lambda *_: None)
    table = run_sweep(replace(spec, points=spec.points[:2]), jobs=2, **quiet).set_index("n")
    assert set(table.status) == {"ok"}, table.error.tolist()
    assert table.loc[2, "composed_from"].startswith("interface: ") and table.loc[2, "array_mode"] == "composed"
    assert table.loc[2, FLOPS] == 2 * table.loc[1, FLOPS] + dispatcher_flops(2)  # one tree node, hierarchical
    assert table.loc[2, "perf__cycles_per_line"] == max(table.loc[1, "perf__cycles_per_line"] / 2, 1)
    again = run_sweep(replace(spec, points=spec.points[:2]), jobs=1, **quiet)
    assert set(again.status) == {"cached"}
