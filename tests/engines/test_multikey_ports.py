"""The multikey port group (designs/README.md): which engines have which ports, the key-table size the benches
read, the refusal of a multikey design without its KEYS parameter, and what the activity workload does with a key
table (loads every entry, draws a key ID per line, logs both), while single-key benches stay as they were."""

import pytest

from cryptoppa import designs
from cryptoppa.activity import workload
from cryptoppa.activity.workload import Port
from cryptoppa.designs import interface
from cryptoppa.designs.descriptor import load
from cryptoppa.errors import InputError


def _names(groups):
    return {p.name for p in interface.ports(groups)}


def test_a_port_of_two_groups_needs_both():
    assert "pre_key_id" not in _names(("prefetch",)) | _names(("multikey",))
    assert {"key_index", "in_key_id"} <= _names(("multikey",))
    assert {"pre_valid", "pre_iv", "key_index", "in_key_id", "pre_key_id"} <= _names(("prefetch", "multikey"))
    assert _names(("prefetch", "early")) == _names(("early", "prefetch"))


def test_key_entries_come_from_KEYS_only_with_the_ports():
    assert interface.key_entries(("prefetch", "multikey"), {"KEYS": 64}) == 64
    assert interface.key_entries(("prefetch",), {"KEYS": 64}) == 1
    xts_mk = designs.get("xts_mk")
    assert xts_mk.groups == ("prefetch", "multikey") and interface.KEY_TABLE_PARAM in xts_mk.params


def test_a_multikey_design_without_KEYS_is_refused(tmp_path):
    folder = tmp_path / "mk"
    folder.mkdir()
    (folder / "mk.v").write_text("module mk(input clk); endmodule\n")
    (folder / "design.toml").write_text('[design]\ntop = "mk"\nfiles = ["mk.v"]\ninterface = "engine"\n'
                                        'multikey = true\n')
    with pytest.raises(InputError, match=r"design.toml.*\[params.KEYS\]"):
        load(folder / "design.toml")


def _netlist_ports(groups) -> dict[str, Port]:
    """Ports as a netlist declares them (buses split into bits), for the engine interface with these groups."""
    out = {}
    for p in interface.ports(groups):
        width = p.bits({"KEY_BITS": 256})
        out[p.name] = Port(p.direction, {-1: p.name} if width == 1 else {i: f"{p.name}[{i}]" for i in range(width)})
    return out


def test_the_workload_loads_every_entry_and_draws_a_key_id_per_line():
    text = workload.testbench("saturated", _netlist_ports(("prefetch", "multikey")), "xts_mk", period_ns=4.444,
                              clock="clk", reset="rst", key_entries=64).text
    assert "if (key_index == 63) begin key_valid <= 1'b0; tb_keyed <= 1'b1;" in text
    assert "else begin key_index <= key_index + 1; key <= {" in text
    assert "in_key_id <= $random & 63;" in text
    assert '$display("KEY %h %h", key, key_index);' in text and ", in_data, in_key_id);" in text
    with pytest.raises(Exception, match="power of two"):
        workload.testbench("idle", _netlist_ports(("multikey",)), "x", period_ns=4.444, clock="clk", reset="rst",
                           key_entries=24)


@pytest.mark.parametrize("groups,entries", [(("prefetch",), 64), (("prefetch", "multikey"), 1)])
def test_single_key_benches_do_not_change(groups, entries):
    """One key: an engine without the ports (whatever key_entries says), or a multikey engine with one entry."""
    text = workload.testbench("saturated", _netlist_ports(groups), "e", period_ns=4.444, clock="clk", reset="rst",
                              key_entries=entries).text
    assert "key_index <=" not in text and "in_key_id <=" not in text
    assert '$display("KEY %h", key);' in text and ", in_data);" in text
