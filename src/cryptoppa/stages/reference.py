"""The stages' settings as the docs show them, generated from the declarations (cryptoppa.stages.builtin): a
table of every setting, and the limits table's rows for the settings that have a bound."""

from __future__ import annotations

from .. import limits
from .registry import all_settings, declaring
from .setting import Setting


def where(setting: Setting) -> str:
    """The stages that read a setting, e.g. "route on asic targets"."""
    return " or ".join(f"{s.name} on {s.kind} targets" for s in declaring(setting))


def limit_rows() -> dict[str, limits.Bound]:
    """The catalog of bounds: cryptoppa.limits' BOUNDS and a row for each bounded setting, each named by the
    options and keys that take it (`run --utilization`, sweep `utilization`)."""
    return {**limits.BOUNDS, **{f"`run {s.option}`, sweep `{s.key}` (stage {where(s)})": s.bound
                                for s in all_settings() if s.bound is not None}}


def limits_table() -> str:
    return limits.markdown_table(limit_rows())


def settings_table() -> str:
    rows = ["| setting | stage | `cryptoppa run` | sweep key | default | accepted | results column |",
            "|---|---|---|---|---|---|---|"]
    for s in all_settings():
        accepted = "true or false" if s.kind is bool else f"{s.bound.expected} {s.bound.range_text()}"
        rows.append(f"| {s.name}: {s.help} | {where(s)} | `{s.option}` | `{s.key}` | {s.shown(s.default)} | "
                    f"{accepted} | `{s.column_name}` |")
    return "\n".join(rows)
