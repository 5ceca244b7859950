"""Short names for groups: only the parameters that vary across a table, the fixed ones stated once.

A group's full name (cryptoppa.answers.results.group_label) repeats every parameter, PDK, corner, clock and activity;
a table of such names is mostly the same 100 characters on every row. Tables and legends show what tells the
rows apart, and the report states the shared part once above them.
"""

from __future__ import annotations

import textwrap


def tokens(group: str) -> list[str]:
    """'gcm_iter [DIGIT=16,SBOX=0] freepdk45/nom 225MHz a=0.1' -> design, each parameter, each trailing word."""
    head, _, rest = group.partition(" [")
    params, _, tail = rest.partition("] ")
    return [head, *[p for p in params.split(",") if p], *tail.split()]


def shared_tokens(groups: list[str]) -> list[str]:
    """The tokens (not the design) every group has, in the first group's order."""
    if not groups:
        return []
    split = [tokens(g) for g in groups]
    common = set.intersection(*(set(t[1:]) for t in split))
    return [t for t in split[0][1:] if t in common]


def short_labels(groups: list[str], width: int | None = None) -> dict[str, str]:
    """Per group: the design and only the tokens that tell it apart: not those every group shares, and not the
    parameters every group of the same design shares (optionally wrapped to ``width``)."""
    shared = set(shared_tokens(groups))
    by_design: dict[str, list[str]] = {}
    for g in groups:
        by_design.setdefault(tokens(g)[0], []).append(g)
    out = {}
    for g in groups:
        t = tokens(g)
        same_design = set(shared_tokens(by_design[t[0]])) if len(by_design[t[0]]) > 1 else set(t[1:])
        params = [x for x in t[1:] if "=" in x]  # the design's own parameters (the rest: target, clock, activity)
        text = " ".join([t[0], *[x for x in t[1:] if x not in shared and not (x in params and x in same_design)]])
        out[g] = textwrap.fill(text, width) if width else text
    return out


def fixed_text(groups: list[str]) -> str:
    """What every group has in common, for the sentence above a table ('' when nothing is shared)."""
    shared = shared_tokens(groups)
    return ", ".join(shared)


def fixed_per_design(groups: list[str]) -> str:
    """The parameters each design's groups share that are not shared by all groups (and so not in fixed_text)."""
    shared = set(shared_tokens(groups))
    by_design: dict[str, list[str]] = {}
    for g in groups:
        by_design.setdefault(tokens(g)[0], []).append(g)
    parts = []
    for design, members in by_design.items():
        own = [x for x in (shared_tokens(members) if len(members) > 1 else tokens(members[0])[1:])
               if "=" in x and x not in shared]
        if own:
            parts.append(f"{design} {' '.join(own)}")
    return "; ".join(parts)
