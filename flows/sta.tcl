# Timing and vectorless power of the mapped netlist in OpenSTA.
# Rendered by cryptoppa.flow.plan: every $$name below is a checked identifier, number or file path.
read_liberty {$liberty}
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
set_input_delay 0 -clock clk $$data_inputs
set_output_delay 0 -clock clk [all_outputs]
set_driving_cell -lib_cell $driver_cell $$data_inputs
set_load $output_load_pf [all_outputs]
# Vectorless activity model: toggles per clock cycle at the primary inputs, propagated through the logic.
set_power_activity -input -activity $input_activity -duty 0.5

report_checks -path_delay max -fields {slew cap fanout} -digits 4 > reports/timing_setup.rpt
report_checks -path_delay min -digits 4 > reports/timing_hold.rpt
report_power -digits 6 > reports/power.rpt

set out [open reports/sta_metrics.txt w]
puts $$out "clock_kind $$clock_kind"
puts $$out "synth__design__instance__count__sequential [llength [all_registers -cells]]"
puts $$out "timing__setup__ws [sta::worst_slack -max]"
puts $$out "timing__setup__tns [sta::total_negative_slack -max]"
puts $$out "timing__hold__ws [sta::worst_slack -min]"
lassign [sta::design_power [sta::cmd_corner]] internal switching leakage total
puts $$out "power__internal__total $$internal"
puts $$out "power__switching__total $$switching"
puts $$out "power__leakage__total $$leakage"
puts $$out "power__total $$total"
close $$out
