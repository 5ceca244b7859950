"""The stage contract and its registry: what each stage accepts, what it needs, and the one dispatcher.

A stage is a name a user writes (`cryptoppa run --stage NAME`, a sweep's `stage = "NAME"`) bound to one kind of
target (ASIC or FPGA) and the array forms it takes; several stages may share a name across target kinds. Each
runs on `cryptoppa.runs` (every step a StepPlan + run_step). The command line and the sweep call `run` here, so
the rules of which request a stage takes exist once, in the registry's declarations.

A new backend is one plan/execute pair and one registration:

    register(Stage.from_step("route", ASIC, arrays=(SINGLE, FLAT), needs="synth", plan=my_plan, execute=my_exec))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .. import fpga
from ..activity.workload import check_workload, is_engine_workload
from ..designs.arrays import MAX_N_COMPOSED, MAX_N_FLAT
from ..errors import InputError
from ..metrics import Metric
from ..runs import StepPlan, run_step
from .request import ASIC, FLAT, FPGA, Request
from .setting import Setting

RunFn = Callable[[Request, Path, bool], "Outcome"]


@dataclass(frozen=True)
class Outcome:
    """What a stage produced: its metrics (those of the stages it needed included), the run folders they come
    from (the last one is the stage's own) and whether anything was built rather than found in the cache."""

    metrics: dict[str, Metric]
    sources: tuple[Path, ...]
    built: bool
    note: str = ""  # how the figures were made, when that is not one run (composed arrays: linked, extrapolated)

    @property
    def run_dir(self) -> Path:
        return self.sources[-1]


@dataclass(frozen=True)
class Refusal:
    """Why a stage cannot take a request: the request field at fault and what it should be."""

    field: str  # stage, target, n, array_mode, activity_mode, design, or a setting's name
    expected: str

    def error(self, names: dict[str, str]) -> InputError:
        """The refusal as one line, the field named as the caller's user knows it (an option, a sweep key)."""
        return InputError(f"{names.get(self.field, self.field)}: expected {self.expected}")


@dataclass(frozen=True)
class Stage:
    name: str
    kind: str  # ASIC or FPGA
    arrays: tuple[str, ...]  # SINGLE, FLAT, COMPOSED: the forms of the design it takes
    run: RunFn
    needs: str | None = None  # the stage whose outcome it starts from (run first, through the registry)
    activities: tuple[str, ...] = ("vectorless", "sim")
    check: Callable[[Request], Refusal | None] = lambda req: None  # rules of its own (a routable PDK, ...)
    doc: str = ""
    settings: tuple[Setting, ...] = ()  # what it reads of a request besides the design point (cryptoppa.stages.setting)

    def where(self) -> str:
        """How a message names it: the array forms too where another registration shares its name and kind."""
        twins = [s for s in _STAGES if s.name == self.name and s.kind == self.kind and s is not self]
        forms = f" ({' or '.join(self.arrays)} designs)" if twins else ""
        return f"stage {self.name!r} on {self.kind} targets{forms}"

    @classmethod
    def from_step(cls, name: str, kind: str, *, arrays: tuple[str, ...], plan: Callable[[Request, Outcome, Path], StepPlan],
                  execute: Callable[[StepPlan, Path], dict[str, Metric]], needs: str, **options) -> "Stage":
        """A stage that is one cached step after the stage it needs: its row holds both stages' metrics."""
        def run(req: Request, cache: Path, force: bool) -> Outcome:
            prior = run_request(prerequisite(req), Path(cache))
            step = run_step(plan(req, prior, cache), execute, cache, force)
            return Outcome({**prior.metrics, **step.metrics}, (*prior.sources, step.run_dir), step.built or prior.built)
        return cls(name, kind, arrays, run, needs=needs, **options)


_STAGES: list[Stage] = []
# The stage a request gets when it names none: synthesis on an ASIC target, the deepest the target has on an FPGA.
_DEFAULT = {ASIC: "synth"}


def register(stage: Stage) -> Stage:
    """Add a stage; one with the same name, kind and an overlapping array form is replaced."""
    _STAGES[:] = [s for s in _STAGES
                  if not (s.name == stage.name and s.kind == stage.kind and set(s.arrays) & set(stage.arrays))]
    _STAGES.append(stage)
    return stage


def unregister(stage: Stage) -> None:
    _STAGES[:] = [s for s in _STAGES if s is not stage]


def names() -> list[str]:
    return list(dict.fromkeys(s.name for s in _STAGES))


def default_stage(req: Request) -> str:
    if req.kind == FPGA:
        return "route" if fpga.get(req.target).routed else "synth"
    return _DEFAULT[req.kind]


def _describe(stages: list[Stage]) -> str:
    return "; ".join(f"{s.kind} targets, {' / '.join(s.arrays)}" for s in stages)


def _design_rules(req: Request) -> Refusal | None:
    """What any stage needs of the design itself: arrays of engines within the size limits, workloads it can run."""
    if req.n is not None:
        if req.design.interface != "engine":
            return Refusal("n", f"an engine design for an array ({req.design.name!r} has interface "
                                f"{req.design.interface!r})")
        limit = MAX_N_FLAT if req.array == FLAT else MAX_N_COMPOSED
        if isinstance(req.n, bool) or not isinstance(req.n, int) or not 1 <= req.n <= limit:
            hint = f"; composed arrays go to {MAX_N_COMPOSED}" if req.array == FLAT and req.kind == ASIC else ""
            return Refusal("n", f"array sizes 1..{limit} for {req.array} arrays{hint}, got {req.n!r}")
    if req.activity_kind == "sim":
        try:
            if not req.activity_mode.startswith("sim:"):
                raise InputError(f"{req.activity_mode!r} is neither")
            workload = check_workload(req.activity_mode.removeprefix("sim:"))
        except InputError as err:
            return Refusal("activity_mode", f"vectorless or sim:<workload> ({err})")
        if is_engine_workload(workload) and req.design.interface != "engine":
            return Refusal("activity_mode", f"a workload {req.design.name!r} can run ({req.activity_mode} needs an "
                                            f"engine; {req.design.name!r} is not an engine)")
    return None


def _taking(req: Request) -> Stage | Refusal:
    """The stage that takes the design point, before its settings and its own rules are looked at."""
    found = _design_rules(req)
    if found is not None:
        return found
    name = req.stage or default_stage(req)
    named = [s for s in _STAGES if s.name == name]
    if not named:
        return Refusal("stage", f"one of {', '.join(names())}, got {name!r}")
    kind = [s for s in named if s.kind == req.kind]
    if not kind:
        mine = ", ".join(dict.fromkeys(s.name for s in _STAGES if s.kind == req.kind))
        return Refusal("stage", f"a stage of {req.kind} targets ({mine}) for {req.target}; {name!r} runs on "
                                f"{_describe(named)}")
    form = [s for s in kind if req.array in s.arrays]
    if not form:
        field = "array_mode" if req.array == "composed" else "n"
        forms = " or ".join(a for s in kind for a in s.arrays)
        return Refusal(field, f"{forms} designs for stage {name!r} on {req.kind} targets, not a {req.array} array")
    acting = [s for s in form if req.activity_kind in s.activities]
    if not acting:
        return Refusal("activity_mode", f"vectorless only for stage {name!r} with a {req.array} design on "
                                        f"{req.kind} targets, got {req.activity_mode}")
    return acting[0]


def accepted(req: Request) -> tuple[Setting, ...]:
    """The settings a request may give: those of the stages its stage needs (run first), then its stage's own.
    None when no stage takes the request's design point."""
    stage = _taking(dataclasses.replace(req, settings=()))
    if isinstance(stage, Refusal):
        return ()
    before = accepted(dataclasses.replace(req, stage=stage.needs, settings=())) if stage.needs else ()
    return (*before, *stage.settings)


def prerequisite(req: Request) -> Request:
    """The request of the stage the request's stage needs: the same design point, with only the settings that
    stage takes (a routed request's utilization is not synthesis's business)."""
    needed = dataclasses.replace(req, stage=stage_for(req).needs, settings=())
    own = {s.name for s in accepted(needed)}
    return dataclasses.replace(needed, settings=tuple((k, v) for k, v in req.settings if k in own))


def all_settings() -> list[Setting]:
    """Every registered stage's settings, once each, in the order the stages registered."""
    return list({s.name: s for stage in _STAGES for s in stage.settings}.values())


def declaring(setting: Setting) -> list[Stage]:
    return [stage for stage in _STAGES if setting in stage.settings]


def _setting_refusal(req: Request, stage: Stage) -> Refusal | None:
    takes = {s.name: s for s in accepted(req)}
    known = {s.name: s for s in all_settings()}
    for name, value in req.settings:
        if name not in known:
            return Refusal(name, f"a setting of a registered stage ({', '.join(known)})")
        setting = known[name]
        if name not in takes:
            where = " or ".join(s.where() for s in declaring(setting))
            return Refusal(name, f"{where}, which reads it ({setting.help}), not {stage.where()} for {req.target}")
        if not setting.accepts(value):
            return Refusal(name, f"{setting.expected()}, got {value!r}")
        rule = setting.rule(req, value)
        if rule is not None:
            return Refusal(name, rule)
    return None


def refusal(req: Request) -> Refusal | None:
    """None when a registered stage takes the request, with its settings, else why none does."""
    stage = _taking(req)
    if isinstance(stage, Refusal):
        return stage
    return _setting_refusal(req, stage) or stage.check(req)


def stage_for(req: Request) -> Stage:
    found = refusal(req)
    if found is not None:
        raise found.error({})
    return _taking(req)


def run_request(req: Request, cache: Path, force: bool = False) -> Outcome:
    """The one dispatcher: the stage that takes the request, run (its needs first) into the run cache."""
    return stage_for(req).run(req, Path(cache), force)
