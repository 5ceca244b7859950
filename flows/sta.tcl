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
# Simulated per-net activity (cryptoppa.activity), when the point asks for it, overrides the model net by net.
$activity_source

report_checks -path_delay max -fields {slew cap fanout} -digits 4 > reports/timing_setup.rpt
report_checks -path_delay min -digits 4 > reports/timing_hold.rpt
# OpenSTA 2.0.17 can give a cell an infinite internal power when its propagated activity underflows (seen on the
# high bits of a 64-bit cycle counter, which toggle once per 2^40 cycles); report_power then aborts and the design
# total is Inf. Such cells are summed with zero internal power, their true share being ~0, and counted.
if {[catch {report_power -digits 6 > reports/power.rpt}]} {
    set rpt [open reports/power.rpt w]
    puts $$rpt "report_power failed: non-finite power in some cells; totals summed per instance (sta_metrics.txt)"
    close $$rpt
}

set out [open reports/sta_metrics.txt w]
puts $$out "clock_kind $$clock_kind"
puts $$out "synth__design__instance__count__sequential [llength [all_registers -cells]]"
puts $$out "timing__setup__ws [sta::worst_slack -max]"
puts $$out "timing__setup__tns [sta::total_negative_slack -max]"
puts $$out "timing__hold__ws [sta::worst_slack -min]"
lassign [sta::design_power [sta::cmd_corner]] internal switching leakage total
set nonfinite 0
if {[regexp -nocase {inf|nan} "$$internal $$switching $$leakage"]} {
    lassign {0.0 0.0 0.0} internal switching leakage
    foreach inst [get_cells *] {
        lassign [sta::instance_power $$inst [sta::cmd_corner]] i s l
        if {[regexp -nocase {inf|nan} $$i]} { set i 0.0; incr nonfinite }
        set internal [expr {$$internal + $$i}]
        set switching [expr {$$switching + $$s}]
        set leakage [expr {$$leakage + $$l}]
    }
    set total [expr {$$internal + $$switching + $$leakage}]
}
puts $$out "power__nonfinite__instances $$nonfinite"
puts $$out "power__internal__total $$internal"
puts $$out "power__switching__total $$switching"
puts $$out "power__leakage__total $$leakage"
puts $$out "power__total $$total"
close $$out
