"""`cryptoppa host-baseline` (OpenSSL on this CPU) and `cryptoppa core-baseline` (firmware on the RV32 cores)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import click
from tqdm import tqdm

from .. import limits
from ..baselines import cores as cores_mod
from ..baselines import host
from ..baselines import memory
from ..catalog import ACTIVITY_COVERAGE, ACTIVITY_POWER, AREA, CYCLES_PER_BYTE, FMAX, POWER, SRAM_AREA
from .options import Number, output_folder, run_cache


@contextlib.contextmanager
def _progress_bar(unit: str):
    """A progress callback for measure(): called after each item with the item count and what was done."""
    with tqdm(total=None, unit=unit, leave=False) as bar:
        def progress(total: int, done: str) -> None:
            bar.total = total
            bar.set_description(done)
            bar.update(1)

        yield progress


@click.command("host-baseline")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/host"), show_default=True,
              callback=output_folder)
@click.option("--features", default=",".join(host.DEFAULT_FEATURE_SETS), show_default=True,
              help="comma-separated: all (every CPU feature), aesni (AES-NI + PCLMULQDQ only), table (neither), "
                   "no-movbe (every feature but MOVBE, GCM only)")
@click.option("--key-bits", type=Number(limits.AES_KEY_BITS), default=128, show_default=True)
@click.option("--seconds", type=Number(limits.SPEED_SECONDS), default=3, show_default=True, help="per run")
@click.option("--repeats", type=Number(limits.SPEED_REPEATS), default=3, show_default=True,
              help="runs of each measurement, taken in turns: the median, and the fastest and slowest beside it")
@click.option("--cpu-mhz", type=Number(limits.CPU_MHZ),
              help="count cycles at this clock [default: the clock measured around the runs]")
def host_baseline(out, features, key_bits, seconds, repeats, cpu_mhz):
    """Measure AES-GCM (64 B, 512 B, 16 KB) and AES-CBC (1 KB, 4 KB pages) with OpenSSL on this CPU: ns per byte,
    and cycles per byte at the clock measured while it ran."""
    with _progress_bar("run") as progress:
        frame = host.measure(out, feature_sets=_csv(features), key_bits=key_bits, seconds=seconds, repeats=repeats,
                             cpu_mhz=cpu_mhz, progress=progress)
    written = json.loads((out / "host.json").read_text())
    meta, clock = written["host"], written["clock"]
    measured = (f"{clock['measured_mhz_low']:,.0f}–{clock['measured_mhz_high']:,.0f} MHz measured around the runs"
                if clock["measured_mhz_low"] else f"not measured: {clock['why_not_measured']}")
    click.echo(f"{meta['cpu_model']}: cycles at {clock['mhz']:,.0f} MHz, {clock['basis']} ({measured}; the OS "
               f"states {meta['nominal_mhz']:,.0f} MHz nominal); {meta['openssl']}")
    for title, column, digits in (("ns per byte", "ns_per_byte", 4), ("cycles per byte", CYCLES_PER_BYTE, 2)):
        table = frame.pivot_table(index=["alg", "bytes"], columns="feature_set", values=column, sort=False)
        click.echo(f"{title} (median of {repeats} runs):\n{table.round(digits).to_string()}")
    for name, verdict in {**written["mask_checks"], **clock["checks"]}.items():
        click.echo(f"check {name}: {verdict}")
    click.echo(f"written: {out / 'host_baseline.parquet'}")


def _csv(text: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in text.split(",") if x.strip())


@click.command("core-baseline")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/cores"), show_default=True,
              callback=output_folder)
@click.option("--full", is_flag=True, help="every core x firmware x key size x -O level, 16 KB GCM and CBC pages")
@click.option("--cores", help="comma-separated cores [default: rv32_mc; --full: all]")
@click.option("--variants", help="comma-separated firmware: table, ct, zk [default: table; --full: all]")
@click.option("--key-bits", type=Number(limits.AES_KEY_BITS, many=True),
              help="comma-separated AES key sizes [default: 128; --full: 128,192,256]")
@click.option("--opt", "opts", help="comma-separated -O levels [default: -O2; --full: all five]")
@click.option("--long-bytes", type=Number(limits.LONG_GCM_BYTES),
              help="long GCM buffer [default: 0 = none; --full: 16384]")
@click.option("--cbc-bytes", type=Number(limits.CBC_PAGE_BYTES, many=True),
              help="comma-separated AES-CBC page sizes in bytes [default: none; --full: 1024,4096]")
@click.option("--clock-mhz", type=Number(limits.CLOCK_MHZ), default=100.0, show_default=True)
@click.option("--energy", is_flag=True, help="also simulate each 64-byte GCM line on the gate-level netlist: "
              "annotated power and energy per byte (seconds to minutes per firmware in Verilator, plus one netlist build per core)")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_HOME/cache/runs]")
@click.option("--force", is_flag=True, help="rerun configurations already `ok` in --out (default: skip them, "
              "so a rerun resumes an interrupted run)")
def core_baseline(out, full, cores, variants, key_bits, opts, long_bytes, cbc_bytes, clock_mhz, energy, cache, force):
    """Software AES-GCM/CBC on the RV32 cores: cycles/byte in simulation, checked, plus the cores' PPA."""
    given = {k: v for k, v in {"cores": cores and _csv(cores),
                               "variants": variants and _csv(variants),
                               "key_bits": key_bits,
                               "opts": opts and _csv(opts),
                               "long_bytes": long_bytes, "cbc_bytes": cbc_bytes,
                               "clock_mhz": clock_mhz,
                               "energy": energy}.items() if v is not None}
    matrix = cores_mod.CoreMatrix.full(**given) if full else cores_mod.CoreMatrix(**given)
    cache = run_cache(cache, "--cache")
    with _progress_bar("fw") as progress:
        table = cores_mod.measure(out, matrix, cache, progress=progress, force=force)
    shown = ["option", "alg", "bytes", "status", "cycles_per_byte", "instructions_per_byte", "cpi",
             AREA, SRAM_AREA, cores_mod.TOTAL_AREA,
             FMAX, POWER, ACTIVITY_POWER, ACTIVITY_COVERAGE,
             "energy_per_byte_pj"]
    click.echo(table[[c for c in shown if c in table.columns]].to_string(index=False))
    failed = table[table.status != "ok"]
    for _, row in failed.iterrows():
        click.echo(f"failed: {row['option']}: {row['error']}", err=True)
    click.echo(f"memory: {memory.NOTE}")
    click.echo(f"written: {out / cores_mod.TABLE}")
    summary = cores_mod.write_summary(out, table)
    if summary:
        click.echo(f"written: {summary}")
