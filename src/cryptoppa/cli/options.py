"""Checks shared by the commands' options: numbers within their bounds (cryptoppa.limits), options that would be
ignored, and folders a command will write into. Each fails in one line naming the option (exit 2) before any work
starts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click
from click.core import ParameterSource

from .. import limits, settings, userfiles
from ..errors import InputError
from ..feasibility.presets import resolve_bandwidth
from ..limits import Bound


class Number(click.ParamType):
    """The type of every numeric option: a number within a bound of the catalog (cryptoppa.limits, or a stage's
    setting), refused outside it, inf and nan included, in one line naming the option, the bound and its reason.

    `words` are what the option takes besides numbers ('fmax'; a word ending in ':' is a prefix, as 'sim:');
    `read` reads a number written with a unit into the bound's unit, and `unit` is how a bare number in that unit
    is written ("PB/s"); `many` takes a comma-separated list (a tuple); `keep_text` hands the command the text as
    written, once checked (a bandwidth the answer model reads again, with its preset or unit).
    """

    def __init__(self, bound: Bound, *, words: tuple[str, ...] = (), read: Callable[[str], float] | None = None,
                 unit: str = "", many: bool = False, keep_text: bool = False):
        self.bound, self.words, self.read, self.unit, self.many, self.keep_text = bound, words, read, unit, many, keep_text
        kind = "quantity" if read else "value" if words else "integer" if bound.integer else "number"  # the metavar
        self.name = f"{kind}s" if many else kind

    def expected(self) -> str:
        shown = [f"'{w}…'" if w.endswith(":") else f"'{w}'" for w in self.words]
        what = f"{'comma-separated, each ' if self.many else ''}{self.bound.describe()}"
        return f"{', '.join(shown)} or {what}" if shown else what

    def convert(self, value, param, ctx):
        option = param.opts[0] if param is not None else "value"
        if not isinstance(value, str):  # a default given as a number, or a value converted already
            return value if isinstance(value, tuple) else self._checked(value, option, value)
        if not self.many:
            return self._one(value.strip(), option)
        items = tuple(self._one(x.strip(), option) for x in value.split(",") if x.strip())
        if not items:
            raise InputError(f"{option} {value!r}: nothing given; expected {self.expected()}")
        return items

    def _one(self, text: str, option: str):
        if any(text == w or (w.endswith(":") and text.startswith(w)) for w in self.words):
            return text
        try:
            number = self.read(text) if self.read else _plain(text, self.bound.integer)
        except InputError as err:  # the reader says which forms it takes (a bandwidth's units, a preset)
            raise InputError(f"{option}: {err}") from None
        except ValueError:
            raise InputError(f"{option} {text!r}: expected {self.expected()}") from None
        self._checked(number, option, repr(text))
        return text if self.keep_text else number

    def _checked(self, number, option: str, shown):
        if not self.bound.accepts(number):
            raise InputError(f"{option} {shown}: expected {self.expected()}")
        return number


def _plain(text: str, integer: bool) -> int | float:
    """A number as typed: '1e3' is an integer where one is expected; 'inf' and 'nan' are read, to be refused."""
    number = float(text)
    if integer and number.is_integer():
        try:
            return int(text)
        except ValueError:
            return int(number)
    return number


# Options more than one command takes: the engines' clock (`feasibility`, `report`) and the memory's bandwidth, a
# preset or a quantity, bounded in PB/s (the product with --count and --efficiency is checked when the question is
# asked).
CLOCK = Number(limits.CLOCK_MHZ, words=("fmax", "study"))
BANDWIDTH = Number(limits.BANDWIDTH_PBS, read=lambda text: resolve_bandwidth(text).bits_per_second / 8e15,
                   unit="PB/s", keep_text=True)


def given(name: str) -> bool:
    """True when the user typed the option (not its default), so an option the command would ignore is refused."""
    return click.get_current_context().get_parameter_source(name) not in (None, ParameterSource.DEFAULT)


def output_folder(ctx, param, value: Path | None) -> Path | None:
    """A click callback for an option naming a folder the command writes into: a folder, or one that can be made,
    that takes writes (userfiles.writable_folder), checked before any work."""
    return value if value is None else userfiles.writable_folder(value, param.opts[0])


def run_cache(folder: Path | None, option: str) -> Path:
    """The run cache a command writes into: `option`'s folder, else $CRYPTOPPA_CACHE's; checked writable."""
    if folder is not None:
        return userfiles.writable_folder(folder, option)
    return userfiles.writable_folder(settings.current().cache, settings.cache_origin())
