"""A corner's SPICE model file reduced to what the cells use: the `.model` cards of the transistor models the
netlists name whose length bin holds a length the netlists use, every width bin of them. The cards are kept as
they are (ngspice picks a bin by length and width, so a transistor finds the same card as in the full file);
anything that is not a `.model` card makes the reduction refuse, since it could be something a card needs."""

from __future__ import annotations

import re

from ...errors import CryptoppaError

RECIPE = 1  # bumped whenever the reduction changes what it keeps

_SI = {"f": 1e-15, "p": 1e-12, "n": 1e-9, "u": 1e-6, "m": 1e-3}


def _metres(text: str) -> float:
    """A SPICE length such as 0.15um, 1.5e-7 or 150n, in metres."""
    m = re.fullmatch(r"([-+0-9.eE]+)(f|p|n|u|m)?m?", text.strip().lower())
    if not m:
        raise CryptoppaError(f"unreadable SPICE length {text!r}")
    return float(m.group(1)) * _SI.get(m.group(2) or "", 1.0)


def used(netlists: list[str]) -> set[tuple[str, float]]:
    """(model, length in metres) of every MOSFET in the subcircuits."""
    found = set()
    for text in netlists:
        for line in text.splitlines():
            words = line.split()
            if words and words[0][0].upper() == "M":
                params = dict(w.split("=", 1) for w in words[6:] if "=" in w)
                found.add((words[5], round(_metres(params["l"]), 15)))
    return found


def reduce(text: str, netlists: list[str]) -> str:
    """The model file's cards that the netlists' transistors can select."""
    wanted = used(netlists)
    models = {model for model, _ in wanted}
    blocks = re.split(r"(?m)^(?=\.model\s)", text)
    if blocks[0].strip() and not all(line.startswith("*") for line in blocks[0].strip().splitlines()):
        raise CryptoppaError("the model file has statements before its first .model card")
    kept, found = [], set()
    for block in blocks[1:]:
        if any(line.strip() and line.lstrip()[0] not in "+*" for line in block.splitlines()[1:]):
            raise CryptoppaError(f"a statement other than a .model card follows {block.split()[1]}")
        name = block.split()[1]
        base = name.rsplit(".", 1)[0] if re.search(r"\.\d+$", name) else name
        if base not in models:
            continue
        bounds = dict(re.findall(r"\b(lmin|lmax)\s*=\s*([-+0-9.eE]+)", block))
        for model, length in wanted:
            if model == base and ("lmin" not in bounds or
                                  float(bounds["lmin"]) <= length * (1 + 1e-9) and length < float(bounds["lmax"])):
                kept.append(block)
                found.add((model, length))
                break
    missing = wanted - found
    if missing:
        raise CryptoppaError(f"no model card for {', '.join(f'{m} l={length:g}' for m, length in sorted(missing))}")
    return "".join(kept)
