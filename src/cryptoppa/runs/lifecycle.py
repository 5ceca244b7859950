"""run_step: cache lookup under a lock, a temporary folder, `.failed` on error, a seal, an atomic rename.

A finished run folder is never half-written: the work happens in `.tmp-*` and is renamed into place only after
metrics.json, run.json and the seal exist. Two processes asking for the same plan (two sweeps sharing a
folder) wait for each other on the lock and the second one reuses the first one's result. A `.tmp-*` folder left
by a process that was killed is removed when its plan next runs (the owner's pid is in the folder's name).

`force` is True (rebuild), False (reuse a sealed run) or a time.time() value: rebuild runs sealed before it and
reuse those sealed since, so a step shared by many points of one forced command is built once (`forced`).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .. import metrics
from ..errors import ToolError, without_log
from ..metrics import Metric
from .plan import StepPlan, sha256_file

_ALWAYS_SEALED = ("metrics.json", "run.json")


def forced(force: bool) -> bool | float:
    """A command's --force as run_step takes it: rebuild what was sealed before the command started."""
    return time.time() if force else False


def _reusable(run_dir: Path, force: bool | float) -> bool:
    if not is_complete(run_dir):
        return False
    if isinstance(force, bool):
        return not force
    return (run_dir / "seal.json").stat().st_mtime >= force


def abandoned(folder: Path) -> bool:
    """True for a `.tmp-<name>-<pid>-<ns>` (or `.trash-...`) folder whose process has ended on this machine."""
    try:
        pid = int(folder.name.rsplit("-", 2)[1])
    except (IndexError, ValueError):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


def keep_only(folder: Path, name: str) -> None:
    """Delete everything in `folder` but `name`: a build's generated sources and objects (tens of MB per build)
    that nothing reads once its executable exists."""
    for path in folder.iterdir():
        if path.name != name:
            shutil.rmtree(path) if path.is_dir() else path.unlink()


def _private(cache: Path, kind: str, name: str) -> Path:
    return cache / f".{kind}-{name}-{os.getpid()}-{time.monotonic_ns()}"


def _remove_abandoned(cache: Path, name: str) -> None:
    """Remove what killed runs of this plan left behind (called under the plan's lock)."""
    for kind in ("tmp", "trash"):
        for folder in cache.glob(f".{kind}-{name}-*"):
            if abandoned(folder):
                shutil.rmtree(folder, ignore_errors=True)


@dataclass(frozen=True)
class StepResult:
    run_dir: Path
    metrics: dict[str, Metric]
    built: bool  # False when an earlier, sealed run was reused


def sealed_sums(run_dir: Path) -> dict[str, str]:
    """{file: SHA-256} of a finished run's sealed files, as sealed: a later step reads a sum instead of hashing again."""
    return json.loads((Path(run_dir) / "seal.json").read_text())


def is_complete(run_dir: Path) -> bool:
    """True when run_dir holds a finished run whose sealed files are intact (a corrupted entry is not)."""
    try:
        sums = sealed_sums(run_dir)
        return all(sha256_file(Path(run_dir) / name) == sha for name, sha in sums.items())
    except (OSError, ValueError, AttributeError):
        return False


@contextmanager
def _locked(cache: Path, name: str):
    lock = cache / f".lock-{name}"
    with open(lock, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _stage(plan: StepPlan, work: Path) -> None:
    for sub in ("logs", "reports"):
        (work / sub).mkdir(parents=True, exist_ok=True)
    for name, (source, _) in plan.inputs.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, work / name)
    for name, text in plan.scripts.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    (work / "run.json").write_text(json.dumps(plan.manifest(), indent=2, default=str) + "\n")


def _seal(plan: StepPlan, work: Path) -> None:
    missing = [name for name in plan.outputs if not (work / name).is_file()]
    if missing:
        raise ToolError(f"{plan.label}: the step did not produce {', '.join(missing)}", str(work / "logs"))
    sums = {name: sha256_file(work / name) for name in (*_ALWAYS_SEALED, *plan.outputs)}
    (work / "seal.json").write_text(json.dumps(sums, indent=2) + "\n")


def _failed(err: BaseException, work: Path, failed: Path) -> BaseException:
    """The error with its paths pointing at where the evidence now lives."""
    shutil.rmtree(failed, ignore_errors=True)
    work.rename(failed)
    if isinstance(err, ToolError):
        moved = ToolError(without_log(str(err).replace(str(work), str(failed))),
                          (err.log or "").replace(str(work), str(failed)) or None)
        moved.exit_code = err.exit_code
        return moved
    return err


def run_step(plan: StepPlan, execute: Callable[[StepPlan, Path], dict[str, Metric]], cache: Path,
             force: bool | float = False) -> StepResult:
    """The plan's sealed run folder under cache: reused when finished earlier (unless force rules it out), else
    built now. On an error the partial folder is kept as NAME.failed and the error propagates."""
    cache = Path(cache).resolve()  # executors run tools in other folders; the result names an absolute folder
    cache.mkdir(parents=True, exist_ok=True)
    final = cache / plan.name
    with _locked(cache, plan.name):
        _remove_abandoned(cache, plan.name)
        if _reusable(final, force):
            return StepResult(final, metrics.read(final), False)
        work = _private(cache, "tmp", plan.name)
        _stage(plan, work)
        try:
            found = execute(plan, work)
            metrics.write(work, found)
            _seal(plan, work)
        except BaseException as err:
            moved = _failed(err, work, cache / f"{plan.name}.failed")
            if moved is err:
                raise
            raise moved from None
        if final.exists():  # a forced rerun or a corrupt entry: replaced whole, never merged
            trash = _private(cache, "trash", plan.name)
            final.rename(trash)
            shutil.rmtree(trash, ignore_errors=True)
        work.rename(final)
        shutil.rmtree(cache / f"{plan.name}.failed", ignore_errors=True)
        return StepResult(final, found, True)
