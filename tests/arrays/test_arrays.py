"""N-instance arrays (src/cryptoppa/designs/arrays.py): generator checks, then arrays under cocotb with random input
gaps and output back-pressure: every line back exactly once, bit-exact, matched by ID.
  * toy_engine arrays (data-dependent latency, so results really leave out of order), N = 1, 2, 3, 4, 8, on Icarus;
  * gcm_iter arrays against `cryptography`'s AES-GCM, N = 1, 2, 3, 4, 8, on Verilator, with saturation throughput
    that must grow with N.
CRYPTOPPA_FULL=1 runs 2000 random lines per array instead of 150 (toy) / 60 (gcm_iter)."""

import json
import shutil
import subprocess

import pytest

from array_tb import HERE, toy_engine
from cocotb_runner import run_cocotb
from cryptoppa import designs, settings
from cryptoppa.designs.arrays import array_design, render_array
from cryptoppa.errors import CryptoppaError

# Smallest gcm_iter: one 32-byte line is 2 data blocks; DIGIT=64 makes a GHASH block 2 cycles.
GCM_PARAMS = {"KEY_BITS": 128, "LINE_BYTES": 32, "ID_BITS": 8, "DIGIT": 64}
TOY_PARAMS = {"KEY_BITS": 128, "LINE_BYTES": 32, "ID_BITS": 8}
SIZES = [1, 2, 3, 4, 8]


def test_render_is_deterministic_and_checked(tmp_path):
    engine = designs.get("gcm_iter")
    assert render_array(engine, 3) == render_array(engine, 3)
    a = array_design("gcm_iter", 3, tmp_path / "a")
    b = array_design("gcm_iter", 3, tmp_path / "b")
    assert a.files[-1].read_bytes() == b.files[-1].read_bytes()
    assert a.top == "array_gcm_iter_3" and "module array_gcm_iter_3 #(" in a.files[-1].read_text()
    assert str(tmp_path) not in a.files[-1].read_text()
    assert a.resolve_params({"DIGIT": 64}) == engine.resolve_params({"DIGIT": 64})
    for bad in (0, -1, 65, 2.0, True):
        with pytest.raises(CryptoppaError):
            render_array(engine, bad)
    with pytest.raises(CryptoppaError):
        render_array(engine, 2, id_bits=3)  # not one of the engine's allowed ID widths
    assert "parameter ID_BITS = 16" in render_array(engine, 2, id_bits=16)
    with pytest.raises(CryptoppaError):
        render_array(designs.get("counter"), 2)  # not an engine


def _sim(engine, n: int, params: dict, work, ref: str, lines: int, simulator: str = "icarus") -> float:
    d = array_design(engine, n, work / "rtl")
    perf = work / "perf.json"
    env = {"ARRAY_N": str(n), "ENGINE_PERF_OUT": str(perf), "ARRAY_LINES": str(lines), "ARRAY_REF": ref}
    if ref == "toy":
        env["ARRAY_EXPECT_REORDER"] = "1"
    run_cocotb(d, "cocotb_array", params, work / "sim", extra_env=env, module_dirs=(HERE,), simulator=simulator)
    return json.loads(perf.read_text())["lines_per_cycle"]


@pytest.mark.eda
@pytest.mark.parametrize("n", SIZES)
def test_array_toy(n, tmp_path):
    lpc = _sim(toy_engine(), n, TOY_PARAMS, tmp_path, "toy", 2000 if settings.current().full else 150)
    print(f"toy array N={n}: {lpc:.4f} lines/cycle")


_gcm: dict[int, float] = {}


def _gcm_rate(n: int, tmp_path_factory) -> float:
    """Simulate the N-engine gcm_iter array once per session; saturation lines per cycle. On Verilator (its model
    cached per N): the toy arrays check the same dispatcher on four-state Icarus."""
    if n not in _gcm:
        _gcm[n] = _sim("gcm_iter", n, GCM_PARAMS, tmp_path_factory.mktemp(f"gcm{n}"), "gcm",
                       2000 if settings.current().full else 60, simulator="verilator")
        print(f"gcm_iter array N={n}: {_gcm[n]:.4f} lines/cycle")
    return _gcm[n]


@pytest.mark.eda
@pytest.mark.parametrize("n", SIZES)
def test_array_gcm_iter(n, tmp_path_factory):
    assert _gcm_rate(n, tmp_path_factory) > 0


@pytest.mark.eda
def test_throughput_grows_with_n(tmp_path_factory):
    rates = {n: _gcm_rate(n, tmp_path_factory) for n in SIZES}
    print("gcm_iter array lines/cycle:", {n: round(r, 4) for n, r in rates.items()})
    for small, big in zip(SIZES, SIZES[1:]):
        assert rates[big] > rates[small]
    assert rates[4] >= 3 * rates[1]
    assert rates[8] >= 6 * rates[1]


@pytest.mark.eda
@pytest.mark.parametrize("n", [1, 3])
def test_generated_top_is_verilog_2005(n, tmp_path):
    """The cocotb runner compiles with -g2012; the generated top and the dispatcher must also pass plain
    Verilog-2005 with every Icarus warning on."""
    d = array_design(toy_engine(), n, tmp_path)
    res = subprocess.run([shutil.which("iverilog"), "-g2005", "-Wall", "-o", str(tmp_path / "a.vvp"),
                          "-s", d.top, *map(str, d.files)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert [ln for ln in res.stderr.splitlines() if "timescale" not in ln] == []
