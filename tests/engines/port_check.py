"""An engine's top-level ports as Yosys elaborates them: {name: (direction, width)}.

The sources are read as a library (`read_verilog -lib`): Yosys derives the top's ports under the parameters
without elaborating any module body, which for the unrolled ciphers took most of a minute.
"""

from __future__ import annotations

import json
from pathlib import Path

from cryptoppa.designs import Design
from cryptoppa.tools import run


def engine_ports(design: Design, params: dict[str, int], work: Path) -> dict[str, tuple[str, int]]:
    flags = "".join(f" -D{n}={v}" if v else f" -D{n}" for n, v in design.defines)
    flags += "".join(f" -I{d}" for d in design.include_dirs)
    script = [f"read_verilog -lib -sv -DSYNTHESIS{flags} {f}" for f in design.files]
    script += [f"hierarchy -top {design.top} " + " ".join(f"-chparam {k} {v}" for k, v in params.items()),
               "write_json ports.json"]
    (work / "ports.ys").write_text("\n".join(script) + "\n")
    run("pyosys", ["ports.ys"], cwd=work, log=work / "ports.log", timeout=300, what=f"yosys ({design.name} ports)")
    module = json.loads((work / "ports.json").read_text())["modules"]
    derived = [m for name, m in module.items() if name.startswith("$paramod") and name.endswith(f"\\{design.top}")]
    top = derived[0] if derived else module[design.top]
    return {name: (p["direction"], len(p["bits"])) for name, p in top["ports"].items()}
