"""Reports of a results folder: Markdown + self-contained HTML with fits, feasibility, comparisons, plots.

Modules, one job each:
    load       read and classify a results folder (usable points, failures, groups, provenance)
    analysis   fits per group and their 95 % bands, feasibility per bandwidth, design comparison
    tables     display tables (headers with units, rounding of derived values)
    plots      PNG + SVG figures, deterministic
    document   blocks rendered to Markdown and HTML
    build      build_report: the whole report
    options    implementation options side by side (engines, RV32 software, host CPU) for a bandwidth
    design_table  the engine comparison table in designs/README.md
    generated  README and docs/ blocks written from committed data (<!-- generated: NAME -->)
    publish    reports/<name>/ rebuilt from the compact CSV data committed beside it, and --check
"""
