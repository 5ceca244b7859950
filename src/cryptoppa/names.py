"""The one rule for names that reach a tool script: plain identifiers only."""

import re

from . import limits
from .errors import InputError

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def check_identifier(text: str, what: str) -> str:
    if not isinstance(text, str) or not IDENT.match(text):
        raise InputError(f"{what} {text!r} is not a plain identifier (letters, digits, underscore)")
    return text


def check_library_word(text: str, what: str, glob: bool = False) -> str:
    """A name from a library that may start with a digit (5K_hvratio_1_1) and, where `glob`, hold a star
    (FILLCELL_X*)."""
    if not isinstance(text, str) or not re.fullmatch(r"[A-Za-z0-9_*]+" if glob else r"[A-Za-z0-9_]+", text):
        raise InputError(f"{what} {text!r} must be letters, digits, underscore{' or *' if glob else ''}")
    return text


def check_synthesis_point(top: str, clock_port: str, params, clock_mhz) -> None:
    """What every synthesis point (ASIC or FPGA) must hold before any of it reaches a script."""
    check_identifier(top, "top module")
    check_identifier(clock_port, "clock port")
    for name, value in params:
        check_identifier(name, "parameter name")
        if not isinstance(value, int):
            raise InputError(f"parameter {name}: value must be an integer, got {value!r}")
        limits.PARAM_VALUE.check(value, f"parameter {name}")
    limits.CLOCK_MHZ.check(clock_mhz, "clock")
