# The two commands a fresh machine needs: `make demo` and `make test`. Both bootstrap first.
.PHONY: bootstrap demo test test-full clean

bootstrap:
	@bash scripts/bootstrap.sh

demo: bootstrap
	.venv/bin/cryptoppa run --design counter --pdk freepdk45 --corner nom --clock-mhz 225

test: bootstrap
	.venv/bin/python -m pytest -q

test-full: bootstrap
	.venv/bin/python -m pytest -q -m ""

clean:
	rm -rf runs .pytest_cache
