"""The one rule for names that reach a tool script: plain identifiers only."""

import re

from .errors import InputError

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def check_identifier(text: str, what: str) -> str:
    if not isinstance(text, str) or not IDENT.match(text):
        raise InputError(f"{what} {text!r} is not a plain identifier (letters, digits, underscore)")
    return text
