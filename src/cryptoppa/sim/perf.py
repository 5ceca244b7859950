"""Throughput and read latency of an engine-interface design (cryptoppa.designs.interface), measured in Icarus Verilog.

Saturation: a generated plain-Verilog testbench loads a key, then holds in_valid and out_ready high and records
the cycle of every input and output handshake. Cycles per line is the output interval over whole dispatcher
rounds (`round_lines` lines, the N of an array: its results come in bursts, one per engine), after a warm-up
of about a third of the lines; latency is the mean number of cycles from a line's acceptance to its out_valid
over the same lines. tests/engines measures the same way in cocotb.

Read latency: lines are decrypted one at a time into an idle engine (IDLE_GAP cycles after the previous result).
It counts from the line's acceptance (the data's arrival) to its out_valid (plaintext and verdict) and, where the
engine has early ports, to early_valid (plaintext). An engine with the prefetch ports may get the line's IV as a
hint `lead` cycles before the line (the read request reaches it that long before the data); the bench is built
once and run at any lead (`+lead=N`, 0 = no hint). The flow records two: no hint, and a lead as long as the
unhinted result takes, by which every precomputation from the IV is done. Every lead in between follows from
those two (feasibility.latency.latency_at_lead; tests/engines checks it against this bench at several leads).

    python -m cryptoppa.sim.perf designs/gcm_iter -p DIGIT=16
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path

from ..catalog import (
    CYCLES, HINT_LEAD, LATENCY, READ_LATENCY, READ_LATENCY_DATA, READ_LATENCY_HINTED, READ_LATENCY_HINTED_DATA, SIM_LINES
)
from ..designs import interface
from ..designs.descriptor import Design, load, parse_param
from ..designs.sources import SV_SUFFIXES
from ..errors import CryptoppaError
from ..tools import run

DEFAULT_LINES = 12
IDLE_GAP = 100  # cycles an isolated read line waits after the previous result, so that it meets an idle engine
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


_HINT = """
      if (lead > 0) begin
        pre_valid <= 1'b1;
        pre_iv <= in_iv;
      end"""


def _testbench(top: str, params: dict[str, int], groups: tuple[str, ...], n_lines: int, max_cycles: int,
               latency: bool) -> str:
    kb, lb = (int(params.get(k, interface.WIDTH_DEFAULTS[k])) for k in ("KEY_BITS", "LINE_BYTES"))
    overrides = ", ".join(f".{k}({int(v)})" for k, v in params.items())
    inst = f"{top} #({overrides})" if overrides else top
    decls, conns = _declarations(params, groups)
    prefetch, early = "prefetch" in groups, "early" in groups
    # Saturation offers the next line as soon as one is taken. Latency offers one line at a time: IDLE_GAP cycles
    # after the previous result the hint goes out (with lead > 0) and the line `lead` cycles after it, so the
    # engine samples the hint `lead` clock edges before the line.
    offer = "phase == 2 && n_acc < N" if not latency else \
        "phase == 2 && n_acc < N && n_out == n_acc && hint_cycle >= 0 && cycle >= hint_cycle + lead"
    hint = "" if not latency else f"""
    if (phase == 2 && n_acc < N && n_out == n_acc && hint_cycle < 0 && cycle >= idle_from + {IDLE_GAP}) begin
      hint_cycle = cycle;{_HINT if prefetch else ''}
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
  integer cycle = 0, n_acc = 0, n_out = 0, phase = 0, hint_cycle = -1, idle_from = 0, lead = 0;
  initial begin
    if (!$value$plusargs("lead=%d", lead)) lead = 0;
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
    end else if (phase == 1 && !key_valid && in_ready) begin
      phase = 2;
      idle_from = cycle;
    end{hint}
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
      idle_from = cycle;
      if (n_out == N) $finish;
    end
    if (cycle > {max_cycles}) begin
      $display("TIMEOUT after %0d cycles: %0d accepted, %0d returned", cycle, n_acc, n_out);
      $finish;
    end
  end
endmodule
"""


class _Bench:
    """One compiled testbench (saturation or isolated reads) of a design, run as often as needed."""

    def __init__(self, top: str, files: list[Path], params: dict[str, int], build_dir: Path, *, n_lines: int,
                 latency: bool, include_dirs, defines, groups, timeout_s: float, max_lead: int = 0):
        self.top, self.params, self.n_lines, self.timeout_s = top, params, n_lines, timeout_s
        self.build_dir, self.name = build_dir, "latency" if latency else "perf"
        max_cycles = (2000 + (IDLE_GAP + max_lead if latency else 0)) * n_lines + 10000
        tb = build_dir / f"{self.name}_tb.v"
        tb.write_text(_testbench(top, params, tuple(groups), n_lines, max_cycles, latency))
        self.vvp = build_dir / f"{self.name}_tb.vvp"
        sv = any(Path(f).suffix in SV_SUFFIXES for f in files)
        flags = [f"-I{Path(d).resolve()}" for d in include_dirs] + [f"-D{n}={v}" if v else f"-D{n}" for n, v in defines]
        run("iverilog", ["-g2012" if sv else "-g2005", *flags, "-o", self.vvp, "-s", "perf_tb", tb, *files],
            cwd=build_dir, log=build_dir / f"{self.name}_build.log", timeout=timeout_s,
            what=f"iverilog ({top} {params})")

    def run(self, lead: int = 0) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """Cycles of each line's acceptance, result and early result (ACC, OUT and EARLY lines of the log)."""
        what = f"{self.top} {self.params}" + (f" hint lead {lead}" if lead else "")
        log = self.build_dir / (f"{self.name}.log" if not lead else f"{self.name}_lead{lead}.log")
        run("vvp", ["-n", self.vvp, f"+lead={lead}"], cwd=self.build_dir, log=log, timeout=self.timeout_s,
            what=f"{self.name} simulation of {what}")
        events: dict[str, dict[int, int]] = {"ACC": {}, "OUT": {}, "EARLY": {}}
        for ln in log.read_text().splitlines():
            parts = ln.split()
            if parts[:1] and parts[0] in events:
                events[parts[0]].setdefault(int(parts[1]), int(parts[2]))
            elif parts[:1] in (["ERROR"], ["TIMEOUT"]):
                raise PerfError(f"{what}: {ln.strip()} (log: {log})")
        acc, out, early = events["ACC"], events["OUT"], events["EARLY"]
        if len(out) != self.n_lines or len(acc) != self.n_lines:
            raise PerfError(f"{what}: {len(out)} of {self.n_lines} lines returned (log: {log})")
        return acc, out, early

    def read_latency(self, lead: int = 0) -> tuple[float, float]:
        """Mean cycles from acceptance to out_valid and to early_valid (out_valid without early ports) of the
        isolated lines after the first (which may wait for the key schedule to settle)."""
        acc, out, early = self.run(lead)
        lines = range(1, self.n_lines)
        return (sum(out[i] - acc[i] for i in lines) / len(lines),
                sum(early.get(i, out[i]) - acc[i] for i in lines) / len(lines))


