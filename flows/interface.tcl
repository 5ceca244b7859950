# An engine's interface, after flows/sta_design.tcl: what each port needs of the logic around it and gives it, at
# each output load and input transition, as lines of reports/interface.txt (cryptoppa.flow.interface turns them
# into the liberty model an array is timed with). Delays do not depend on the period; slacks are at its period.
# Rendered by cryptoppa.flow.interface: every $$name below is a checked number.
set loads {$loads_pf}
set slews {$slews_ns}
set outputs [all_outputs]
set reg_clk [all_registers -clock_pins]
set out [open reports/interface.txt w]
proc port_vertex {name} { return [lindex [[sta::find_pin $$name] vertices] 0] }
# Worst slack (ns) of the paths through a vertex, "none" when none is constrained.
proc vertex_slack {vertex min_max} {
    set path [sta::vertex_worst_slack_path $$vertex $$min_max]
    if {$$path eq "NULL" || $$path eq ""} { return none }
    set slack [expr {[$$path slack] * 1e9}]
    if {abs($$slack) >= 1e10} { return none }
    return $$slack
}

# The hold slack of the paths from register to register inside the engine, which the model leaves out.
set reg_data [all_registers -data_pins]
if {[llength $$async_pins]} { set reg_data [delete_from_list $$reg_data $$async_pins] }
if {[llength $$reg_clk] && [llength $$reg_data]} {
    foreach end [find_timing_paths -from $$reg_clk -to $$reg_data -path_delay min -group_count 1] {
        puts $$out "inner hold [expr {[$$end slack] * 1e9}]"
    }
}

# Every input pin's load: the capacitance of its net inside the engine (pins and wire; a netlist names a port's net
# as the port), the larger of rise and fall.
foreach port [all_inputs] {
    set net [get_nets -quiet [get_full_name $$port]]
    set cap 0.0
    if {[llength $$net]} {
        foreach rf {rise fall} { set cap [expr {max($$cap, [$$net capacitance $$rf [sta::cmd_corner] max] * 1e12)}] }
    }
    puts $$out "cap [get_full_name $$port] $$cap"
}

# Data inputs (the asynchronous set/reset ports are a buffered reset tree's, not data): the worst setup and hold slack
# of the paths from each to the registers, the input arriving at the clock edge, at each input transition. Outputs
# are unconstrained here, so the input-to-output paths do not count.
set_input_delay 0 -clock clk $$driven_inputs
foreach slew $$slews {
    set_input_transition $$slew $$driven_inputs
    sta::find_requireds
    foreach port $$driven_inputs {
        set vertex [port_vertex [get_full_name $$port]]
        puts $$out "setup [get_full_name $$port] $$slew [vertex_slack $$vertex max]"
        puts $$out "hold [get_full_name $$port] $$slew [vertex_slack $$vertex min]"
    }
}

# Outputs: arrival and transition, rise and fall, latest and earliest, of the paths from the registers and of the
# paths from each input that reaches an output without a register (arriving at the clock edge with the reference
# transition), each output at each load in turn, the other outputs at the reference load (an output's driver may
# drive another output's net too). Inputs arrive too early (max) or too late (min) to set an output's worst arrival
# from the registers; an output no register reaches has an arrival beyond the bounds (no arc).
set_input_transition $reference_slew_ns $$driven_inputs
set_input_delay -max -1000 -clock clk $$driven_inputs
set_input_delay -min 1000 -clock clk $$driven_inputs
set_output_delay 0 -clock clk $$outputs
set_load $reference_load_pf $$outputs
foreach load $$loads {
    foreach port $$outputs {
        set name [get_full_name $$port]
        set_load $$load $$port
        sta::find_timing_cmd 0
        set vertex [port_vertex $$name]
        foreach rf {rise fall} {
            foreach min_max {max min} {
                set path [sta::vertex_worst_arrival_path_tr $$vertex $$rf $$min_max]
                if {$$path eq "NULL" || $$path eq ""} { continue }
                set arrival [expr {[$$path arrival] * 1e9}]
                if {abs($$arrival) < 500} {
                    puts $$out "out $$name $$load $$rf $$min_max $$arrival [expr {[$$vertex slew $$rf $$min_max] * 1e9}]"
                }
            }
        }
        set_load $reference_load_pf $$port
    }
}
set data_names [lmap port $$driven_inputs { get_full_name $$port }]
foreach start [get_fanin -to $$outputs -startpoints_only] {
    if {![sta::Pin_is_top_level_port $$start] || [lsearch -exact $$data_names [get_full_name $$start]] < 0} { continue }
    set from [get_ports [get_full_name $$start]]
    set_input_delay 0 -clock clk $$from
    foreach end [find_timing_paths -from $$from -to $$outputs -group_count 1000000 -endpoint_count 1 \
                     -unique_paths_to_endpoint] {
        set name [get_full_name [[$$end vertex] pin]]
        foreach load $$loads {
            set_load $$load [get_ports $$name]
            foreach rf {rise fall} {
                foreach min_max {max min} {
                    foreach path [find_timing_paths -from $$from -$${rf}_to [get_ports $$name] -path_delay $$min_max] {
                        puts $$out "through [get_full_name $$start] $$name $$load $$rf $$min_max\
                            [expr {[$$path data_arrival_time] * 1e9}] [expr {[[$$path vertex] slew $$rf $$min_max] * 1e9}]"
                    }
                }
            }
            set_load $reference_load_pf [get_ports $$name]
        }
    }
    set_input_delay -max -1000 -clock clk $$from
    set_input_delay -min 1000 -clock clk $$from
}
close $$out
