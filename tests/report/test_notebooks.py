"""Both notebooks run top to bottom (nbclient) against a generated results folder, and are stored without outputs."""

import pytest
from conftest import synthetic_frame, write_results

from support import ROOT

nbformat = pytest.importorskip("nbformat", reason="needs nbformat, nbclient and ipykernel in .venv")
nbclient = pytest.importorskip("nbclient", reason="needs nbformat, nbclient and ipykernel in .venv")
pytest.importorskip("ipykernel", reason="needs ipykernel in .venv")

# One xdist worker runs every notebook (make test: --dist loadgroup): two Jupyter kernels starting at once
# stalled for minutes in CI runs.
pytestmark = pytest.mark.xdist_group("notebooks")

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
NAMES = ["feasibility_explorer.ipynb", "owen2013_vs_cryptoppa.ipynb"]


def execute(path, results, monkeypatch):
    monkeypatch.setenv("CRYPTOPPA_RESULTS", str(results))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()  # raises CellExecutionError, naming the cell, on any exception
    return nb


def outputs_text(nb) -> str:
    texts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            texts.append(out.get("text", "") + str(out.get("data", {}).get("text/plain", "")))
    return "\n".join(texts)


def test_notebooks_present_and_stripped():
    assert [p.name for p in NOTEBOOKS] == NAMES
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        nbformat.validate(nb)
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert code and all(not c.outputs and c.execution_count is None for c in code), path.name
        assert any("CRYPTOPPA_RESULTS" in c.source for c in code), path.name


@pytest.mark.full  # the committed-data run below covers the same cells
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_on_synthetic_array_sweep(name, tmp_path, monkeypatch):
    results = write_results(tmp_path / "synthetic-array", synthetic_frame())
    nb = execute(ROOT / "notebooks" / name, results, monkeypatch)
    text = outputs_text(nb)
    assert str(results) in text and "perf columns: yes" in text
    assert "Figure" in text or any("image/png" in o.get("data", {}) for c in nb.cells for o in c.get("outputs", []))
    if name == "feasibility_explorer.ipynb":
        # The live controls exist and drive the answer table (the notebook changes one as a click would).
        assert "controls update the answer: engines at efficiency 1.0" in text
        assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                   for c in nb.cells for o in c.get("outputs", []))


# The explorer (widgets, every scheme, minutes of kernel time) runs in the full tier.
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.full if n == "feasibility_explorer.ipynb" else ())
                                  for n in NAMES])
def test_notebooks_open_the_committed_thesis_data_by_default(name, monkeypatch):
    monkeypatch.delenv("CRYPTOPPA_RESULTS", raising=False)
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(ROOT / "notebooks")}}).execute()
    text = outputs_text(nb)
    assert "reports/thesis/data/results.csv" in text and "perf columns: yes" in text, name
    if name == "feasibility_explorer.ipynb":  # the controls, and the schemes on the committed design data
        assert "controls update the answer: engines at efficiency 1.0" in text
        assert "ctr-mac-tree" in text and "JEDEC" in text
