"""build_report on a synthetic array sweep (known lines) and on a real small sweep; HTML in headless Chromium."""

import dataclasses
import html as html_module
import json
import math
import re
import shutil
import subprocess

import pandas as pd
import pytest
from click.testing import CliRunner
from conftest import CLOCK_MHZ, TRUTH, synthetic_frame, write_results

from cryptoppa.feasibility.presets import resolve_bandwidth
from cryptoppa.report import analysis
from cryptoppa.report.build import build_report
from cryptoppa.report.load import load_results
from cryptoppa.report.build import FIGURE_STEMS
from cryptoppa.cli import cli
from cryptoppa.catalog import AREA, POWER
from cryptoppa.report.traffic import scheme_traffic
from cryptoppa.sweep import load, run_sweep
from support import ROOT


# The schemes figure needs engines of two memory-protection schemes' families, which the synthetic sweep lacks.
SYNTHETIC_STEMS = list(FIGURE_STEMS)  # one scheme only: no schemes figure


def _fmt(v: float) -> str:
    return f"{float(f'{v:.4g}'):.10g}"  # the points table's 4 significant digits, as the renderers print them


def test_report_from_synthetic_sweep(built_report):
    synthetic_results, out = built_report
    html = out / "report.html"
    md = (out / "report.md").read_text()
    assert html.exists()
    for stem in SYNTHETIC_STEMS:
        for fmt in ("png", "svg"):
            assert (out / "figures" / f"{stem}.{fmt}").stat().st_size > 1000, stem
    assert str(synthetic_results.resolve()) in md and "SHA-256" in md

    frame = pd.read_parquet(synthetic_results / "results.parquet")
    ok = frame[frame.status == "ok"]
    points = md.split("### Points", 1)[1]
    for col, scale in ((AREA, 1), (POWER, 1e3), ("synth__design__instance__count", 1), ("perf__cycles_per_line", 1)):
        for value in ok[col]:
            assert f" {_fmt(value * scale)} |" in points, (col, value)
    failed = frame[frame.status == "failed"].iloc[0]
    assert failed.label in md and failed.error in md

    # Engines for one preset (the appendix, every preset), recomputed by hand from the input:
    # ceil(bandwidth x (1 + the scheme's streaming metadata traffic) / (clock x 64 B x 8 / cycles)).
    bits = resolve_bandwidth("hbm3").bits_per_second
    appendix = md.split("### Every bandwidth preset", 1)[1]
    header = next(line for line in appendix.splitlines() if line.startswith("| preset"))
    row = next(line for line in appendix.splitlines() if line.startswith("| hbm3 "))
    cells = dict(zip([c.strip() for c in header.strip("|").split("|")], [c.strip() for c in row.strip("|").split("|")]))
    for design, truth in TRUTH.items():
        per_engine = CLOCK_MHZ * 1e6 * 64 * 8 / truth[4]
        engines = math.ceil(bits * (1 + scheme_traffic(design)[0]) / per_engine - 1e-9)
        assert cells[design].split(" · ")[0] == str(engines), (design, cells)


def test_fits_recover_known_lines(synthetic_results):
    results = load_results(synthetic_results)
    fits = analysis.group_fits(results)
    for design, (a_s, a_i, p_s, p_i, _) in TRUTH.items():
        for metric, slope, intercept in ((AREA, a_s, a_i), (POWER, p_s, p_i)):
            fit = fits[(fits.metric == metric) & fits.group.str.startswith(design)].iloc[0]
            assert fit.slope_ci_low <= slope <= fit.slope_ci_high, (design, metric)
            assert fit.intercept_ci_low <= intercept <= fit.intercept_ci_high, (design, metric)
            assert fit.slope == pytest.approx(slope, rel=0.01)


def test_exact_line_and_band(tmp_path):
    frame = synthetic_frame()
    frame = frame[frame.status == "ok"].copy()
    frame[AREA] = 1234.5 * frame["n"] + 678.0
    results = load_results(write_results(tmp_path / "exact", frame))
    fit = analysis.group_fits(results).query("metric == @AREA").iloc[0]
    assert fit.slope == pytest.approx(1234.5, rel=1e-12) and fit.intercept == pytest.approx(678.0, rel=1e-9)
    centre, low, high = analysis.band(fit, [1, 16, 100])
    assert centre == pytest.approx([1912.5, 20430.0, 124128.0])
    assert high - low == pytest.approx([0, 0, 0], abs=1e-6)


def test_deterministic_output(built_report, tmp_path):
    synthetic_results, first = built_report
    second = tmp_path / "b"
    build_report(synthetic_results, second)
    files = sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert len(files) == 2 + 2 * len(SYNTHETIC_STEMS)
    for rel in files:
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), rel


def test_without_perf_columns_feasibility_is_skipped(tmp_path):
    frame = synthetic_frame().drop(columns=["perf__cycles_per_line", "perf__latency_cycles", "param_LINE_BYTES"])
    out = tmp_path / "report"
    build_report(write_results(tmp_path / "noperf", frame), out)
    md = (out / "report.md").read_text()
    assert "No engine with a simulated throughput in these results" in md and "## Basis" in md
    assert (out / "figures/area_vs_n.svg").exists()
    assert not (out / "figures/feasibility_vs_bandwidth.svg").exists()
    assert "Paper mode" not in md  # the studies' arithmetic is the reference report's (reports/reference/)


