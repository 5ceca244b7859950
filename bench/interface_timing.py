"""Composed arrays timed from the engine's interface model against OpenSTA on the linked netlists, and what each costs.

    .venv/bin/python bench/interface_timing.py [--design gcm_iter] [--n 2,4,8,16] [--corner nom] [--cache DIR]

From an empty cache in a temporary folder (cold), or the given one (whose runs are reused): the engine and the dispatchers first, then per N the array timed
from the engine's interface model (cryptoppa.flow.interface: the model extracted once, then OpenSTA on the
dispatcher and N model instances) and timed from its linked netlists (the `linked_sta` check). Prints per N the
fmax of both and their gap, the gaps of each class of paths' worst slack in ps, the gap of the worst register-to-
register path that crosses an engine's boundary (`cross`: the model run's own, against the linked netlists' paths
through the dispatcher, one more OpenSTA run on them), and the OpenSTA seconds of each (the model's extraction
counted once, at the first N). Not run in CI: the linked STA of gcm_iter at N = 16 alone
takes about 9 minutes.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from cryptoppa import designs, pdk
from cryptoppa.catalog import FMAX, HOLD_WS, WS, WS_IN2REG, WS_REG2OUT, WS_REG2REG, runtime
from cryptoppa.flow import characterize
from cryptoppa.flow.compose import ArrayPoint, compose, dispatcher_point, engine_point
from cryptoppa.metrics import read
from cryptoppa.tools.sta import run_sta

SLACKS = {"ws": WS, "reg2reg": WS_REG2REG, "in2reg": WS_IN2REG, "reg2out": WS_REG2OUT, "hold": HOLD_WS}


def _sta_seconds(run: Path) -> float:
    found = read(run)
    return sum(found[name].value for name in (runtime("sta"), runtime("interface")) if name in found)


# The worst register-to-register path through the dispatcher of a linked array, after its sta.tcl's constraints.
_CROSS = """
set ends [find_timing_paths -from [all_registers -clock_pins] -through [get_pins u_dispatch/*] \\
              -to [all_registers -data_pins] -group_count 1]
set out [open cross.txt w]
puts $out [expr {[[lindex $ends 0] slack] * 1e9}]
close $out
"""


def _linked_cross_slack(linked_run: Path, tmp: Path) -> float:
    work = tmp / f"cross-{linked_run.name}"
    work.mkdir()
    (work / "netlist.v").symlink_to(linked_run / "netlist.v")
    sta = (linked_run / "sta.tcl").read_text()
    (work / "cross.tcl").write_text(sta[:sta.index("report_checks")] + _CROSS)
    run_sta(work, work / "cross.log", 3600.0, "OpenSTA (paths through the dispatcher)", script="cross.tcl")
    return float((work / "cross.txt").read_text())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--design", default="gcm_iter")
    ap.add_argument("--n", default="2,4,8,16")
    ap.add_argument("--corner", default="nom")
    ap.add_argument("--clock-mhz", type=float, default=225.0)
    ap.add_argument("--cache", type=Path, help="a run cache to use and keep (default: a temporary one)")
    args = ap.parse_args()
    engine = designs.get(args.design)
    params = tuple(sorted(engine.resolve_params({}).items()))
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared machine)")
    print(f"{args.design} {dict(params)} {pdk.DEFAULT_PDK}/{args.corner} {args.clock_mhz:g} MHz")
    print(f"{'N':>4} {'fmax model':>11} {'fmax linked':>11} {'gap':>7}  "
          + " ".join(f"{k + ' ps':>10}" for k in (*SLACKS, "cross")) + f"  {'model s':>8} {'linked s':>8}")
    with tempfile.TemporaryDirectory(prefix="bench-interface-") as tmp:
        cache = args.cache or Path(tmp) / "cache"
        seen: set[Path] = set()
        for n in [int(x) for x in args.n.split(",") if x]:
            point = ArrayPoint(engine, n, params, pdk.DEFAULT_PDK, args.corner, args.clock_mhz)
            characterize(engine_point(point), cache)
            characterize(dispatcher_point(point, n), cache)
            start = time.monotonic()
            model = compose(point, cache)
            t_model = time.monotonic() - start
            start = time.monotonic()
            linked = compose(point, cache, linked=True)
            t_linked = time.monotonic() - start
            timed = [run for run in model.sources if "-interface-" in run.name or "-timed-" in run.name]
            model_s = sum(_sta_seconds(run) for run in timed if run not in seen)
            seen.update(timed)
            linked_s = _sta_seconds(linked.sources[-1])
            m, ref = ({k: v.value for k, v in c.metrics.items()} for c in (model, linked))
            gaps = [f"{(m[name] - ref[name]) * 1000:+10.1f}" if m.get(name) is not None and ref.get(name) is not None
                    else f"{'-':>10}" for name in SLACKS.values()]
            cross = read(model.sources[-1])[WS_REG2REG].value - _linked_cross_slack(linked.sources[-1], Path(tmp))
            gaps.append(f"{cross * 1000:+10.1f}")
            print(f"{n:4d} {m[FMAX]:11.1f} {ref[FMAX]:11.1f} {(m[FMAX] - ref[FMAX]) / ref[FMAX]:+7.2%}  "
                  + " ".join(gaps) + f"  {model_s:8.1f} {linked_s:8.1f}"
                  f"   (wall {t_model:.1f} s / {t_linked:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
