"""Throughput and read latency of an engine-interface design (cryptoppa.designs.interface), measured in Icarus Verilog.

Saturation: a generated plain-Verilog testbench loads a key, then holds in_valid and out_ready high and records
the cycle of every input and output handshake. Cycles per line is the output interval over whole dispatcher
rounds (`round_lines` lines, the N of an array: its results come in bursts, one per engine), after a warm-up
of about a third of the lines; latency is the mean number of cycles from a line's acceptance to its out_valid
over the same lines. tests/engines measures the same way in cocotb.

Read latency: lines are decrypted one at a time into an idle engine. An engine with the prefetch ports gets the
line's IV as a hint PREFETCH_LEAD cycles before the line (the read request goes out that long before the data
comes back), as it is meant to be used; the latency counts from the line's acceptance (the data's arrival) to
its out_valid (plaintext and verdict) and, where the engine has early ports, to early_valid (plaintext).

    python -m cryptoppa.sim.perf designs/gcm_iter -p DIGIT=16
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from ..catalog import CYCLES, LATENCY, READ_LATENCY, READ_LATENCY_DATA, SIM_LINES
from ..designs import interface
from ..designs.descriptor import Design, load, parse_param
from ..designs.sources import SV_SUFFIXES
from ..errors import CryptoppaError
from ..tools import run

DEFAULT_LINES = 12
PREFETCH_LEAD = 100  # cycles between the read request (prefetch hint) and the data's arrival
LATENCY_LINES = 4


class PerfError(CryptoppaError):
    """The throughput simulation could not be built or run, or its result is unusable (one-line message)."""


def _declarations(params: dict[str, int], groups: tuple[str, ...]) -> tuple[list[str], str]:
    """Testbench nets for every port (inputs as regs, idle) and the named connections to the DUT."""
    decls, conns = [], []
    for p in interface.ports(groups):
        if p.name == "clk":
            conns.append(".clk(clk)")
            continue
        width = p.bits(params)
        rng = f"[{width - 1}:0] " if width > 1 else ""
        decls.append(f"  {'reg' if p.direction == 'input' else 'wire'} {rng}{p.name}"
                     f"{' = 0' if p.direction == 'input' and p.name != 'rst' else ''};")
        conns.append(f".{p.name}({p.name})")
    return decls, ", ".join(conns)


def _testbench(top: str, params: dict[str, int], groups: tuple[str, ...], n_lines: int, max_cycles: int,
               latency: bool) -> str:
    kb, lb = (int(params.get(k, interface.WIDTH_DEFAULTS[k])) for k in ("KEY_BITS", "LINE_BYTES"))
    overrides = ", ".join(f".{k}({int(v)})" for k, v in params.items())
    inst = f"{top} #({overrides})" if overrides else top
    decls, conns = _declarations(params, groups)
    prefetch, early = "prefetch" in groups, "early" in groups
    # Saturation offers the next line as soon as one is taken; latency offers one line at a time, PREFETCH_LEAD
    # cycles after its hint, and only once the engine has returned the previous one.
    offer = "phase == 2 && n_acc < N" if not latency else \
        f"phase == 2 && n_acc < N && n_out == n_acc && cycle >= hint_cycle + {PREFETCH_LEAD}"
    hint = "" if not latency else f"""
    if (phase == 2 && n_acc < N && n_out == n_acc && hint_cycle < 0 && !in_valid) begin
      hint_cycle = cycle;{'''
      pre_valid <= 1'b1;
      pre_iv <= in_iv;''' if prefetch else ''}
    end{'''
    else pre_valid <= 1'b0;''' if prefetch else ''}"""
    early_log = """
    if (early_valid) $display("EARLY %0d %0d", n_out, cycle);""" if early else ""
    return f"""`timescale 1ns/1ps
module perf_tb;
  localparam N = {n_lines};
  reg clk = 1'b0;
  always #5 clk = ~clk;
{chr(10).join(decls)}
  {inst} dut ({conns});
  integer cycle = 0, n_acc = 0, n_out = 0, phase = 0, hint_cycle = -1;
  initial begin
    rst = 1'b1; out_ready = 1'b1; in_decrypt = 1'b{int(latency)};
    key = {{({kb} / 32){{32'h9e3779b9}}}};
    in_iv = 96'h0123456789abcdef01234567;
    in_aad = 128'h00112233445566778899aabbccddeeff;
    in_data = {{({8 * lb} / 32){{32'h5bd1e995}}}};
  end
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle == 3) rst <= 1'b0;
    if (cycle == 4) key_valid <= 1'b1;
    if (phase == 0 && key_valid && key_ready && !rst) begin
      key_valid <= 1'b0;
      phase = 1;
    end else if (phase == 1 && !key_valid && in_ready) phase = 2;{hint}
    if (in_valid && in_ready) begin
      $display("ACC %0d %0d", n_acc, cycle);
      n_acc = n_acc + 1;
      hint_cycle = -1;
      in_iv <= in_iv + 1;
      in_id <= in_id + 1;
      in_data <= {{in_data[{8 * lb - 2}:0], in_data[{8 * lb - 1}]}};
      in_valid <= 1'b0;
    end
    if ((!in_valid || in_ready) && {offer}) in_valid <= 1'b1;{early_log}
    if (out_valid && out_ready) begin
      if (out_id !== n_out[{int(params.get("ID_BITS", 8)) - 1}:0]) begin
        $display("ERROR out_id %0d for line %0d", out_id, n_out);
        $finish;
      end
      $display("OUT %0d %0d", n_out, cycle);
      n_out = n_out + 1;
      if (n_out == N) $finish;
    end
    if (cycle > {max_cycles}) begin
      $display("TIMEOUT after %0d cycles: %0d accepted, %0d returned", cycle, n_acc, n_out);
      $finish;
    end
  end
endmodule
"""


def _simulate(top: str, files: list[Path], params: dict[str, int], build_dir: Path, *, n_lines: int, latency: bool,
              include_dirs, defines, groups, timeout_s: float) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Cycles of each line's acceptance, result and early result (ACC, OUT and EARLY lines of the log)."""
    name = "latency" if latency else "perf"
    tb = build_dir / f"{name}_tb.v"
    max_cycles = (2000 + (PREFETCH_LEAD if latency else 0)) * n_lines + 10000
    tb.write_text(_testbench(top, params, tuple(groups), n_lines, max_cycles, latency))
    vvp = build_dir / f"{name}_tb.vvp"
    sv = any(Path(f).suffix in SV_SUFFIXES for f in files)
    flags = [f"-I{Path(d).resolve()}" for d in include_dirs] + [f"-D{n}={v}" if v else f"-D{n}" for n, v in defines]
    run("iverilog", ["-g2012" if sv else "-g2005", *flags, "-o", vvp, "-s", "perf_tb", tb, *files],
        cwd=build_dir, log=build_dir / f"{name}_build.log", timeout=timeout_s, what=f"iverilog ({top} {params})")
    log = build_dir / f"{name}.log"
    run("vvp", ["-n", vvp], cwd=build_dir, log=log, timeout=timeout_s, what=f"{name} simulation of {top} {params}")
    events: dict[str, dict[int, int]] = {"ACC": {}, "OUT": {}, "EARLY": {}}
    for ln in log.read_text().splitlines():
        parts = ln.split()
        if parts[:1] and parts[0] in events:
            events[parts[0]].setdefault(int(parts[1]), int(parts[2]))
        elif parts[:1] in (["ERROR"], ["TIMEOUT"]):
            raise PerfError(f"{top} {params}: {ln.strip()} (log: {log})")
    acc, out, early = events["ACC"], events["OUT"], events["EARLY"]
    if len(out) != n_lines or len(acc) != n_lines:
        raise PerfError(f"{top} {params}: {len(out)} of {n_lines} lines returned (log: {log})")
    return acc, out, early


def steady_window(n_lines: int, round_lines: int) -> tuple[int, int]:
    """First and last line of the steady-state window: whole rounds after about a third of the lines."""
    first = -(-max(1, n_lines // 3) // round_lines) * round_lines
    last = first + (n_lines - 1 - first) // round_lines * round_lines
    if last <= first:
        raise PerfError(f"{n_lines} lines hold no whole round of {round_lines} after warm-up; simulate more")
    return first, last


def measure_engine(top: str, files: list[Path], params: dict[str, int], build_dir: Path, *,
                   n_lines: int = DEFAULT_LINES, round_lines: int = 1, include_dirs=(), defines=(), groups=(),
                   latency: bool = True, timeout_s: float = 600.0) -> dict:
    """Saturation throughput (and, with latency, unloaded read latency) of one engine configuration.

    `params` override Verilog parameters (missing ones take the RTL defaults). Returns perf__cycles_per_line,
    perf__latency_cycles, perf__sim_lines and perf__read_latency_cycles, perf__read_latency_data_cycles."""
    if n_lines < 4:
        raise PerfError("n_lines must be at least 4")
    build_dir = Path(build_dir).resolve()  # the tools run inside it
    build_dir.mkdir(parents=True, exist_ok=True)
    files = [Path(f).resolve() for f in files]
    common = dict(include_dirs=include_dirs, defines=defines, groups=groups, timeout_s=timeout_s)
    acc, out, _ = _simulate(top, files, params, build_dir, n_lines=n_lines, latency=False, **common)
    first, last = steady_window(n_lines, round_lines)
    res = {CYCLES: (out[last] - out[first]) / (last - first),
           LATENCY: sum(out[i] - acc[i] for i in range(first, last + 1)) / (last - first + 1),
           SIM_LINES: n_lines}
    if latency:
        acc, out, early = _simulate(top, files, params, build_dir, n_lines=LATENCY_LINES, latency=True, **common)
        lines = range(1, LATENCY_LINES)  # the first line may wait for the key schedule to settle
        res[READ_LATENCY] = sum(out[i] - acc[i] for i in lines) / len(lines)
        res[READ_LATENCY_DATA] = sum(early.get(i, out[i]) - acc[i] for i in lines) / len(lines)
    return res


def measure_design(design: Design, params: dict[str, int], build_dir: Path, **options) -> dict:
    return measure_engine(design.top, list(design.files), design.resolve_params(params), build_dir,
                          include_dirs=design.include_dirs, defines=design.defines, groups=design.groups, **options)


def _main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cryptoppa.sim.perf", description=__doc__.splitlines()[0])
    ap.add_argument("design_dir", type=Path)
    ap.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--lines", type=int, default=DEFAULT_LINES)
    ap.add_argument("--build-dir", type=Path)
    args = ap.parse_args(argv)
    try:
        design = load(args.design_dir / "design.toml")
        params = dict(parse_param(kv) for kv in args.param)
        build = args.build_dir or Path(tempfile.mkdtemp(prefix="cryptoppa-perf-"))
        res = measure_design(design, params, build, n_lines=args.lines)
    except CryptoppaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for k, v in res.items():
        print(f"{k} = {v:g}")
    return 0


if __name__ == "__main__":
    sys.exit(_main())
