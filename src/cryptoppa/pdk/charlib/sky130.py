"""The sky130 cells cryptoppa characterizes (PDKMaster's StdCellLib of c4m-pdk-sky130, c4m-flexcell layouts) and
the liberty skeleton the characterization fills in.

Unlike FreePDK45's FlexLib, the package ships no liberty: the skeleton says what the layouts and the cell names
say (pins, functions, flip-flop groups, the area of the layout's boundary) and each corner's operating point;
every table comes from our own decks. A function written here is checked by the decks themselves: each arc's
output must settle at the value the function gives for every side-input state, or the cell fails.

Corners: SkyWater's own sky130_fd_sc_hd corners, tt 1.80 V 25 °C, ff 1.95 V -40 °C and ss 1.60 V 100 °C, with the
logic transistors' model corner of the same name."""

from __future__ import annotations

from .flop import FlopPins

# cell -> {output pin: liberty function}: the combinational cells of StdCellLib with a logic function, but the X0
# variants of cells that also come in X1 (inv, nand, nor, and21nor, or21nand): the same footprint as the X1 with
# less drive, so synthesis gains nothing from them, and leaving them out takes a third off the characterization.
_GATES = {
    **{f"inv_x{d}": {"nq": "!i"} for d in (1, 2, 4)},
    **{f"buf_x{d}": {"q": "i"} for d in (1, 2, 4)},
    **{f"nand{n}_x1": {"nq": "!(" + " & ".join(f"i{k}" for k in range(n)) + ")"} for n in (2, 3, 4)},
    **{f"nor{n}_x1": {"nq": "!(" + " | ".join(f"i{k}" for k in range(n)) + ")"} for n in (2, 3, 4)},
    **{f"and{n}_x1": {"q": " & ".join(f"i{k}" for k in range(n))} for n in (2, 3, 4)},
    **{f"or{n}_x1": {"q": " | ".join(f"i{k}" for k in range(n))} for n in (2, 3, 4)},
    "and21nor_x1": {"nq": "!((i0 & i1) | i2)"},
    "or21nand_x1": {"nq": "!((i0 | i1) & i2)"},
    "mux2_x1": {"q": "(i0 & !cmd) | (i1 & cmd)"},
    "xor2_x0": {"q": "i0 ^ i1"},
}
# Constant outputs: the tie cells of the descriptor.
TIES = {"zero_x1": {"zero": "0"}, "one_x1": {"one": "1"}}
FLOPS = {"dff_x1": FlopPins("clk", "i", "q"), "dffnr_x1": FlopPins("clk", "i", "q", "nrst")}
# StdCellLib's other cells stay out of the library: fill, well-tie, diode and decap cells have no logic function,
# zeroone_x1 is both ties in one, the flow never uses latches (nsnrlatch), and nexor2_x0, despite its name, is
# another XOR of xor2_x0's footprint (its transistors give 0110 for i0 i1 = 00 01 10 11; the decks stopped it when
# it was written here as XNOR).
FUNCTIONS = {**_GATES, **TIES}
NOT_CHARACTERIZED = {cell: "constant output: no timing arc" for cell in TIES}

CORNERS = {"tt": (1.80, 25.0), "ff": (1.95, -40.0), "ss": (1.60, 100.0)}  # V, °C
MODEL_FILES = {corner: f"C4M.Sky130_logic_{corner}_model.spice" for corner in CORNERS}

# The grid (20-80 % slews in ps, loads in fF) of an X1 cell; loads scale with the drive (X0 half, X2 twice, ...).
# It spans the fan-out of one to some twenty X1 inputs (about 4.5 fF each) and transitions up to those of a heavily
# loaded net; the flip-flops' checks take three of the slews. 4 x 5 points rather than FlexLib's 5 x 6: each
# point is a cell copy in every deck, and the whole library at three corners takes hours as it is.
SLEWS_PS = (10.0, 40.0, 150.0, 500.0)
LOADS_X1_FF = (1.0, 4.0, 12.0, 35.0, 100.0)
CONSTRAINT_SLEWS_PS = (10.0, 40.0, 150.0)
# FreePDK45's deck times stretched by this much: sky130 cells are some four times slower and its grid's slowest
# edge takes 1 ns from 0 to 100 %.
TIME_SCALE = 4.0


