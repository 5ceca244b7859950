# The design part of every OpenSTA script of the flow: the libraries, the netlist, the clock and the asynchronous
# set/reset pins. Rendered by cryptoppa.flow.plan: every $$name below is a checked identifier, number or file path.
read_liberty {$liberty}
$models
read_verilog netlist.v
link_design $top
set_cmd_units -time ns -capacitance pF -power W
$wire_load

# A design without the clock port (purely combinational) gets a virtual clock: its input-to-output paths are
# then checked against the same period.
set clock_port [get_ports -quiet $clock_port]
set data_inputs [all_inputs]
if {[llength $$clock_port]} {
    create_clock -name clk -period $period_ns $$clock_port
    set data_inputs [delete_from_list $$data_inputs $$clock_port]
    set clock_kind real
} else {
    create_clock -name clk -period $period_ns
    set clock_kind virtual
}

# Asynchronous set/reset pins of the library's flip-flops and latches (their liberty clear/preset: cryptoppa.pdk.cells).
# A reset is held for many cycles, so its assertion through clear/preset -> q is not a clocked path: those arcs are
# disabled for data timing. Its release is checked against the clock (recovery/removal) where the library has those
# checks, with the ports that reach the pins driven as a buffered reset tree would drive them: no driving cell, a
# stated input transition. Without this an unbuffered reset port loaded by every flip-flop sets fmax.
set async_pins {}
foreach {cell pin} {$async_pins} {
    set lib_cells [get_lib_cells -quiet */$$cell]
    if {![llength $$lib_cells]} { continue }
    set_disable_timing -from $$pin $$lib_cells
    set insts [get_cells -hierarchical -quiet -filter "ref_name == $$cell" *]
    if {[llength $$insts]} {
        set async_pins [concat $$async_pins [get_pins -quiet -of_objects $$insts -filter "lib_pin_name == $$pin"]]
    }
}
set async_ports {}
if {[llength $$async_pins]} {
    foreach start [get_fanin -to $$async_pins -startpoints_only] {
        if {[sta::Pin_is_top_level_port $$start]} { lappend async_ports [get_full_name $$start] }
    }
}
set driven_inputs $$data_inputs
if {[llength $$async_ports]} {
    set driven_inputs [delete_from_list $$data_inputs [get_ports $$async_ports]]
    set_input_transition $async_transition_ns [get_ports $$async_ports]
}
