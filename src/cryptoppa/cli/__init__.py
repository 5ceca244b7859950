"""The `cryptoppa` command line (click). Each command is a thin shell over a library function.

Commands load lazily (click's LazyGroup pattern): `cryptoppa --help` and quick commands import only what they
use, not the report stack. A CryptoppaError anywhere below becomes one line and the exit code of its class
(cryptoppa.errors), never a traceback; so does click's own usage error (exit 2). A reader that closes the pipe
early (`cryptoppa designs | head -1`) ends the command quietly with success, as Unix tools do.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from ..errors import CryptoppaError

# name -> (module, attribute, one-line help shown by --help without importing the module)
COMMANDS = {
    "doctor": ("cryptoppa.cli.info", "doctor", "List every external tool and PDK with version, path and status."),
    "pdk": ("cryptoppa.cli.info", "pdk", "List, install and inspect PDKs."),
    "designs": ("cryptoppa.cli.info", "designs", "List the designs with their parameters."),
    "presets": ("cryptoppa.cli.info", "presets", "List the memory-bandwidth presets with their sources."),
    "run": ("cryptoppa.cli.run", "run", "Characterize one design point: synthesis, timing, power."),
    "sweep": ("cryptoppa.cli.sweep", "sweep", "Characterize every point of a sweep file."),
    "results": ("cryptoppa.cli.sweep", "results", "Print a results folder's table."),
    "cache": ("cryptoppa.cli.sweep", "cache", "Inspect and prune the run cache."),
    "feasibility": ("cryptoppa.cli.feasibility", "feasibility",
                    "Per scheme, the engines a memory's bandwidth needs: area, power, read latency."),
    "storage": ("cryptoppa.cli.feasibility", "storage", "On-chip storage of GCM vs CBC bus encryption (2008 study)."),
    "fit": ("cryptoppa.cli.feasibility", "fit", "Least-squares lines of each metric against N."),
    "report": ("cryptoppa.cli.report", "report", "Markdown + HTML report of a results folder."),
    "compare": ("cryptoppa.cli.compare", "compare", "Per-point ratios (area, fmax, power, cycles) of two results folders."),
    "publish": ("cryptoppa.cli.publish", "publish",
                "Rebuild reports/ and the generated blocks of the READMEs and docs/ from committed data."),
    "slowdown": ("cryptoppa.cli.slowdown", "slowdown", "% run-time increase of traced programs under each protection scheme."),
    "host-baseline": ("cryptoppa.cli.baselines", "host_baseline", "AES-GCM/CBC ns and cycles per byte on this CPU (OpenSSL)."),
    "core-baseline": ("cryptoppa.cli.baselines", "core_baseline", "Software AES on the RV32 cores: cycles/byte + PPA."),
}


def _one_line(text: str) -> str:
    """User text inside a message (a path, a key) may hold newlines or control characters: shown escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Failure(click.ClickException):
    """A CryptoppaError as click prints it: `Error: <one line>`, with the error class's exit code."""

    def __init__(self, err: CryptoppaError):
        super().__init__(_one_line(str(err)))
        self.exit_code = err.exit_code


def _usage_line(err: click.UsageError) -> click.ClickException:
    """click's usage error (usage, hint and message on three lines) as one line with exit code 2."""
    text = f"{err.format_message()} (see `{err.ctx.command_path} --help`)" if err.ctx else err.format_message()
    line = click.ClickException(_one_line(text))
    line.exit_code = err.exit_code
    return line


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx, name):
        if name in COMMANDS:
            module, attr, _ = COMMANDS[name]
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)

    def format_commands(self, ctx, formatter):
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except CryptoppaError as err:
            raise Failure(err) from None
        except click.UsageError as err:
            raise _usage_line(err) from None
        except BrokenPipeError:
            # Output that follows (and the interpreter's final flush) must not hit the closed pipe again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise click.exceptions.Exit(0) from None


@click.group(cls=LazyGroup)
@click.version_option(package_name="cryptoppa")
def cli():
    """Open power/performance/area characterization of memory-encryption hardware."""


def main():
    cli(prog_name="cryptoppa")