def test_cli_default_out(synthetic_results, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["report", str(synthetic_results), "--bandwidth", "ddr5-4800"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "reports" / synthetic_results.name / "report.html").exists()
    bad = CliRunner().invoke(cli, ["report", str(synthetic_results), "--out", "x", "--bandwidth", "nosuch"])
    assert bad.exit_code == 2 and "cannot parse bandwidth 'nosuch'" in bad.output


# Injected into a copy of the report: measures the page as laid out at 1280 px and writes the result into the DOM,
# which --dump-dom returns (the report itself has no script).
_LAYOUT_CHECK = """<script>
window.addEventListener('load', () => {
  const page = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('table')]
    .filter(t => t.getBoundingClientRect().right > page + 1 || t.scrollWidth > t.parentElement.clientWidth + 1)
    .map(t => t.rows[0].innerText.slice(0, 60));
  const broken = [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt);
  const first = document.querySelector('h1').nextElementSibling;
  const out = document.createElement('pre');
  out.id = 'layout-check';
  out.textContent = JSON.stringify({page, wide, broken, images: document.images.length,
                                    first: first.tagName + ' ' + first.textContent});
  document.body.appendChild(out);
});
</script>"""


def _chromium(exe, tmp_path, *args):
    return subprocess.run(
        [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}",
         "--enable-logging=stderr", "--v=0", "--window-size=1280,2000", *args],
        capture_output=True, text=True, timeout=120)


def test_html_renders_in_headless_chromium(built_report, tmp_path):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium not installed (Debian: apt-get install -y chromium; add it to bootstrap's apt list)")
    html = built_report[1] / "report.html"
    shot = tmp_path / "screenshot.png"
    proc = _chromium(exe, tmp_path, f"--screenshot={shot}", html.as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    # The page has no script, so any console message (JS error, failed resource) is a defect.
    console = [line for line in proc.stderr.splitlines() if ":CONSOLE" in line]
    assert not console, console
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one

    checked = tmp_path / "checked.html"  # self-contained (figures are data URIs), so it can live anywhere
    checked.write_text(html.read_text().replace("</body>", _LAYOUT_CHECK + "</body>"))
    proc = _chromium(exe, tmp_path, "--virtual-time-budget=5000", "--dump-dom", checked.as_uri())
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = re.search(r'<pre id="layout-check">(.*?)</pre>', proc.stdout, re.S)
    assert found, proc.stdout[-2000:]
    layout = json.loads(html_module.unescape(found.group(1)))
    assert layout["page"] <= 1280 and layout["images"] == len(SYNTHETIC_STEMS)
    assert layout["broken"] == [], layout
    assert layout["wide"] == [], layout  # no table needs horizontal scrolling at 1280 px
    assert layout["first"].startswith("H2 Answer: what 25.6 GB/s of memory bandwidth costs"), layout


@pytest.mark.eda
def test_report_from_real_small_sweep(flexlib_home, tmp_path):
    spec = dataclasses.replace(load(ROOT / "sweeps/smoke.toml"), output=tmp_path / "smoke")
    table = run_sweep(spec, cache=tmp_path / "cache", progress=False, echo=lambda *_: None)
    out = tmp_path / "report"
    build_report(spec.output, out)
    md = (out / "report.md").read_text()
    for _, row in table[table.status.isin(["ok", "cached"])].iterrows():
        assert row.design in md and _fmt(row[AREA]) in md and _fmt(row[POWER] * 1e3) in md
    assert "No group has two or more distinct N" in md and "Skipped" in md
    assert (out / "report.html").exists()


def test_legend_labels_keep_only_what_differs():
    from cryptoppa.report.plots import legend_labels

    a = "gcm_iter [DIGIT=16,SBOX=0] freepdk45/nom 225MHz a=0.1"
    b = "gcm_iter [DIGIT=64,SBOX=0] freepdk45/nom 225MHz a=0.1"
    assert legend_labels([a, b]) == {a: "gcm_iter DIGIT=16", b: "gcm_iter DIGIT=64"}
    assert legend_labels([a]) == {a: "gcm_iter"}


def test_activity_comparison_lines_up_modes_of_one_netlist(tmp_path):
    import pandas as pd

    from cryptoppa.report import analysis
    from cryptoppa.report.load import load_results

    base = {"sweep": "s", "design": "eng", "n": 1, "pdk": "freepdk45", "corner": "nom", "clock_mhz": 225.0,
            "activity": 0.1, "status": "ok", "param_DIGIT": 16, "power__internal__total": 0.03,
            "power__switching__total": 0.01, "power__leakage__total": 0.001}
    rows = [{**base, "label": "eng [DIGIT=16] x", "activity_mode": "vectorless", "power__total": 0.040},
            {**base, "label": "eng [DIGIT=16] x sim:idle", "activity_mode": "sim:idle", "power__total": 0.010,
             "power__activity__coverage": 1.0},
            {**base, "label": "eng [DIGIT=16] x sim:saturated", "activity_mode": "sim:saturated",
             "power__total": 0.034, "power__activity__coverage": 0.98, "power__energy_per_byte": 180.0}]
    pd.DataFrame(rows).to_parquet(tmp_path / "results.parquet")
    table = analysis.activity_comparison(load_results(tmp_path)).set_index("activity")
    assert table.loc["sim:idle", "ratio_to_vectorless"] == pytest.approx(0.25)
    assert table.loc["sim:saturated", "ratio_to_vectorless"] == pytest.approx(0.85)
    assert table.loc["vectorless", "ratio_to_vectorless"] == pytest.approx(1.0)
    assert len(set(table["configuration"])) == 1
