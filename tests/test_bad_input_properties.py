"""Property-based bad input (hypothesis): random bytes and random TOML into the sweep, design and file-list
readers, and every numeric option of every command, found by walking click's command tree, at inf, nan, negative,
huge, in-range and random values. Whatever comes in: no Python exception escapes, the exit code is 0 or 2 (one
`Error:` line naming the option), and a refused command wrote nothing; an option takes exactly what its bound in
the catalog (cryptoppa.stages.limit_rows) accepts.

The CLI runs in-process (click's CliRunner), so hundreds of inputs take seconds; `result.exception` would show
any exception, even one click turned into exit code 1. No example reaches a tool: sweeps run with --dry-run, `run`
stops on an input checked before any tool, and a numeric option of a command that would synthesize, simulate or
measure is checked by the command's own parser (click's make_context: every type and callback, no body). The
default suite replays a fixed set of examples; `CRYPTOPPA_FULL=1` draws ten times more, at random.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import tempfile
from pathlib import Path

import click
from click.testing import CliRunner
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st

from cryptoppa import limits, stages
from cryptoppa import settings as cryptoppa_settings
from cryptoppa.cli import cli
from cryptoppa.cli.options import Number
from cryptoppa.errors import CryptoppaError

FULL = cryptoppa_settings.current().full
EXAMPLES = settings(max_examples=400 if FULL else 40, deadline=None, database=None, derandomize=not FULL,
                    suppress_health_check=[HealthCheck.too_slow])
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)


@contextlib.contextmanager
def scratch():
    """A fresh current folder per example, with a small Verilog module in it."""
    old = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path("m.v").write_text("module m(input clk, output reg q); always @(posedge clk) q <= ~q; endmodule\n")
            yield Path(folder)
        finally:
            os.chdir(old)


def _snapshot(folder: Path) -> dict[str, float]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*")}


def check(args, folder: Path, env=None, codes=(0, 2)) -> str:
    """Invoke the CLI; assert a clean outcome; return the error line ("" on success)."""
    before = _snapshot(folder)
    result = CliRunner().invoke(cli, [str(a) for a in args], env={"CRYPTOPPA_CACHE": str(folder / "cache"),
                                                                  **(env or {})}, prog_name="cryptoppa")
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert result.exit_code in codes, (args, result.exit_code, result.output)
    # `pytest --hypothesis-show-statistics` lists how far the examples got: which check refused them, or none.
    if currently_in_test_context():
        event(re.sub(r"(/tmp/|'|\d)\S*", "", result.stderr)[:60] if result.exit_code else "accepted")
    if result.exit_code == 0:
        return ""
    # What a terminal shows: a progress bar that erased itself (\r) is gone.
    lines = [ln.rsplit("\r", 1)[-1] for ln in result.stderr.split("\n")]
    lines = [ln for ln in lines if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), (args, result.stderr)
    assert _snapshot(folder) == before, (args, "a refused command wrote")
    return lines[0]


# ------------------------------------------------------------------------------------------- TOML, by hand

def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML's escapes are JSON's, and DEL


def toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    return "{" + ", ".join(f"{_quoted(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_table(name: str, table: dict) -> str:
    return f"[{name}]\n" + "".join(f"{_quoted(k)} = {toml_value(v)}\n" for k, v in table.items())


ANY = st.recursive(st.booleans() | st.integers(-2**70, 2**70) | st.floats() | TEXT,
                   lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=3),
                   max_leaves=8)
NUMBERS = st.integers(-5, 3000) | st.floats(-1e3, 1e6) | st.floats()


def distinct(values, min_size=1, max_size=3):
    return st.lists(values, min_size=min_size, max_size=max_size, unique=True)


def bad(*values):
    """A value that breaks a key: one of these, or anything at all."""
    return st.sampled_from(values) | ANY if values else ANY


# A file is drawn well-formed, then 0 to 2 of its keys are replaced by bad values: most examples get past the
# first checks, and every check meets bad values.
SWEEP_GOOD = {
    "name": st.sampled_from(["s", "a-b"]),
    "output": st.just("out"),
    "designs": distinct(st.sampled_from(["counter", "xor_tree", "gcm_iter"]), max_size=2),
    "pdks": distinct(st.sampled_from(["freepdk45", "freepdk45_char"])),
    "clocks_mhz": distinct(st.integers(1, 2000) | st.floats(1, 1e5)),
    "n": distinct(st.integers(1, 8)),
    "targets": distinct(st.sampled_from(["freepdk45/slow", "xc7", "ecp5-25k"])),
    "seeds": distinct(st.integers(0, 5)),
    "corners": distinct(st.sampled_from(["nom", "slow", "fast"])),
    "activity": st.floats(0, 2),
    "activity_modes": distinct(st.sampled_from(["vectorless", "sim:random"])),
    "jobs": st.integers(1, 8),
    "array_mode": st.sampled_from(["composed", "flat"]),
    "stage": st.sampled_from(["synth", "route"]),
    "include_dirs": st.just(["."]),
    "defines": distinct(st.sampled_from(["X", "Y=1"])),
    "max_points": st.integers(1, 10**6),
    "utilization": distinct(st.sampled_from([0.5, 0.7, 0.9])),
    "wire_load": distinct(st.booleans()),
}
SWEEP_BAD = {
    "name": bad("bad name", ""), "output": bad("m.v", "m.v/below", ""), "designs": bad(["nosuch"], []),
    "pdks": bad(["sky"]), "clocks_mhz": bad([0], [1e9], [225, 225.0], [225.0001, 225.0002]),
    "n": bad([0], [1, 1], [5000]), "targets": bad(["bad/x"], ["freepdk45", "freepdk45/nom"]),
    "seeds": bad([-1], [2**40]), "corners": bad(["hot"]), "activity": bad(3, -1), "jobs": bad(0, 1000),
    "activity_modes": bad(["random"], ["sim:saturated"]), "array_mode": bad("x"), "stage": bad("x"),
    "include_dirs": bad(["nosuch"], ["m.v"]), "defines": bad(["bad name"]), "max_points": bad(0),
    "utilization": bad([0.05], [1.2], [0.5, 0.5], "x"), "wire_load": bad(["no"], []),
}
GRIDS = {"counter": ("WIDTH", [4, 8, 16, 32, 64]), "xor_tree": ("LANES", [1, 2, 4]), "gcm_iter": ("DIGIT", [8, 16])}


@st.composite
def sweep_files(draw) -> str:
    table = {k: draw(SWEEP_GOOD[k]) for k in ("name", "output", "designs", "pdks", "clocks_mhz")}
    for key in draw(st.lists(st.sampled_from(sorted(SWEEP_GOOD)[5:]), unique=True, max_size=3)):
        table[key] = draw(SWEEP_GOOD[key])
    grids = {d: {GRIDS[d][0]: draw(distinct(st.sampled_from(GRIDS[d][1])))}
             for d in draw(st.lists(st.sampled_from(sorted(GRIDS)), unique=True, max_size=2))}
    for key in draw(st.lists(st.sampled_from([*sorted(SWEEP_BAD), "colour", "params"]), unique=True, max_size=2)):
        if key == "params":
            grids[draw(st.sampled_from([*GRIDS, "x"]))] = {draw(st.sampled_from(["WIDTH", "NOPE"])): draw(bad(
                [5], [-4], [], [8, 8]))}
        else:
            table[key] = draw(SWEEP_BAD.get(key, ANY))
    return toml_table("sweep", table) + "".join(toml_table(f"params.{d}", g) for d, g in grids.items())


DESIGN_GOOD = {
    "top": st.just("m"), "files": st.sampled_from([["m.v"], ["../m.v"]]), "include_dirs": st.just(["."]),
    "defines": distinct(st.sampled_from(["X", "Y=1"])), "clock": st.just("clk"), "reset": st.sampled_from(["rst", ""]),
    "interface": st.sampled_from(["engine", "core", "block"]), "prefetch": st.booleans(), "description": TEXT,
}
DESIGN_BAD = {"top": bad("9bad", ""), "files": bad(["nosuch.v"], ["."], []), "include_dirs": bad(["nosuch"]),
              "defines": bad(["bad name"]), "clock": bad("bad port"), "interface": bad("x")}


@st.composite
def design_files(draw) -> str:
    table = {k: draw(DESIGN_GOOD[k]) for k in ("top", "files")}
    for key in draw(st.lists(st.sampled_from(sorted(DESIGN_GOOD)), unique=True, max_size=3)):
        table[key] = draw(DESIGN_GOOD[key])
    params = {"W": {"default": 8, "allowed": [4, 8], "doc": "width"}}
    verify = {}
    for key in draw(st.lists(st.sampled_from([*sorted(DESIGN_GOOD), "colour", "params", "verify"]), unique=True,
                             max_size=2)):
        if key == "params":
            params[draw(st.sampled_from(["W", "9x"]))] = draw(st.fixed_dictionaries({}, optional={
                "default": bad(-1, 2**40, 8.0), "allowed": bad([-4], [1.5]), "doc": ANY, "other": ANY}))
        elif key == "verify":
            verify = draw(st.fixed_dictionaries({}, optional={"reference": bad("nosuch.py", "m.v"), "ci": ANY}))
        else:
            table[key] = draw(DESIGN_BAD.get(key, ANY))
    return (toml_table("design", table) + "".join(toml_table(f"params.{n}", p) for n, p in params.items())
            + (toml_table("verify", verify) if verify else ""))

# ------------------------------------------------------------------------------------------- the readers

@EXAMPLES
@given(st.binary(max_size=300) | sweep_files().map(str.encode))
def test_sweep_files(data):
    with scratch() as folder:
        Path("s.toml").write_bytes(data)
        check(["sweep", "s.toml", "--dry-run"], folder)


@EXAMPLES
@given(st.binary(max_size=300) | design_files().map(str.encode))
def test_design_files(data):
    with scratch() as folder:
        Path("mine").mkdir()
        Path("mine/m.v").write_text(Path("m.v").read_text())
        Path("mine/design.toml").write_bytes(data)
        check(["designs"], folder, env={"CRYPTOPPA_DESIGN_PATH": str(folder)})


LIST_TOKENS = ["m.v", "+incdir+.", "+incdir+nosuch", "+define+X=1", "+define+bad name", "-I", ".", "-D", "Y",
               "-f", "list.f", "-F", "other.f", "-x", "nosuch.v", "//", "#", "+foo+", "\n"]


@EXAMPLES
@given(st.binary(max_size=200) | st.lists(st.sampled_from(LIST_TOKENS), max_size=8).map(" ".join).map(str.encode))
def test_file_lists(data):
    with scratch() as folder:
        Path("list.f").write_bytes(data)
        # A list the reader accepts still stops at the clock port, before any tool.
        check(["run", "-f", "list.f", "--top", "m", "--clock-port", "9", "--runs", "runs"], folder, codes=(2,))


# ------------------------------------------------------------------------------------------- numeric options
# Every numeric option of every command, found by walking click's command tree: an option added tomorrow is covered
# without editing this file. Each must take its bound from the catalog (cryptoppa.stages.limit_rows, the docs'
# limits table) and hold to it: a value the bound accepts is taken by the command's parser, any other (inf, nan,
# negative, huge, no number) is refused in one line naming the option, exit 2, before any work.


def _commands(command=cli, path=("cryptoppa",)):
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path[-1])
        for name in command.list_commands(ctx):
            yield from _commands(command.get_command(ctx, name), (*path, name))
    else:
        yield path, command


COMMANDS = dict(_commands())
PARAMS = [(path, param) for path, command in COMMANDS.items() for param in command.params]
NUMERIC = [(path, param) for path, param in PARAMS if isinstance(param.type, Number)]
# Commands that finish in-process: an accepted value runs them to the end (success, or a clean refusal of a
# combination); feasibility takes a second a run, so in the full tier (test_feasibility_numbers runs it by default).
# The others synthesize, simulate or measure: their parser's acceptance is checked.
RUN_TO_END = {("cryptoppa", "storage"): [], **({("cryptoppa", "feasibility"): ["--bandwidth", "25.6GB/s"]} if FULL else {})}


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _integer(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _name(path, param) -> str:
    return f"`{' '.join(path[1:])} {param.opts[0]}`"


def _unchecked_number(param) -> bool:
    """A number no bound checks: click's INT/FLOAT (or a range of its own), a choice of numbers, or text whose
    default is numbers."""
    if isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType)):
        return True
    if isinstance(param.type, click.Choice):
        return all(_number(str(c)) is not None for c in param.type.choices)
    default = param.default if isinstance(param.default, str) else ""
    return param.type is click.STRING and bool(default) and all(_number(x) is not None for x in default.split(","))


def test_every_numeric_option_has_a_bound_in_the_catalog():
    assert len(NUMERIC) >= 30, "the walk found too few numeric options: is the command tree walked?"
    rows = stages.limit_rows()
    for path, param in PARAMS:
        name = _name(path, param)
        assert not _unchecked_number(param), f"{name} takes a number unchecked: give it type=Number(<a catalog bound>)"
        if isinstance(param.type, Number):
            named = [row for row, bound in rows.items() if bound is param.type.bound and name in row]
            assert named, f"{name}: its bound is in no row of the catalog that names it (cryptoppa.limits.BOUNDS)"


def _accepts(param, text: str) -> bool:
    """Whether the catalog's bound takes `text` (each of a comma-separated list, if the option takes one), read as
    a number of the bound's unit, independently of the option's type."""
    if not param.type.many:
        return _accepts_one(param.type, text.strip())
    items = [x.strip() for x in text.split(",") if x.strip()]
    return bool(items) and all(_accepts_one(param.type, x) for x in items)


def _accepts_one(kind: Number, text: str) -> bool:
    if any(text == w or (w.endswith(":") and text.startswith(w)) for w in kind.words):
        return True
    if kind.read:  # a quantity with its unit: read by the library's reader (a bandwidth, a size)
        try:
            return kind.bound.accepts(kind.read(text))
        except ValueError:
            return False
    number = _number(text)
    if number is not None and kind.bound.integer and number.is_integer():
        number = _integer(text) if _integer(text) is not None else int(number)
    return number is not None and kind.bound.accepts(number)


def _parses(path, args) -> bool:
    """Whether the command's own parser (types and callbacks, no command body) takes args."""
    ctx = click.Context(cli, info_name=path[0])
    for name in path[1:-1]:
        ctx = click.Context(ctx.command.get_command(ctx, name), info_name=name, parent=ctx)
    try:
        with ctx:
            COMMANDS[path].make_context(path[-1], list(args), parent=ctx)
    except (click.ClickException, CryptoppaError):
        return False
    return True


