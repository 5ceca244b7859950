"""Published engines beside ours: other works' figures as printed, with their citations, and ours in the same
units."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.published import ours, published
from ...answers.records import show
from ...feasibility.nodes import MEASURED
from ..document import Block, Bullets, Heading, Paragraph, Table


def node_nm_of(library: str) -> int:
    """The process node of a "pdk/corner" library."""
    return MEASURED[library.split("/")[0]][0]


def published_engines(model: Model) -> list[Block]:
    theirs = published()
    mine = ours(model)
    if not mine:
        return []
    rows = [{"engine": p.name, "node": p.figures["node"].text if "node" in p.figures else "",
             "kGE": show(p.figures.get("kge")) if "kge" in p.figures else "", "GHz": show(p.figures.get("ghz"))
             if "ghz" in p.figures else "", "Gb/s": show(p.figures.get("gbps")) if "gbps" in p.figures else "",
             "pJ/bit": show(p.figures.get("pj_per_bit")) if "pj_per_bit" in p.figures else "",
             "read latency": show(p.figures.get("latency")) if "latency" in p.figures else "",
             "area, power": show(p.figures.get("power")) if "power" in p.figures else ""} for p in theirs]
    library = ", ".join(model.basis.libraries)
    node = " / ".join(sorted({f"{node_nm_of(lib)} nm" for lib in model.basis.libraries}))
    rows += [{"engine": f"ours, {name}", "node": f"{node} ({library}, {model.basis.stage})",
              "kGE": show(f.get("kge")), "GHz": show(f.get("ghz")), "Gb/s": show(f.get("gbps")),
              "pJ/bit": show(f.get("pj_per_bit")),
              "read latency": f"{show(f.get('latency'))} cycles" + (
                  f", {show(f['latency_fo4'])} FO4" if "latency_fo4" in f else ""),
              "area, power": ""} for name, f in mine]
    return [Heading(2, "Published engines beside ours"),
            Paragraph("Other works' figures as they print them (a blank: not printed), beside each of our schemes' "
                      "engines at its own fmax on this report's basis; read latency to the verified plaintext without a "
                      "prefetch hint, in engine cycles and in FO4 delays of the library. Their nodes, flows and power "
                      "models differ from ours: compare kGE, cycles and FO4 before µm², GHz and mW."),
            Table(pd.DataFrame(rows), "answers/published.toml (citations below) and this report's records"),
            Bullets(sorted({f"{p.name}: {p.citation}" for p in theirs}))]
