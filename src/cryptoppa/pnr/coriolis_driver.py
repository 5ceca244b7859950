"""Place and route one BLIF netlist with Coriolis (Etesian, Katana); runs inside the Coriolis virtualenv.

    python coriolis_driver.py job.json

job.json names the technology folder (the PDKMaster-generated techno.py and FlexLib.py), the BLIF cell name,
the target utilization and the top routing layer. The result is routed.json: die and cell area, per-net routed
length per layer, via counts and the router's success flags. This file imports nothing from cryptoppa: it runs
under another interpreter.
"""

import json
import sys
import time
from pathlib import Path

from coriolis import CRL, Anabatic, Cfg, Etesian, Hurricane, Katana, Viewer, helpers
from coriolis.helpers import overlay, technology, analogtechno
from coriolis.technos.common import colors, patterns
from coriolis.Hurricane import Contact, DbU, Segment

# PDKMaster 0.1 writes the pre-2.5 module names; the wheel keeps them under the coriolis package.
sys.modules.update({
    "CRL": CRL, "Cfg": Cfg, "Hurricane": Hurricane, "Viewer": Viewer, "helpers": helpers,
    "helpers.overlay": overlay, "helpers.technology": technology, "helpers.analogtechno": analogtechno,
    "common": sys.modules["coriolis.technos.common"], "common.colors": colors, "common.patterns": patterns,
})


def um(value):
    return DbU.toPhysical(value, DbU.UnitPowerMicro)


def setup(job):
    sys.path.insert(0, job["techdir"])
    import techno  # noqa: PLC0415 (generated at environment set-up, found through sys.path)
    import FlexLib  # noqa: PLC0415

    techno.setup()
    FlexLib.setup()
    with overlay.CfgCache(priority=Cfg.Parameter.Priority.UserFile) as cfg:
        cfg.misc.catchCore = False
        cfg.misc.verboseLevel1 = True
        cfg.misc.verboseLevel2 = False
        cfg.misc.logMode = True
        cfg.etesian.graphics = 0
        # Etesian's space margin is free area relative to the cell area.
        cfg.etesian.spaceMargin = 1.0 / job["utilization"] - 1.0
        cfg.etesian.aspectRatio = 1.0
        cfg.anabatic.topRoutingLayer = job["top_layer"]
        cfg.katana.eventsLimit = job["events_limit"]
    env = CRL.AllianceFramework.get().getEnvironment()
    env.setWORKING_LIBRARY(".")
    env.setCLOCK("^{}$".format(job["clock"]))


def cell_area(cell):
    total = 0.0
    for inst in cell.getInstances():
        box = inst.getMasterCell().getAbutmentBox()
        total += um(box.getWidth()) * um(box.getHeight())
    return total


def wires(cell):
    """Per signal net: routed length per layer (µm), via count, and its plugs with their directions."""
    nets = {}
    for net in cell.getNets():
        if net.isPower() or net.isGround() or net.isBlockage():
            continue
        layers, vias = {}, 0
        for comp in net.getComponents():
            if isinstance(comp, Segment):
                length = abs(comp.getSourceX() - comp.getTargetX()) + abs(comp.getSourceY() - comp.getTargetY())
                name = str(comp.getLayer().getName())
                layers[name] = layers.get(name, 0.0) + um(length)
            elif isinstance(comp, Contact) and "_via" in str(comp.getLayer().getName()):
                vias += 1
        plugs = []
        for plug in net.getPlugs():
            # FlexLib's nets carry no direction; the caller takes it from the liberty. The instance centre
            # stands in for the pin position (cells are at most a few µm wide).
            centre = plug.getInstance().getAbutmentBox().getCenter()
            plugs.append([str(plug.getInstance().getName()), str(plug.getMasterNet().getName()),
                          round(um(centre.getX()), 3), round(um(centre.getY()), 3)])
        if not layers and len(plugs) < 2:
            continue  # nothing routed: a port on one pin, or the loader's dummy net on a cell's supply pin
        nets[str(net.getName())] = {"layers": layers, "vias": vias, "plugs": plugs}
    return nets


def main():
    job = json.loads(Path(sys.argv[1]).read_text())
    setup(job)
    cell = CRL.Blif.load(job["cell"])
    if cell is None:
        raise SystemExit("Coriolis could not load {}.blif".format(job["cell"]))
    out = {"cell_area_um2": cell_area(cell)}
    start = time.monotonic()
    etesian = Etesian.EtesianEngine.create(cell)
    etesian.place()
    etesian.toHurricane()
    etesian.flattenPower()
    out["place_s"] = time.monotonic() - start
    ab = cell.getAbutmentBox()
    out["die_um"] = [um(ab.getWidth()), um(ab.getHeight())]
    out["instances"] = sum(1 for _ in cell.getInstances())
    start = time.monotonic()
    katana = Katana.KatanaEngine.create(cell)
    katana.digitalInit()
    katana.runGlobalRouter(Katana.Flags.NoFlags)
    katana.loadGlobalRouting(Anabatic.EngineLoadGrByNet)
    katana.layerAssign(Anabatic.EngineNoNetLayerAssign)
    katana.runNegociate(Katana.Flags.NoFlags)
    out["global_success"] = bool(katana.isGlobalRoutingSuccess())
    out["detailed_success"] = bool(katana.isDetailedRoutingSuccess())
    katana.finalizeLayout()
    katana.destroy()
    etesian.destroy()
    out["route_s"] = time.monotonic() - start
    out["nets"] = wires(cell)
    Path("routed.json").write_text(json.dumps(out, sort_keys=True, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