def drive(cell: str) -> float:
    """The cell's drive relative to X1, from its name's suffix."""
    strength = cell.rpartition("_x")[2]
    return 0.5 if strength == "0" else float(strength)


def grid(cell: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    return SLEWS_PS, tuple(round(load * drive(cell), 4) for load in LOADS_X1_FF)


def _pin(name: str, direction: str, function: str | None = None, clock: bool = False) -> list[str]:
    lines = [f"    pin ({name}) {{", f"      direction : {direction};"]
    if function is not None:
        lines.append(f'      function : "{function}";')
    if clock:
        lines.append("      clock : true;")
    return [*lines, "    }"]


def _cell(name: str, area: float, ports: list[str], functions: dict, flops: dict) -> list[str]:
    lines = [f"  cell ({name}) {{", f"    area : {area:.4f};"]
    if name in flops:
        pins = flops[name]
        clear = f'\n      clear : "!{pins.clear}";' if pins.clear else ""
        lines += [f'    ff (IQ, IQN) {{\n      next_state : "{pins.data}";\n      clocked_on : "{pins.clock}";{clear}'
                  "\n    }"]
        for port in ports:
            if port == pins.q:
                lines += _pin(port, "output", "IQ")
            else:
                lines += _pin(port, "input", clock=port == pins.clock)
    else:
        outputs = functions[name]
        for port in ports:
            lines += _pin(port, "output", outputs[port]) if port in outputs else _pin(port, "input")
    return [*lines, "  }"]


def skeleton(corner: str, areas: dict[str, float], ports: dict[str, list[str]], library: str = "StdCellLib",
             functions: dict | None = None, flops: dict | None = None) -> str:
    """The corner's liberty before characterization: header, operating point and the cells with their areas (µm²,
    the layout's boundary), pins and functions, no tables. ports: each cell's subcircuit ports; functions and
    flops: the cells (StdCellLib's by default; sky130hd.py passes sky130_fd_sc_hd's)."""
    functions = FUNCTIONS if functions is None else functions
    flops = FLOPS if flops is None else flops
    vdd, temp = CORNERS[corner]
    tag = f"{corner}_{vdd:.2f}V_{temp:g}C".replace(".", "p").replace("-", "m")
    cells = sorted(set(functions) | set(flops))
    missing = [c for c in cells if c not in areas or c not in ports]
    if missing:
        raise ValueError(f"{library} has no layout or netlist for {', '.join(missing)}")
    head = [f"library ({library}_{corner}) {{", "  technology (cmos);", "  delay_model : table_lookup;",
            f"  nom_voltage : {vdd:g};", f"  nom_temperature : {temp:g};", "  nom_process : 1.0;",
            "  voltage_unit : \"1V\";", "  time_unit : \"1ps\";", "  capacitive_load_unit (1, ff);",
            "  pulling_resistance_unit : \"1kohm\";", "  current_unit : \"1mA\";", "  leakage_power_unit : \"1uW\";",
            "  default_cell_leakage_power : 0.0;", "  default_fanout_load : 1.0;",
            "  default_inout_pin_cap : 0.0;", "  default_input_pin_cap : 0.0;", "  default_output_pin_cap : 0.0;",
            *(f"  input_threshold_pct_{e} : 50.0;" for e in ("rise", "fall")),
            *(f"  output_threshold_pct_{e} : 50.0;" for e in ("rise", "fall")),
            *(f"  slew_{b}_threshold_pct_{e} : {v};" for e in ("rise", "fall") for b, v in (("lower", "20.0"),
                                                                                          ("upper", "80.0"))),
            "  slew_derate_from_library : 1.0;",
            f"  operating_conditions ({tag}) {{", "    process : 1.0;", f"    voltage : {vdd:g};",
            f"    temperature : {temp:g};", "    tree_type : balanced_tree;", "  }",
            f"  default_operating_conditions : {tag};"]
    body = [line for cell in cells for line in _cell(cell, areas[cell], [p for p in ports[cell] if p not in
                                                                         ("vdd", "vss")], functions, flops)]
    return "\n".join([*head, *body, "}"]) + "\n"