def _try(path, param, text: str, to_end: bool = True) -> None:
    option = param.opts[0]
    required = [a for p in COMMANDS[path].params if isinstance(p, click.Argument) and p.required for a in ["."]]
    args = [*required, option, text]
    accepted = _accepts(param, text)
    with scratch() as folder:
        assert _parses(path, args) == accepted, (_name(path, param), text, "accepted" if accepted else "refused")
        if not accepted:
            line = check([*path[1:], *args], folder, codes=(2,))
            assert option in line, line
        elif to_end and path in RUN_TO_END:
            extra = [x for x in RUN_TO_END[path] if option not in RUN_TO_END[path]]
            check([*path[1:], *args, *extra], folder)


def _written(value: float, unit: str) -> str:
    text = str(int(value)) if float(value).is_integer() and abs(value) < 1e18 else repr(float(value))
    return text + unit


def _edges(kind: Number) -> list[str]:
    """inf, nan, negative, huge, no number, the bound's ends and just beyond them, its middle, and the words."""
    b = kind.bound
    beyond = b.step or (1 if b.integer else max(abs(b.high) * 1e-6, 1e-9))
    numbers = [b.low, b.high, (b.low + b.high) / 2, b.low - beyond, b.high + beyond, -1, 0, 1e300, 2**70]
    texts = [_written(x, kind.unit) for x in numbers]
    texts += [f"{x}{kind.unit}" for x in ("inf", "-inf", "nan", "1e400", "-0x1", "")] + ["x", "1 2", *kind.words]
    if kind.many:
        texts += [f"{_written(b.low, kind.unit)},{t}" for t in texts[:6]]
    return texts


