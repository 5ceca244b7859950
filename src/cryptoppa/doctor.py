"""`cryptoppa doctor`: every external tool and PDK, with version, path, status and the fix for a missing one."""

from __future__ import annotations

from dataclasses import dataclass

from . import pdk
from .errors import CryptoppaError
from .tools import TOOLS, find, version


@dataclass(frozen=True)
class Check:
    name: str
    kind: str
    required: bool
    ok: bool
    version: str
    path: str
    fix: str


def checks() -> list[Check]:
    out = []
    for tool in TOOLS.values():
        path = find(tool.name)
        out.append(Check(tool.name, "tool", tool.required, path is not None, version(tool.name) or "-",
                         str(path or "-"), "" if path else tool.install))
    for name in pdk.available():
        desc = pdk.get(name)
        for corner in desc.corners:
            try:
                lib = pdk.liberty(desc, corner)
                ok, where, fix = True, str(lib), ""
            except CryptoppaError:
                ok, where, fix = False, "-", f"cryptoppa pdk install {name}"
                if desc.source["kind"] == "committed":
                    fix = desc.source["command"].replace("CORNER", corner)
                if name == "nangate45":
                    fix += f"  (or export {desc.source['env']}=/path/to/nangate45)"
            out.append(Check(f"{name}:{corner}", "pdk", name == pdk.DEFAULT_PDK, ok,
                             desc.source.get("version", "-"), where, fix))
    return out


def render(items: list[Check]) -> str:
    rows = [("name", "kind", "status", "version", "path / fix")]
    for c in items:
        status = "ok" if c.ok else ("MISSING" if c.required else "missing (optional)")
        rows.append((c.name, c.kind, status, c.version, c.path if c.ok else f"install: {c.fix}"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    return "\n".join("  ".join(r[i].ljust(widths[i]) for i in range(4)) + "  " + r[4] for r in rows)
