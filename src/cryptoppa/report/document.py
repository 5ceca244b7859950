"""A report as a list of blocks, rendered once to Markdown and once to self-contained HTML.

Keeping one block list for both formats means the two can never disagree on a number.  Markdown
tables reuse :func:`cryptoppa.feasibility.report_text.to_markdown`; HTML is written here, with
inline CSS and every figure embedded as an SVG data URI so the file can be mailed or archived alone
(the PNG and SVG files are also written beside it, and the Markdown links those).
"""

from __future__ import annotations

import base64
import html
import math
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..feasibility.report_text import numeric_column, to_markdown


@dataclass(frozen=True)
class Heading:
    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: list[str]


@dataclass(frozen=True)
class Table:
    frame: pd.DataFrame
    source: str  # where every number in the table comes from, printed under it


@dataclass(frozen=True)
class Figure:
    caption: str
    files: dict[str, Path] = field(default_factory=dict)  # format -> written file


Block = Heading | Paragraph | Bullets | Table | Figure


def to_markdown_text(blocks: list[Block], base: Path) -> str:
    parts = []
    for b in blocks:
        if isinstance(b, Heading):
            parts.append(f"{'#' * b.level} {b.text}")
        elif isinstance(b, Paragraph):
            parts.append(b.text)
        elif isinstance(b, Bullets):
            parts.append("\n".join(f"- {item}" for item in b.items))
        elif isinstance(b, Table):
            parts.append(to_markdown(b.frame) + f"\n\n*Source: {b.source}*")
        elif isinstance(b, Figure):
            png = b.files["png"].relative_to(base).as_posix()
            svg = b.files["svg"].relative_to(base).as_posix()
            parts.append(f"![{b.caption}]({png})\n\n*{b.caption}* ([SVG]({svg}))")
    return "\n\n".join(parts) + "\n"


_CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; margin: 2em auto; max-width: 1200px;
       padding: 0 1em; color: #1b1b1b; line-height: 1.45; }
h1 { border-bottom: 2px solid #444; padding-bottom: .2em; }
h2 { border-bottom: 1px solid #bbb; margin-top: 2em; }
.scroll { overflow-x: auto; margin: .6em 0; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; }
th { background: #f0f0f0; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr:nth-child(even) td { background: #fafafa; }
p.source { font-size: 11px; color: #555; font-style: italic; margin-top: 0; }
figure { margin: 1em 0; } figure img { max-width: 100%; border: 1px solid #ddd; }
figcaption { font-size: 12px; color: #444; }
code { background: #f3f3f3; padding: 0 3px; }
"""


def to_html_text(blocks: list[Block], title: str) -> str:
    body = []
    for b in blocks:
        if isinstance(b, Heading):
            body.append(f"<h{b.level}>{html.escape(b.text)}</h{b.level}>")
        elif isinstance(b, Paragraph):
            body.append(f"<p>{_inline(b.text)}</p>")
        elif isinstance(b, Bullets):
            body.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in b.items) + "</ul>")
        elif isinstance(b, Table):
            body.append(_table(b.frame) + f'<p class="source">Source: {_inline(b.source)}</p>')
        elif isinstance(b, Figure):
            data = base64.b64encode(b.files["svg"].read_bytes()).decode("ascii")
            body.append(f'<figure><img alt="{html.escape(b.caption)}" src="data:image/svg+xml;base64,{data}">'
                        f"<figcaption>{html.escape(b.caption)}</figcaption></figure>")
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


def _inline(text: str) -> str:
    # The only Markdown the report's prose uses is `code`; render that, escape everything else.
    pieces = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))


def _table(df: pd.DataFrame) -> str:
    numeric = [numeric_column(df[c]) for c in df.columns]
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    rows = []
    for row in df.itertuples(index=False):
        cells = "".join(f'<td class="num">{_cell(v)}</td>' if num else f"<td>{_cell(v)}</td>"
                        for v, num in zip(row, numeric))
        rows.append(f"<tr>{cells}</tr>")
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'


def _cell(value: object) -> str:
    # Same number formatting as the Markdown renderer, so both files show identical digits.
    if value is None or value is pd.NA:
        return ""
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.10g}"
    return html.escape(str(value))


def write_report(blocks: list[Block], title: str, out_dir: Path) -> Path:
    """out_dir/report.md and report.html from the same blocks; returns the HTML path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.md").write_text(to_markdown_text(blocks, out_dir), encoding="utf-8")
    html_path = out_dir / "report.html"
    html_path.write_text(to_html_text(blocks, title), encoding="utf-8")
    return html_path
