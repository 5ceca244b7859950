# The two commands a fresh machine needs: `make demo` and `make test`. Both bootstrap first.
.PHONY: bootstrap demo test test-full notebook clean

bootstrap:
	@bash scripts/bootstrap.sh

# The demo ends with the answer for its own engines: what one DDR5-6400 DIMM costs in them, read latency included.
demo: bootstrap
	.venv/bin/cryptoppa sweep sweeps/demo.toml
	.venv/bin/cryptoppa results results/demo --columns label,status,synth__design__instance__area__stdcell,timing__fmax__mhz,power__total,perf__cycles_per_line
	.venv/bin/cryptoppa report results/demo --out reports/demo
	.venv/bin/cryptoppa feasibility --bandwidth ddr5-6400 --results results/demo

# Two workers: the machines this runs on have two cores.
test: bootstrap
	.venv/bin/python -m pytest -q -n 2 --dist loadgroup

test-full: bootstrap
	CRYPTOPPA_FULL=1 .venv/bin/python -m pytest -q -n 2 --dist loadgroup -m ""

# JupyterLab on the notebooks (they open the committed thesis data, or results/demo after `make demo`).
notebook: bootstrap
	.venv/bin/jupyter lab --notebook-dir=notebooks

clean:
	rm -rf runs .pytest_cache
