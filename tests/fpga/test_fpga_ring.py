"""The IO ring (three pins around a wide design) and the synth_nexus -> nextpnr-nexus carry-in fix."""

import json

import pytest

from cryptoppa.errors import InputError
from cryptoppa.fpga import ring
from cryptoppa.fpga.nexus_fix import detach_constant_carry_ins


def test_ring_chains_every_input_bit_and_captures_every_output_bit():
    text = ring.render_ring("eng", (("W", 8),), [("clk", "input", 1), ("a", "input", 3), ("b", "input", 2),
                                                 ("y", "output", 4)], "clk")
    assert "reg [5:0] in_sr;" in text  # 5 input bits and the capture/shift control bit
    assert ".a(in_sr[2:0])" in text and ".b(in_sr[4:3])" in text and ".y(outs[3:0])" in text
    assert "eng #(.W(8)) u_dut" in text and ".clk(clk)" in text
    with pytest.raises(InputError, match="clock"):
        ring.render_ring("eng", (), [("a", "input", 1)], "clk")


def test_pdc_places_the_three_ring_ports():
    assert ring.render_pdc(("L13", "F13", "E17")).splitlines() == [
        "ldc_set_location -site {L13} [get_ports clk]", "ldc_set_location -site {F13} [get_ports sin]",
        "ldc_set_location -site {E17} [get_ports sout]"]


def test_constant_carry_in_is_detached_and_a_chained_one_kept(tmp_path):
    cells = {"lo": {"type": "VLO", "connections": {"Z": [7]}},
             "c0": {"type": "CCU2", "connections": {"CIN": [7], "COUT": [8]}},
             "c1": {"type": "CCU2", "connections": {"CIN": [8], "COUT": [9]}},
             "ff": {"type": "FD1P3IX", "connections": {"CD": [7]}}}
    path = tmp_path / "n.json"
    path.write_text(json.dumps({"modules": {"top": {"cells": cells}}}))
    assert detach_constant_carry_ins(path) == 1
    got = json.loads(path.read_text())["modules"]["top"]["cells"]
    assert "CIN" not in got["c0"]["connections"] and got["c1"]["connections"]["CIN"] == [8]
    assert got["ff"]["connections"]["CD"] == [7]
