"""The routing step's plan: a finished synthesis run's netlist and STA script, the floorplan settings and the
Coriolis driver, hashed into the key of the routed run folder. Nothing here runs a tool."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..errors import InputError
from ..runs import StepPlan, sha256_file
from ..tools import version
from ..pdk.descriptor import Routing

# Katana's default event budget gives up on congested designs; 4 M is what Coriolis' own FreePDK45 setup uses.
EVENTS_LIMIT = 4_000_000
RC_FILE = "layers_rc.json"
# Runs under the Coriolis virtualenv's interpreter, so it is read as text, never imported here.
DRIVER = Path(__file__).with_name("coriolis_driver.py")
# The Python that turns routed lengths into parasitics and metrics shapes the result as much as the scripts do.
_CODE = ("blif.py", "spef.py", "layers.py", "liberty_pins.py", "execute.py")
# The synthesis metrics are read at execution for the ratios, not keyed: they hold run times.
_SYNTH_FILES = ("netlist.v", "sta.tcl", "activity/activity.tcl")
# Target cell area / die area when none is given: room for Katana to route FlexLib's engines in most cases.
DEFAULT_UTILIZATION = 0.7


@dataclass(frozen=True)
class RouteInput:
    synth_run: Path  # a sealed synthesis run folder (cryptoppa.flow.characterize)
    routing: Routing  # the PDK descriptor's [routing]
    top: str
    liberty: Path
    clock_port: str
    period_ns: float
    utilization: float = DEFAULT_UTILIZATION  # target cell area / die area (bounded by stages.builtin.UTILIZATION)
    label: str = ""


def routed_sta(synth_sta: str, top: str) -> str:
    """The synthesis STA script with the routed parasitics read after linking: same constraints and activity."""
    anchor = f"link_design {top}\n"
    if anchor not in synth_sta:
        raise InputError(f"the synthesis STA script has no `{anchor.strip()}` line to add parasitics after")
    return synth_sta.replace(anchor, anchor + "read_spef routed.spef\n", 1)


@dataclass(frozen=True)
class RouteJob:
    """What the routing executor needs: the input and the settings written to the Coriolis driver."""

    job: RouteInput
    driver_settings: dict


def make_route_plan(job: RouteInput) -> StepPlan[RouteJob]:
    run = Path(job.synth_run)
    inputs = {f"synth/{name}": (str(run / name), sha256_file(run / name)) for name in _SYNTH_FILES
              if (run / name).is_file()}
    inputs["FlexLib.lib"] = (str(job.liberty), sha256_file(job.liberty))
    sta = routed_sta((run / "sta.tcl").read_text(), job.top).replace(" activity/activity.tcl",
                                                                     " synth/activity/activity.tcl")
    settings = {"cell": "netlist", "utilization": job.utilization, "top_layer": job.routing.top_layer,
                "events_limit": EVENTS_LIMIT, "clock": job.clock_port}
    scripts = {
        "to_blif.ys": "read_liberty -lib FlexLib.lib\nread_verilog synth/netlist.v\n"
                      f"hierarchy -top {job.top}\nflatten\nwrite_blif -cname netlist.blif\n",
        "coriolis_driver.py": DRIVER.read_text(),
        "sta_routed.tcl": sta.replace("read_verilog netlist.v", "read_verilog synth/netlist.v"),
        RC_FILE: json.dumps(job.routing.rc_per_um, sort_keys=True) + "\n",
        "pnr_code.sha256": hashlib.sha256(b"".join(DRIVER.with_name(n).read_bytes() for n in _CODE)).hexdigest() + "\n",
    }
    identity = {"route": {**{k: v for k, v in asdict(job).items()
                             if k not in ("synth_run", "liberty", "label", "routing")},
                          "driver_settings": settings},
                "synth_run": run.name}  # the synthesis step's name holds its key
    assumptions = {
        "floorplan": f"square die sized by Coriolis Etesian for {job.utilization:g} target utilization; no I/O pin "
                     "placement (port-to-cell wires are not routed), no clock tree (ideal clock), no power grid",
        "routing": f"Katana global + detailed routing up to {job.routing.top_layer}",
        "parasitics": f"per-net star RC from routed length per layer, {job.routing.rc_source}; vias not counted",
    }
    tools = {name: version(name) for name in ("pyosys", "coriolis", "sta")}
    return StepPlan(f"{job.label or job.top}-route", identity, inputs, scripts, tools, assumptions,
                    provenance={"route": {"synth_run": str(run)}},
                    outputs=("routed.json", "routed.spef", "reports/net_lengths.csv"),
                    config=RouteJob(job, settings))