def steady_window(n_lines: int, round_lines: int) -> tuple[int, int]:
    """First and last line of the steady-state window: whole rounds after about a third of the lines."""
    first = -(-max(1, n_lines // 3) // round_lines) * round_lines
    last = first + (n_lines - 1 - first) // round_lines * round_lines
    if last <= first:
        raise PerfError(f"{n_lines} lines hold no whole round of {round_lines} after warm-up; simulate more")
    return first, last


def _prepare(build_dir: Path, files) -> tuple[Path, list[Path]]:
    build_dir = Path(build_dir).resolve()  # the tools run inside it
    build_dir.mkdir(parents=True, exist_ok=True)
    return build_dir, [Path(f).resolve() for f in files]


def read_latencies(top: str, files: list[Path], params: dict[str, int], build_dir: Path, leads, *,
                   include_dirs=(), defines=(), groups=(), timeout_s: float = 600.0) -> dict[int, tuple[float, float]]:
    """Read latency (cycles to out_valid, to early_valid) of isolated decrypts at each hint lead (0: no hint), from
    one compiled bench. A lead other than 0 needs the prefetch ports."""
    if any(leads) and "prefetch" not in groups:
        raise PerfError(f"{top} has no prefetch ports: only hint lead 0 can be simulated")
    build_dir, files = _prepare(build_dir, files)
    bench = _Bench(top, files, params, build_dir, n_lines=LATENCY_LINES, latency=True, include_dirs=include_dirs,
                   defines=defines, groups=groups, timeout_s=timeout_s, max_lead=max(leads, default=0))
    return {lead: bench.read_latency(lead) for lead in leads}


def measure_engine(top: str, files: list[Path], params: dict[str, int], build_dir: Path, *,
                   n_lines: int = DEFAULT_LINES, round_lines: int = 1, include_dirs=(), defines=(), groups=(),
                   latency: bool = True, timeout_s: float = 600.0) -> dict:
    """Saturation throughput (and, with latency, unloaded read latency) of one engine configuration.

    `params` override Verilog parameters (missing ones take the RTL defaults). Returns perf__cycles_per_line,
    perf__latency_cycles, perf__sim_lines and, with latency: perf__read_latency_cycles and
    perf__read_latency_data_cycles without a hint; perf__read_latency_hint_lead_cycles, 0 without the prefetch
    ports; with them, perf__read_latency_hinted_cycles and perf__read_latency_hinted_data_cycles at that lead, as
    many cycles as the unhinted result takes (every precomputation from the IV is done by then)."""
    if n_lines < 4:
        raise PerfError("n_lines must be at least 4")
    build_dir, files = _prepare(build_dir, files)
    common = dict(include_dirs=include_dirs, defines=defines, groups=groups, timeout_s=timeout_s)
    acc, out, _ = _Bench(top, files, params, build_dir, n_lines=n_lines, latency=False, **common).run()
    first, last = steady_window(n_lines, round_lines)
    res = {CYCLES: (out[last] - out[first]) / (last - first),
           LATENCY: sum(out[i] - acc[i] for i in range(first, last + 1)) / (last - first + 1),
           SIM_LINES: n_lines}
    if not latency:
        return res
    bench = _Bench(top, files, params, build_dir, n_lines=LATENCY_LINES, latency=True, **common, max_lead=2000)
    verdict, data = bench.read_latency(0)
    res.update({READ_LATENCY: verdict, READ_LATENCY_DATA: data, HINT_LEAD: 0})
    if "prefetch" in groups:
        lead = math.ceil(verdict)
        res[HINT_LEAD] = lead
        res[READ_LATENCY_HINTED], res[READ_LATENCY_HINTED_DATA] = bench.read_latency(lead)
    return res


def measure_design(design: Design, params: dict[str, int], build_dir: Path, **options) -> dict:
    return measure_engine(design.top, list(design.files), design.resolve_params(params), build_dir,
                          include_dirs=design.include_dirs, defines=design.defines, groups=design.groups, **options)


def design_read_latencies(design: Design, params: dict[str, int], build_dir: Path, leads, **options) -> dict:
    return read_latencies(design.top, list(design.files), design.resolve_params(params), build_dir, leads,
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
