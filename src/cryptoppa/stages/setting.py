"""A stage's setting, declared once beside the stage that reads it (as LibreLane's steps declare config variables).

Everything a user meets of a setting is derived from its declaration: `cryptoppa run`'s option (`--<name>`; a
boolean that is on by default becomes `--no-<name>`), the sweep file's key (a list of values), the check of a
value (type, bound and its reason, the setting's own rule), the part of a point's label when the value is not the
default, the results column, and the rows of the settings and limits tables in the docs.

A request holds only the settings given to it, as (name, value) pairs; a stage reads its own with `setting.of(req)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..limits import Bound
from .request import Request


def _no_rule(req: Request, value) -> str | None:
    return None


def _as_recorded(req: Request, value):
    return value


@dataclass(frozen=True)
class Setting:
    name: str  # the request's key and, unless said otherwise, the sweep key and the results column
    kind: type  # bool, int or float
    default: bool | int | float
    help: str  # what it sets, as the option's help and the docs say it
    bound: Bound | None = None  # numbers: the accepted range, with its reason
    sweep_key: str = ""  # when the sweep file's key is not the name
    column: str = ""  # when the results column is not the name
    always_labelled: bool = False  # the label names the value even at the default
    every_row: bool = False  # recorded on every row of its stages' target kind, not only those of its stages
    rule: Callable[[Request, object], str | None] = _no_rule  # what a request needs for this value, else None
    recorded: Callable[[Request, object], object] = _as_recorded  # the value as the results column holds it

    def __post_init__(self):
        if self.kind not in (bool, int, float) or (self.kind is not bool and self.bound is None):
            raise ValueError(f"setting {self.name}: a bool, or an int or float with a bound")
        if not self.accepts(self.default):
            raise ValueError(f"setting {self.name}: default {self.default!r} outside its own bound")

    @property
    def option(self) -> str:
        """`cryptoppa run`'s option: `--no-<name>` for a switch that is on unless turned off."""
        dashed = self.name.replace("_", "-")
        return f"--no-{dashed}" if self.kind is bool and self.default is True else f"--{dashed}"

    @property
    def key(self) -> str:
        return self.sweep_key or self.name

    @property
    def column_name(self) -> str:
        return self.column or self.name

    def of(self, req: Request):
        """The request's value: as given, else the default."""
        return dict(req.settings).get(self.name, self.default)

    def accepts(self, value) -> bool:
        if self.kind is bool:
            return isinstance(value, bool)
        if isinstance(value, bool) or not isinstance(value, int if self.kind is int else (int, float)):
            return False
        return self.bound.accepts(value)

    def expected(self) -> str:
        """What a value is, for a refusal."""
        if self.kind is bool:
            return f"true or false (true: {self.help})"  # a refusal from the API: the CLI and sweep have their own
        return self.bound.describe()

    def shown(self, value) -> str:
        if isinstance(value, bool):
            return str(value).lower()
        return f"{value:g}" if isinstance(value, float) else str(value)

    def label(self, value) -> str:
        """The point label's part: empty at the default (rows made before a setting existed keep their labels)."""
        if value == self.default and not self.always_labelled:
            return ""
        if self.kind is bool:
            return f" {'' if value else 'no-'}{self.name.replace('_', '-')}"
        return f" {self.name}={self.shown(value)}"
