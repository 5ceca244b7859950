# Timing and vectorless power of the mapped netlist in OpenSTA, after flows/sta_design.tcl (rendered in front of it).
# Rendered by cryptoppa.flow.plan: every $$name below is a checked identifier, number or file path.
set_input_delay 0 -clock clk $$data_inputs
set_output_delay 0 -clock clk [all_outputs]
if {[llength $$driven_inputs]} { set_driving_cell -lib_cell $driver_cell $$driven_inputs }
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

# Worst slack (ns) of one class of paths: "none" when the design has no such path.
proc class_slack {delay args} {
    set worst none
    if {[catch {set ends [eval [list find_timing_paths -path_delay $$delay -group_count 1] $$args]}]} { return none }
    foreach end $$ends {
        set slack [expr {[$$end slack] * 1e9}]
        if {abs($$slack) < 1e10 && ($$worst eq "none" || $$slack < $$worst)} { set worst $$slack }
    }
    return $$worst
}
set reg_clk [all_registers -clock_pins]
set reg_data [all_registers -data_pins]
if {[llength $$async_pins]} { set reg_data [delete_from_list $$reg_data $$async_pins] }
$model_registers
if {[llength $$reg_clk] && [llength $$reg_data]} {
    report_checks -path_delay max -from $$reg_clk -to $$reg_data -fields {slew cap fanout} -digits 4 \
        > reports/timing_reg2reg.rpt
}

set out [open reports/sta_metrics.txt w]
puts $$out "clock_kind $$clock_kind"
puts $$out "synth__design__instance__count__sequential [llength [all_registers -cells]]"
puts $$out "timing__setup__ws [sta::worst_slack -max]"
puts $$out "timing__setup__tns [sta::total_negative_slack -max]"
# The classes of paths, each against the same clock: register to register sets fmax; the I/O classes depend on how
# the surrounding logic drives and loads the ports, so they are reported apart.
set classes [list reg2reg [list -from $$reg_clk -to $$reg_data] in2reg [list -from $$data_inputs -to $$reg_data] \
                  reg2out [list -from $$reg_clk -to [all_outputs]] in2out [list -from $$data_inputs -to [all_outputs]]]
foreach {name selection} $$classes {
    set ok 1
    foreach {flag objects} $$selection { if {![llength $$objects]} { set ok 0 } }
    puts $$out "timing__setup__ws__$$name [expr {$$ok ? [eval [list class_slack max] $$selection] : "none"}]"
}
if {[llength $$async_pins]} {
    puts $$out "timing__recovery__ws [class_slack max -to $$async_pins]"
    puts $$out "timing__removal__ws [class_slack min -to $$async_pins]"
    # Hold of the data paths; the reset's release is the removal check above.
    puts $$out "timing__hold__ws [class_slack min -to [concat $$reg_data [all_outputs]]]"
} else {
    puts $$out "timing__recovery__ws none"
    puts $$out "timing__removal__ws none"
    puts $$out "timing__hold__ws [sta::worst_slack -min]"
}
puts $$out "timing__async__pins [llength $$async_pins]"
puts $$out "timing__async__ports [join [lsort $$async_ports] ,]"
# The input port with the most loads on its net (the clock aside): a broadcast that synthesis left unbuffered.
set widest 0
set widest_port ""
foreach port $$data_inputs {
    set net [get_nets -quiet [get_full_name $$port]]
    if {![llength $$net]} { continue }
    set loads [llength [get_pins -quiet -of_objects $$net]]
    if {$$loads > $$widest} { set widest $$loads; set widest_port [get_full_name $$port] }
}
puts $$out "timing__input__max_fanout $$widest"
puts $$out "timing__input__max_fanout__port $$widest_port"
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
