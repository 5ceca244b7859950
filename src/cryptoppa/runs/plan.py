"""A step's plan: everything that shapes its result, as data, hashed into the key that names its run folder."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

_CHUNK = 1 << 20


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


C = TypeVar("C")  # what the step's executor needs beyond the plan's files: a point, a job


@dataclass(frozen=True, eq=False)
class StepPlan(Generic[C]):
    """What one step runs on. The key covers identity, input contents, scripts, tool versions, assumptions and
    the declared outputs; provenance (where inputs came from) and config (the executor's own objects) do not
    change it, so moving a checkout keeps its cache."""

    label: str  # first part of the run folder's name
    identity: dict[str, Any]  # JSON-able parameters that shape the result
    inputs: dict[str, tuple[str, str]]  # run-local name -> (source path, sha256); copied into the run folder
    scripts: dict[str, str]  # run-local name -> generated text; written into the run folder
    tools: dict[str, str | None]  # tool -> version
    assumptions: dict[str, str]  # modelling choices a reader of the numbers must know
    provenance: dict[str, Any] = field(default_factory=dict)
    outputs: tuple[str, ...] = ()  # run-local files the step must produce; sealed with metrics.json
    config: C | None = None  # not keyed: everything in it that shapes the result is in identity or the files

    def __post_init__(self):
        if not re.fullmatch(r"[A-Za-z0-9_.+-]+", self.label):
            raise ValueError(f"step label {self.label!r} must be a file-name word")
        for name in (*self.inputs, *self.scripts, *self.outputs):
            if name.startswith("/") or ".." in Path(name).parts:
                raise ValueError(f"run-local name {name!r} must stay inside the run folder")

    def _keyed(self) -> dict:
        return {
            "identity": self.identity,
            "inputs": {k: sha for k, (_, sha) in sorted(self.inputs.items())},
            "scripts_sha256": {k: _sha256_text(v) for k, v in sorted(self.scripts.items())},
            "tools": self.tools,
            "assumptions": self.assumptions,
            "outputs": list(self.outputs),
        }

    @property
    def key(self) -> str:
        return _sha256_text(json.dumps(self._keyed(), sort_keys=True, default=str))

    @property
    def name(self) -> str:
        return f"{self.label}-{self.key[:12]}"

    def manifest(self) -> dict:
        """run.json: the keyed data with provenance merged in (one level deep), inputs with their sources."""
        out: dict[str, Any] = {"name": self.name, "key": self.key}
        for section in (self.identity, self.provenance):
            for k, v in section.items():
                out[k] = {**out[k], **v} if isinstance(v, dict) and isinstance(out.get(k), dict) else v
        keyed = self._keyed()
        out["inputs"] = {k: {"source": src, "sha256": sha} for k, (src, sha) in sorted(self.inputs.items())}
        for section in ("scripts_sha256", "tools", "assumptions", "outputs"):
            out[section] = keyed[section]
        return out