def test_every_numeric_option_refuses_inf_nan_and_out_of_range_values():
    for path, param in NUMERIC:
        for i, text in enumerate(_edges(param.type)):
            _try(path, param, text, to_end=i == 2)  # the bound's middle runs to the end (a second each)


@st.composite
def _values(draw) -> tuple:
    path, param = draw(st.sampled_from(NUMERIC))
    b, unit = param.type.bound, param.type.unit
    number = draw(st.floats() | st.integers(-2**70, 2**70) | st.floats(b.low - 1, b.high * 1.001 + 1)
                  | st.integers(int(b.low) - 2, int(min(b.high, 2**40)) + 2))
    text = draw(st.sampled_from([_written(number, unit) if math.isfinite(number) else f"{number}{unit}",
                                 str(number), *param.type.words]) | TEXT)
    return path, param, text


@EXAMPLES
@given(_values())
def test_numeric_options_at_random(drawn):
    _try(*drawn)


VALUES = (st.integers(-2**40, 2**40) | st.floats() | st.floats(-10, 2e5) | TEXT).map(str)


@EXAMPLES
@given(VALUES)
def test_parameter_values(value):
    with scratch() as folder:
        line = check(["run", "--design", "counter", "--pdk", "nosuch", "--param", f"WIDTH={value}"], folder,
                     codes=(2,))
    literal = re.fullmatch(r"-?(0x[0-9a-fA-F]+|[0-9]+)", value.strip())  # the documented literal: 16 or 0x10
    number = int(value.strip(), 16 if "x" in value else 10) if literal else None
    assert ("unknown PDK" in line) == (number is not None and limits.PARAM_VALUE.accepts(number)), line


@EXAMPLES
@given(st.dictionaries(st.sampled_from(["--efficiency", "--count", "--hit-rate", "--bandwidth"]),
                       VALUES | st.builds("{}{}".format, st.floats(0, 1e20) | st.integers(0, 10**20),
                                          st.sampled_from(["GB/s", "Gb/s", "TiB/s", "PB/s", "bps", " kB/s", ""])),
                       min_size=1))
def test_feasibility_numbers(options):
    options.setdefault("--bandwidth", "25.6GB/s")
    with scratch() as folder:
        check(["feasibility", *(x for kv in options.items() for x in kv)], folder)
