"""Checks shared by the commands' options: numeric bounds (cryptoppa.limits), options that would be ignored, and
folders a command will write into. Each fails in one line naming the option (exit 2) before any work starts."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from .. import settings, userfiles
from ..limits import Bound


def bounded(bound: Bound):
    """A click callback refusing a value outside `bound`, naming the option."""
    def check(ctx, param, value):
        return value if value is None else bound.check(value, param.opts[0])
    return check


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
