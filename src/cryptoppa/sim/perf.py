"""Saturation throughput of an engine-interface design, measured in Icarus Verilog.

A generated plain-Verilog testbench loads a key, then holds in_valid and out_ready high and records the cycle
of every input and output handshake. Cycles per line is the steady-state output interval (the first third of
the lines is warm-up); latency is the mean number of cycles from a line's acceptance to its out_valid over the
same steady-state lines. (tests/engines/tb_common.py measures the same way in cocotb.)

    python -m cryptoppa.sim.perf designs/gcm_iter -p DIGIT=16
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import tomllib
from pathlib import Path

from ..errors import CryptoppaError
from ..tools import run


class PerfError(CryptoppaError):
    """The throughput simulation could not be built or run, or its result is unusable (one-line message)."""


WIDTH_DEFAULTS = {"KEY_BITS": 128, "LINE_BYTES": 64, "ID_BITS": 8}
DEFAULT_LINES = 12


def _design_meta(design_dir: Path) -> dict:
    toml = design_dir / "design.toml"
    if not toml.is_file():
        raise PerfError(f"{toml} not found")
    return tomllib.loads(toml.read_text())


def _testbench(top: str, params: dict[str, int], n_lines: int, decrypt: bool, max_cycles: int) -> str:
    kb, lb, idb = (int(params.get(k, WIDTH_DEFAULTS[k])) for k in ("KEY_BITS", "LINE_BYTES", "ID_BITS"))
    overrides = ", ".join(f".{k}({int(v)})" for k, v in params.items())
    inst = f"{top} #({overrides})" if overrides else top
    return f"""`timescale 1ns/1ps
module perf_tb;
  localparam N = {n_lines};
  reg clk = 1'b0, rst = 1'b1;
  always #5 clk = ~clk;
  reg key_valid = 1'b0, in_valid = 1'b0, out_ready = 1'b1, in_decrypt = 1'b{int(decrypt)};
  reg [{kb - 1}:0] key = {{({kb} / 32){{32'h9e3779b9}}}};
  reg [95:0] in_iv = 96'h0123456789abcdef01234567;
  reg [127:0] in_aad = 128'h00112233445566778899aabbccddeeff, in_tag = 128'h0;
  reg [{8 * lb - 1}:0] in_data = {{({8 * lb} / 32){{32'h5bd1e995}}}};
  reg [{idb - 1}:0] in_id = 0;
  wire key_ready, in_ready, out_valid, out_auth_fail;
  wire [{8 * lb - 1}:0] out_data;
  wire [127:0] out_tag;
  wire [{idb - 1}:0] out_id;
  {inst} dut (
    .clk(clk), .rst(rst), .key_valid(key_valid), .key_ready(key_ready), .key(key),
    .in_valid(in_valid), .in_ready(in_ready), .in_decrypt(in_decrypt), .in_iv(in_iv), .in_aad(in_aad),
    .in_data(in_data), .in_tag(in_tag), .in_id(in_id), .out_valid(out_valid), .out_ready(out_ready),
    .out_data(out_data), .out_tag(out_tag), .out_auth_fail(out_auth_fail), .out_id(out_id));
  integer cycle = 0, n_acc = 0, n_out = 0, phase = 0;
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle == 3) rst <= 1'b0;
    if (cycle == 4) key_valid <= 1'b1;
    if (phase == 0 && key_valid && key_ready && !rst) begin
      key_valid <= 1'b0;
      phase = 1;
    end else if (phase == 1 && !key_valid && in_ready) begin
      in_valid <= 1'b1;
      phase = 2;
    end
    if (in_valid && in_ready) begin
      $display("ACC %0d %0d", n_acc, cycle);
      n_acc = n_acc + 1;
      in_iv <= in_iv + 1;
      in_id <= in_id + 1;
      in_data <= {{in_data[{8 * lb - 2}:0], in_data[{8 * lb - 1}]}};
      if (n_acc == N) in_valid <= 1'b0;
    end
    if (out_valid && out_ready) begin
      if (out_id !== n_out[{idb - 1}:0]) begin
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


def measure_engine(
    design_dir: Path,
    top: str,
    files: list[Path],
    params: dict[str, int],
    build_dir: Path,
    n_lines: int = DEFAULT_LINES,
    decrypt: bool = False,
    timeout_s: float = 600.0,
) -> dict:
    """Saturation measurement of one engine configuration (encrypt lines unless `decrypt`).

    `params` are the Verilog parameters to override (missing ones take the RTL defaults); `files` are
    compiled in order, relative ones taken relative to design_dir. Returns perf__cycles_per_line, perf__latency_cycles and perf__sim_lines."""
    if shutil.which("iverilog") is None or shutil.which("vvp") is None:
        raise PerfError("Icarus Verilog (iverilog, vvp) not found on PATH")
    if n_lines < 4:
        raise PerfError("n_lines must be at least 4")
    design_dir, build_dir = Path(design_dir), Path(build_dir)
    build_dir.mkdir(parents=True, exist_ok=True)
    tb = build_dir / "perf_tb.v"
    tb.write_text(_testbench(top, params, n_lines, decrypt, max_cycles=2000 * n_lines + 10000))
    vvp = build_dir / "perf_tb.vvp"
    srcs = [str(Path(f) if Path(f).is_absolute() else design_dir / f) for f in files]
    log = build_dir / "perf.log"
    run(f"iverilog ({top} {params})", ["iverilog", "-g2005", "-o", str(vvp), "-s", "perf_tb", str(tb), *srcs],
        build_dir, build_dir / "perf_build.log", timeout_s)
    run(f"throughput simulation of {top} {params}", ["vvp", "-n", str(vvp)], build_dir, log, timeout_s)
    acc, out = {}, {}
    for ln in log.read_text().splitlines():
        parts = ln.split()
        if parts[:1] == ["ACC"]:
            acc[int(parts[1])] = int(parts[2])
        elif parts[:1] == ["OUT"]:
            out[int(parts[1])] = int(parts[2])
        elif parts[:1] in (["ERROR"], ["TIMEOUT"]):
            raise PerfError(f"{top} {params}: {ln.strip()} (log: {log})")
    if len(out) != n_lines or len(acc) != n_lines:
        raise PerfError(f"{top} {params}: {len(out)} of {n_lines} lines returned (log: {log})")
    warm = max(1, n_lines // 3)
    cpl = (out[n_lines - 1] - out[warm]) / (n_lines - 1 - warm)
    lat = sum(out[i] - acc[i] for i in range(warm, n_lines)) / (n_lines - warm)
    return {"perf__cycles_per_line": float(cpl), "perf__latency_cycles": float(lat), "perf__sim_lines": n_lines}


def _main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cryptoppa.sim.perf", description=__doc__.splitlines()[0])
    ap.add_argument("design_dir", type=Path)
    ap.add_argument("-p", "--param", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--lines", type=int, default=DEFAULT_LINES)
    ap.add_argument("--decrypt", action="store_true")
    ap.add_argument("--build-dir", type=Path)
    args = ap.parse_args(argv)
    try:
        meta = _design_meta(args.design_dir)
        d = meta["design"]
        params = {}
        for kv in args.param:
            name, sep, value = kv.partition("=")
            if not sep:
                raise PerfError(f"bad --param {kv!r}, expected NAME=VALUE")
            allowed = meta.get("params", {}).get(name, {}).get("allowed")
            if name not in meta.get("params", {}) or (allowed and int(value, 0) not in allowed):
                raise PerfError(f"parameter {name}={value} not allowed by {args.design_dir / 'design.toml'}")
            params[name] = int(value, 0)
        build = args.build_dir or Path(tempfile.mkdtemp(prefix="cryptoppa-perf-"))
        res = measure_engine(args.design_dir, d["top"], [Path(f) for f in d["files"]], params, build,
                             n_lines=args.lines, decrypt=args.decrypt)
    except CryptoppaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for k, v in res.items():
        print(f"{k} = {v:g}")
    return 0


if __name__ == "__main__":
    sys.exit(_main())
