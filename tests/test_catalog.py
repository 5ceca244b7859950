"""The metric catalog is the one place metric names live (issue 29 item 5)."""

import ast
import re
from pathlib import Path

import pandas as pd
import pytest

from cryptoppa import catalog, metrics

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "cryptoppa"
_TOKEN = re.compile(r"[a-z][a-z0-9]*(?:__[a-z0-9_]+)+")


def _strings(tree: ast.AST):
    """String constants of a module that are not docstrings, f-string parts included."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node


def test_no_metric_name_literal_outside_the_catalog():
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.name == "catalog.py":
            continue
        for node in _strings(ast.parse(path.read_text())):
            for token in _TOKEN.findall(node.value):
                if catalog.spec(token) is not None:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {token}")
    assert not found, "metric names written as literals (use cryptoppa.catalog):\n" + "\n".join(found)


def test_every_published_column_is_a_catalog_metric():
    tables = sorted(ROOT.glob("reports/*/data/*.csv")) + sorted((ROOT / "tests/report/data").rglob("*.csv"))
    assert tables
    unknown = {str(path.relative_to(ROOT)): catalog.unknown(pd.read_csv(path, nrows=0).columns) for path in tables}
    assert not {k: v for k, v in unknown.items() if v}


def test_families_and_routed_counterparts_resolve():
    assert catalog.spec(catalog.routed(catalog.FMAX)).unit == "MHz"
    assert catalog.spec(catalog.runtime("synth_map")).unit == "s"
    assert catalog.spec(catalog.wirelength("metal3")).unit == "um"
    assert catalog.spec("timing__fmax__mhz__typo") is None
    assert catalog.unknown(["label", "param_WIDTH", catalog.AREA, "power__totl"]) == ["power__totl"]


def test_a_step_cannot_write_an_unknown_metric(tmp_path):
    with pytest.raises(ValueError, match="power__totl"):
        metrics.write(tmp_path, {"power__totl": metrics.Metric(1.0, "W", "x", "y")})
    metrics.write(tmp_path, {catalog.POWER: metrics.Metric(1.0, "W", "x", "y")})
    assert metrics.read(tmp_path)[catalog.POWER].value == 1.0


def test_the_documented_table_is_the_catalog():
    page = (ROOT / "docs" / "reference" / "metrics.md").read_text()
    assert catalog.markdown_table() in page
