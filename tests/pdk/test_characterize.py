"""FlexLib characterization (lctime + ngspice on the PDKMaster netlists) against an independent ngspice transient,
and against physics: a 45 nm inverter's FO4 delay, a NAND2 slower than an inverter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cryptoppa import pdk
from cryptoppa.pdk import characterize as ch
from cryptoppa.tools import run_status

pytestmark = pytest.mark.eda

SLEW_PS, LOAD_FF = 20.0, 2.9  # one point of inv_x1's shipped grid


@pytest.fixture(scope="module")
def cells():
    netlists, models_dir = ch.export_netlists()
    return netlists, models_dir / ch.MODELS["nom"]


def _ramp(node: str, rising: bool, slew_ps: float, start_ps: float = 20.0, vdd: float = 1.0) -> str:
    """A linear input whose 20-80 % transition takes slew_ps (full swing over slew / 0.6)."""
    full = slew_ps / 0.6
    v0, v1 = (0.0, vdd) if rising else (vdd, 0.0)
    return f"v{node} {node} 0 pwl(0 {v0} {start_ps}p {v0} {start_ps + full:.4f}p {v1})"


def ngspice_meas(tmp_path: Path, name: str, body: list[str], meas: list[str], models: Path, stop_ps=250) -> dict:
    """Run one transient deck and return its .meas results (s)."""
    deck = tmp_path / f"{name}.sp"
    deck.write_text("\n".join([f"* {name}", f".include {models}", *body, ".temp 25", f".tran 0.1p {stop_ps}p", *meas, ".end"]) + "\n")
    log = tmp_path / f"{name}.log"
    run_status("ngspice", ["-b", deck.name], cwd=tmp_path, log=log, timeout=120, what=f"ngspice {name}")
    found = {k: float(v) for k, v in re.findall(r"^(\w+)\s*=\s*([-+0-9.eE]+)", log.read_text(), re.M)}
    assert all(m.split()[2] in found for m in meas), log.read_text()[-2000:]
    return found


def inverter_delays(tmp_path, netlist, models, slew_ps, load_ff) -> tuple[float, float]:
    """(rise, fall) 50 %-50 % delay in ps of inv_x1 driving load_ff, input slew slew_ps: written from the liberty
    definitions, independent of lctime."""
    out = {}
    for rising_in in (True, False):
        tag = "r" if rising_in else "f"
        res = ngspice_meas(tmp_path, f"inv_{tag}", [
            netlist, "vdd vdd 0 dc 1.0", _ramp("in", rising_in, slew_ps),
            ch.instance("x1", "inv_x1", netlist, {"vss": "0", "vdd": "vdd", "i": "in", "nq": "out"}),
            f"cl out 0 {load_ff}f"],
            [f".meas tran d TRIG v(in) VAL=0.5 {'RISE' if rising_in else 'FALL'}=1 "
             f"TARG v(out) VAL=0.5 {'FALL' if rising_in else 'RISE'}=1"], models)
        out["fall" if rising_in else "rise"] = res["d"] * 1e12
    return out["rise"], out["fall"]


def test_inverter_delay_matches_an_ngspice_transient(cells, tmp_path):
    netlists, models = cells
    shipped = ch.parse(pdk.liberty(pdk.get("freepdk45"), "nom").read_text())
    data = ch.characterize_cell(shipped, "inv_x1", netlists["inv_x1"], models,
                                ch.Options(slews_ps=(SLEW_PS,), loads_ff=(LOAD_FF, 2 * LOAD_FF)),
                                cache=tmp_path / "cache")
    lib = ch.parse("library (x) {\n" + "\n".join(data["templates"]) + data["liberty"] + "\n}")
    timing = ch.cell_group(lib, "inv_x1").get_groups("pin", "nq")[0].get_groups("timing")[0]
    ours = {t: ch.lookup(lib, timing.get_groups(t)[0], SLEW_PS, LOAD_FF) for t in ("cell_rise", "cell_fall")}
    rise, fall = inverter_delays(tmp_path, netlists["inv_x1"], models, SLEW_PS, LOAD_FF)
    assert ours["cell_rise"] == pytest.approx(rise, rel=0.04)
    assert ours["cell_fall"] == pytest.approx(fall, rel=0.04)
    # Leakage from the operating point: nanowatts per cell at 45 nm, not micro- or picowatts.
    assert all(1e-10 < w < 1e-7 for w in data["leakage_w"].values())


def fo4(tmp_path, netlists, models, cell: str, pins: dict[str, str]) -> float:
    """Average 50 %-50 % delay (ps) of one gate in a chain where every gate drives four copies of itself
    (pins: the cell's ports, IN and OUT standing for the chain's nodes, side inputs tied)."""
    stages = 4

    def gate(name, a, y):
        nodes = {p: {"IN": a, "OUT": y}.get(n, n) for p, n in pins.items()}
        return ch.instance(name, cell, netlists[cell], nodes)

    full = 20.0 / 0.6  # a pulse: rising at 20 ps, falling at 150 ps
    body = [netlists[cell], "vdd vdd 0 dc 1.0",
            f"vn0 n0 0 pwl(0 0 20p 0 {20 + full:.3f}p 1 150p 1 {150 + full:.3f}p 0)"]
    for k in range(stages):
        body.append(gate(f"xs{k}", f"n{k}", f"n{k + 1}"))
        body += [gate(f"xd{k}_{j}", f"n{k + 1}", f"d{k}_{j}") for j in range(3)]  # the other three loads
    body += [gate(f"xe{j}", f"n{stages}", f"e{j}") for j in range(4)]
    # Stage 2 (n2 -> n3) sees a realistic input slew and a realistic load.
    res = ngspice_meas(tmp_path, f"fo4_{cell}", body, [
        ".meas tran a TRIG v(n2) VAL=0.5 RISE=1 TARG v(n3) VAL=0.5 FALL=1",
        ".meas tran b TRIG v(n2) VAL=0.5 FALL=1 TARG v(n3) VAL=0.5 RISE=1"], models, stop_ps=300)
    return (res["a"] + res["b"]) / 2 * 1e12


def test_physics_fo4_and_nand2_over_inverter(cells, tmp_path):
    netlists, models = cells
    inv = fo4(tmp_path, netlists, models, "inv_x1", {"vss": "0", "vdd": "vdd", "i": "IN", "nq": "OUT"})
    nand = fo4(tmp_path, netlists, models, "na2_x1", {"vss": "0", "vdd": "vdd", "i0": "IN", "i1": "vdd", "nq": "OUT"})
    # A 45 nm inverter's FO4 delay is some 10-40 ps; a 2-input NAND is slower than an inverter.
    assert 10 < inv < 40, inv
    assert 1.0 < nand / inv < 2.5, (nand, inv)
