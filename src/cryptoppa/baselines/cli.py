"""`cryptoppa host-baseline`: AES-GCM / AES-CBC cycles per byte of the machine it runs on."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("host-baseline")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/host"), show_default=True)
@click.option("--features", default="all,aesni,table", show_default=True,
              help="comma-separated: all (every CPU feature), aesni (AES-NI + PCLMULQDQ only), table (neither)")
@click.option("--key-bits", type=click.Choice(["128", "192", "256"]), default="128", show_default=True)
@click.option("--seconds", type=click.IntRange(1, 60), default=3, show_default=True, help="per measurement")
@click.option("--cpu-mhz", type=click.FloatRange(min=1.0), help="clock for cycles/byte [default: from the OS]")
def host_baseline_command(out, features, key_bits, seconds, cpu_mhz):
    """Measure AES-GCM (64 B, 512 B, 16 KB) and AES-CBC (1 KB, 4 KB pages) with OpenSSL on this CPU."""
    import json

    from tqdm import tqdm

    from . import host

    with tqdm(total=None, unit="run", leave=False) as bar:
        def progress(total, done_what):
            bar.total = total
            bar.set_description(done_what)
            bar.update(1)

        frame = host.measure(out, feature_sets=tuple(f.strip() for f in features.split(",") if f.strip()),
                             key_bits=int(key_bits), seconds=seconds, cpu_mhz=cpu_mhz, progress=progress)
    meta = json.loads((out / "host.json").read_text())["host"]
    click.echo(f"{meta['cpu_model']} at {meta['cpu_mhz']:g} MHz ({meta['cpu_mhz_source']}); {meta['openssl']}")
    table = frame.pivot_table(index=["alg", "bytes"], columns="feature_set", values="perf__cycles_per_byte",
                              sort=False)
    click.echo("cycles per byte:")
    click.echo(table.round(2).to_string())
    for name, verdict in json.loads((out / "host.json").read_text())["mask_checks"].items():
        click.echo(f"mask {name}: {verdict}")
    click.echo(f"written: {out / 'host_baseline.parquet'}")
