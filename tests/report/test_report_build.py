"""build_report on a synthetic array sweep (known lines) and on a real small sweep; HTML in headless Chromium."""

import dataclasses
import html as html_module
import json
import math
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from conftest import TRUTH, synthetic_frame, write_results

from cryptoppa.answers import fits as fits_mod
from cryptoppa.answers.basis import basis_of
from cryptoppa.answers.records import text
from cryptoppa.answers.results import load_results
from cryptoppa.answers.traffic import scheme_of
from cryptoppa.feasibility.metadata import Access, overhead
from cryptoppa.catalog import AREA, POWER
from cryptoppa.cli import cli
from cryptoppa.feasibility.presets import resolve_bandwidth
from cryptoppa.report.build import build_report
from cryptoppa.sweep import load, run_sweep
from support import ROOT

SYNTHETIC_STEMS = ["area_vs_n", "power_vs_n"]  # fitted lines; one scheme per design family: no schemes figure


def test_report_from_synthetic_sweep(built_report):
    synthetic_results, out = built_report
    md = (out / "report.md").read_text()
    assert (out / "report.html").exists()
    for stem in SYNTHETIC_STEMS:
        for fmt in ("png", "svg"):
            assert (out / "figures" / f"{stem}.{fmt}").stat().st_size > 1000, stem
    assert "SHA-256" in md
    headings = [line for line in md.splitlines() if line.startswith("## ")]
    assert headings[:3] == ["## Answer: ddr5-6400 (51.2 GB/s), each engine at its own fmax", "## Basis", "## Engines"]
    assert headings[-1] == "## Appendix"

    frame = load_results(synthetic_results).points
    points = md.split("### Points", 1)[1]
    for col, quantity, scale in ((AREA, "area_um2", 1), (POWER, "power_mw", 1e3), ("perf__cycles_per_line", "cycles", 1)):
        for value in frame[col]:
            assert f" {text(quantity, value * scale)} |" in points, (col, value)
    assert "synthetic error for the report test" in md

    # Engines for hbm3 (every preset: the appendix), by hand: ceil(bandwidth × (1 + the scheme's streaming metadata)
    # / (fmax × 64 B × 8 / cycles)), each engine at its own fmax.
    bits = resolve_bandwidth("hbm3").bits_per_second
    appendix = md.split("### Every engine at every memory preset", 1)[1]
    header = next(line for line in appendix.splitlines() if line.startswith("| memory"))
    row = next(line for line in appendix.splitlines() if line.startswith("| hbm3 "))
    cells = dict(zip([c.strip() for c in header.strip("|").split("|")], [c.strip() for c in row.strip("|").split("|")]))
    fmax = float(frame["timing__fmax__mhz"].iloc[0])
    for design, truth in TRUTH.items():
        per_engine = fmax * 1e6 * 64 * 8 / truth[4]
        extra = overhead(scheme_of(design), Access("streaming")).extra_traffic
        engines = math.ceil(bits * (1 + extra) / per_engine - 1e-9)
        assert cells[design].split(" · ")[0] == f"{engines:,}", (design, cells)


def test_fits_recover_known_lines(synthetic_results):
    results = load_results(synthetic_results)
    found, _ = fits_mod.fits(results, basis_of(results))
    for design, (a_s, a_i, p_s, p_i, _) in TRUTH.items():
        for metric, slope, intercept in ((AREA, a_s, a_i), (POWER, p_s, p_i)):
            fit = next(f for f in found if f.metric == metric and f.group.startswith(design)).row
            assert fit["slope_ci_low"] <= slope <= fit["slope_ci_high"], (design, metric)
            assert fit["intercept_ci_low"] <= intercept <= fit["intercept_ci_high"], (design, metric)
            assert fit["slope"] == pytest.approx(slope, rel=0.01)


def test_exact_line_and_band(tmp_path):
    frame = synthetic_frame()
    frame = frame[frame.status == "ok"].copy()
    frame[AREA] = 1234.5 * frame["n"] + 678.0
    results = load_results(write_results(tmp_path / "exact", frame))
    found, _ = fits_mod.fits(results, basis_of(results))
    fit = next(f for f in found if f.metric == AREA)
    row = {**fit.row, "x_mean": fit.x_mean}
    assert row["slope"] == pytest.approx(1234.5, rel=1e-12) and row["intercept"] == pytest.approx(678.0, rel=1e-9)
    centre, low, high = fits_mod.band(row, [1, 16, 100])
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


def test_without_perf_columns_nothing_is_answered(tmp_path):
    frame = synthetic_frame().drop(columns=["perf__cycles_per_line", "perf__latency_cycles", "param_LINE_BYTES"])
    out = tmp_path / "report"
    build_report(write_results(tmp_path / "noperf", frame), out)
    md = (out / "report.md").read_text()
    assert "No engine of these results could be answered" in md and "## Basis" in md
    assert (out / "figures/area_vs_n.svg").exists()


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
    assert layout["first"].startswith("H2 Answer: ddr5-6400"), layout


@pytest.mark.eda
def test_report_from_real_small_sweep(flexlib_home, tmp_path):
    spec = dataclasses.replace(load(ROOT / "sweeps/smoke.toml"), output=tmp_path / "smoke")
    table = run_sweep(spec, cache=tmp_path / "cache", progress=False, echo=lambda *_: None)
    out = tmp_path / "report"
    build_report(spec.output, out)
    md = (out / "report.md").read_text()
    for _, row in table[table.status.isin(["ok", "cached"])].iterrows():
        assert row.design in md and text("area_um2", row[AREA]) in md and text("power_mw", row[POWER] * 1e3) in md
    assert (out / "report.html").exists()


def test_legend_labels_keep_only_what_differs():
    from cryptoppa.report.plots import legend_labels

    a = "gcm_iter [DIGIT=16,SBOX=0] freepdk45/nom 225MHz a=0.1"
    b = "gcm_iter [DIGIT=64,SBOX=0] freepdk45/nom 225MHz a=0.1"
    assert legend_labels([a, b]) == {a: "gcm_iter DIGIT=16", b: "gcm_iter DIGIT=64"}
    assert legend_labels([a]) == {a: "gcm_iter"}
