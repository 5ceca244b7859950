"""reports/flexlib/report.md is what scripts/flexlib_report.py makes of the committed CSVs (no hand-typed numbers)."""

import importlib.util

from support import ROOT


def test_flexlib_report_is_generated_from_its_data():
    spec = importlib.util.spec_from_file_location("flexlib_report", ROOT / "scripts" / "flexlib_report.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (ROOT / "reports" / "flexlib" / "report.md").read_text() == module.render()
