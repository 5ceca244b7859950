"""Hierarchical composition of an array's cost: synthesized through cryptoppa.flow, an N-engine array has exactly
N x (engine alone) + (dispatcher alone) flip-flops, so no instance was pruned or merged and the dispatcher's own
characterization accounts for the rest. CI uses toy_engine (seconds per run); gcm_iter (about 45 s per engine
instance here) runs under `-m full`."""

import pytest

from array_tb import toy_engine
from cryptoppa import designs
from cryptoppa.designs.arrays import DISPATCH_RTL, DISPATCH_TOP, array_design, dispatcher_flops
from cryptoppa.flow import FlowPoint, characterize

from support import load_metrics

pytestmark = pytest.mark.eda

FLOPS = "synth__design__instance__count__sequential"
AREA = "synth__design__instance__area__stdcell"


def _characterize(rtl, top, params: dict, runs, name: str) -> dict:
    point = FlowPoint(rtl=tuple(rtl), top=top, pdk="freepdk45", corner="nom", clock_mhz=200.0,
                      params=tuple(sorted(params.items())), design=name)
    return load_metrics(characterize(point, runs).run_dir)


def _check_composition(engine, params: dict, runs, tmp_path):
    alone = _characterize(engine.files, engine.top, params, runs, engine.name)
    assert alone[FLOPS] > 0
    for n in (1, 2):
        disp = _characterize([DISPATCH_RTL], DISPATCH_TOP,
                             {"N": n, "LINE_BYTES": params["LINE_BYTES"], "ID_BITS": params["ID_BITS"]}, runs,
                             f"array_dispatch_{n}")
        arr = array_design(engine, n, tmp_path / "rtl")
        whole = _characterize(arr.files, arr.top, params, runs, arr.name)
        print(f"{engine.name} N={n}: flops array {whole[FLOPS]} = {n} x {alone[FLOPS]} + {disp[FLOPS]}; "
              f"area array {whole[AREA]:.0f} vs {n} x {alone[AREA]:.0f} + {disp[AREA]:.0f} um^2")
        assert disp[FLOPS] == dispatcher_flops(n, flat=True)
        assert whole[FLOPS] == n * alone[FLOPS] + disp[FLOPS]


def test_toy_array_flops_compose(flexlib_home, runs_dir, tmp_path):
    _check_composition(toy_engine(), {"KEY_BITS": 128, "LINE_BYTES": 32, "ID_BITS": 8}, runs_dir, tmp_path)


@pytest.mark.full
def test_gcm_iter_array_flops_compose(flexlib_home, runs_dir, tmp_path):
    engine = designs.get("gcm_iter")
    params = engine.resolve_params({"KEY_BITS": 128, "LINE_BYTES": 32, "DIGIT": 64})
    _check_composition(engine, params, runs_dir, tmp_path)
