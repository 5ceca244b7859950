"""Per-layer wire resistance and capacitance of the FreePDK45 metal stack, per µm of routed length.

Source: OpenROAD-flow-scripts, flow/platforms/nangate45/setRC.tcl (`set_layer_rc`, liberty units kΩ and fF per
µm), the values ORFS uses for this same FreePDK45 metal stack; the Nangate45 tech LEF agrees to first order
(e.g. metal1 RPERSQ 0.38 Ω/sq at 0.07 µm width = 5.43 Ω/µm). ORFS gives no calibrated values for metal9 and
metal10; metal8's stand in for them (Coriolis is limited to metal6 here anyway).
"""

from __future__ import annotations

SOURCE = "OpenROAD-flow-scripts flow/platforms/nangate45/setRC.tcl (FreePDK45 metal stack)"

# layer -> (kΩ per µm, fF per µm)
RC_PER_UM = {
    "metal1": (5.4286e-03, 7.41819e-02),
    "metal2": (3.5714e-03, 6.74606e-02),
    "metal3": (3.5714e-03, 8.88758e-02),
    "metal4": (1.5000e-03, 1.07121e-01),
    "metal5": (1.5000e-03, 1.08964e-01),
    "metal6": (1.5000e-03, 1.02044e-01),
    "metal7": (1.8750e-04, 1.10436e-01),
    "metal8": (1.8750e-04, 9.69714e-02),
    "metal9": (1.8750e-04, 9.69714e-02),
    "metal10": (1.8750e-04, 9.69714e-02),
}


def net_rc(layers: dict[str, float]) -> tuple[float, float]:
    """(kΩ, fF) of a net from its routed length (µm) per layer; unknown layers (none seen) raise KeyError."""
    r = sum(RC_PER_UM[name][0] * length for name, length in layers.items())
    c = sum(RC_PER_UM[name][1] * length for name, length in layers.items())
    return r, c
