"""Reports of a results folder: Markdown + self-contained HTML with fits, feasibility, comparisons, plots.

Modules, one job each:
    load       read and classify a results folder (usable points, failures, groups, provenance)
    analysis   fits per group and their 95 % bands, feasibility per bandwidth, design comparison
    tables     display tables (headers with units, rounding of derived values)
    plots      PNG + SVG figures, deterministic
    document   blocks rendered to Markdown and HTML
    build      build_report: the whole report
    cli        the `report` click command (registered by cryptoppa.cli)
"""

from .build import build_report
from .load import load_results

__all__ = ["build_report", "load_results"]
