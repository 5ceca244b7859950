"""N-instance engine arrays: N copies of one engine behind designs/array/array_dispatch.v.

The array is itself an engine (designs/README.md): same ports, the engine's parameters passed through to every
instance. Only a thin top is generated, because Verilog cannot make a module name a parameter; all logic lives
in the hand-written dispatcher so it can be characterized on its own (engine once + dispatcher once ~ array).

Differences from a single engine, by design: results of different engines may leave out of acceptance order
(each carries the caller's ID unchanged), and the array holds up to N times the engine's lines in flight, so a
caller that matches results by ID must keep IDs unique among the lines in flight.
"""

from __future__ import annotations

import os
from pathlib import Path

from .designs import Design, Param, check_identifier, get
from .errors import CryptoppaError
from .paths import DESIGNS

DISPATCH_RTL = DESIGNS / "array" / "array_dispatch.v"
DISPATCH_TOP = "array_dispatch"
# Flat synthesis of N engines costs N engine syntheses (gcm_iter: about 6 min at N = 16), so flat arrays stop
# at 64; composed characterization (cryptoppa.flow.compose) synthesizes the engine once and goes to 1024.
MAX_N_FLAT = 64
MAX_N_COMPOSED = 1024

_ENGINE_PARAMS = ("KEY_BITS", "LINE_BYTES", "ID_BITS")
# Names the generated top declares itself; an engine parameter with one of them would be shadowed.
_RESERVED = {
    "clk", "rst", "key_valid", "key_ready", "key", "in_valid", "in_ready", "in_decrypt", "in_iv", "in_aad",
    "in_data", "in_tag", "in_id", "out_valid", "out_ready", "out_data", "out_tag", "out_auth_fail", "out_id",
    "e_key_valid", "e_key_ready", "e_in_valid", "e_in_ready", "e_out_valid", "e_out_ready", "e_out_data",
    "e_out_tag", "e_out_auth_fail", "e_out_id", "i", "g_eng", "u_eng", "u_dispatch", "array_dispatch",
}

_PORTS = """\
  input  wire                    clk,
  input  wire                    rst,
  input  wire                    key_valid,
  output wire                    key_ready,
  input  wire [KEY_BITS-1:0]     key,
  input  wire                    in_valid,
  output wire                    in_ready,
  input  wire                    in_decrypt,
  input  wire [95:0]             in_iv,
  input  wire [127:0]            in_aad,
  input  wire [8*LINE_BYTES-1:0] in_data,
  input  wire [127:0]            in_tag,
  input  wire [ID_BITS-1:0]      in_id,
  output wire                    out_valid,
  input  wire                    out_ready,
  output wire [8*LINE_BYTES-1:0] out_data,
  output wire [127:0]            out_tag,
  output wire                    out_auth_fail,
  output wire [ID_BITS-1:0]      out_id"""

_BODY = """\
  wire [{n1}:0] e_key_valid, e_key_ready, e_in_valid, e_in_ready;
  wire [{n1}:0] e_out_valid, e_out_ready, e_out_auth_fail;
  wire [{n}*8*LINE_BYTES-1:0] e_out_data;
  wire [{n}*128-1:0] e_out_tag;
  wire [{n}*ID_BITS-1:0] e_out_id;

  array_dispatch #(.N({n}), .LINE_BYTES(LINE_BYTES), .ID_BITS(ID_BITS)) u_dispatch (
    .clk(clk), .rst(rst),
    .key_valid(key_valid), .key_ready(key_ready), .in_valid(in_valid), .in_ready(in_ready),
    .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_tag(out_tag),
    .out_auth_fail(out_auth_fail), .out_id(out_id),
    .e_key_valid(e_key_valid), .e_key_ready(e_key_ready), .e_in_valid(e_in_valid), .e_in_ready(e_in_ready),
    .e_out_valid(e_out_valid), .e_out_ready(e_out_ready), .e_out_data(e_out_data), .e_out_tag(e_out_tag),
    .e_out_auth_fail(e_out_auth_fail), .e_out_id(e_out_id));

  // Every engine output reaches the dispatcher's result mux, so synthesis can neither drop an instance nor
  // merge two (their in_valid differ).
  genvar i;
  generate
    for (i = 0; i < {n}; i = i + 1) begin : g_eng
      {engine} #({overrides}) u_eng (
        .clk(clk), .rst(rst),
        .key_valid(e_key_valid[i]), .key_ready(e_key_ready[i]), .key(key),
        .in_valid(e_in_valid[i]), .in_ready(e_in_ready[i]), .in_decrypt(in_decrypt), .in_iv(in_iv),
        .in_aad(in_aad), .in_data(in_data), .in_tag(in_tag), .in_id(in_id),
        .out_valid(e_out_valid[i]), .out_ready(e_out_ready[i]),
        .out_data(e_out_data[i*8*LINE_BYTES +: 8*LINE_BYTES]), .out_tag(e_out_tag[i*128 +: 128]),
        .out_auth_fail(e_out_auth_fail[i]), .out_id(e_out_id[i*ID_BITS +: ID_BITS]));
    end
  endgenerate
endmodule
"""


def array_top(engine: Design, n: int) -> str:
    return f"array_{check_identifier(engine.name, 'engine name')}_{n}"


def check_array_size(engine: Design, n: int, flat: bool) -> None:
    if engine.interface != "engine":
        raise CryptoppaError(f"design {engine.name!r} has interface {engine.interface!r}; arrays need \"engine\"")
    limit = MAX_N_FLAT if flat else MAX_N_COMPOSED
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= limit:
        hint = f" (flat synthesis stops at {MAX_N_FLAT}; composed mode goes to {MAX_N_COMPOSED})" if flat else ""
        raise CryptoppaError(f"array size must be an integer 1..{limit}, got {n!r}{hint}")


def _check(engine: Design, n: int, id_bits: int | None) -> dict[str, int]:
    """The outer parameter defaults: the engine's, with ID_BITS replaced by id_bits when given."""
    check_array_size(engine, n, flat=True)
    check_identifier(engine.top, "engine top")
    if engine.top in (DISPATCH_TOP, array_top(engine, n)):
        raise CryptoppaError(f"engine top {engine.top!r} clashes with a module of the array")
    defaults = {}
    for name, p in engine.params.items():
        check_identifier(name, "engine parameter")
        if name in _RESERVED:
            raise CryptoppaError(f"engine parameter {name!r} clashes with a name the array top declares")
        if isinstance(p.default, bool) or not isinstance(p.default, int):
            raise CryptoppaError(f"engine parameter {name}: default must be an integer, got {p.default!r}")
        defaults[name] = p.default
    missing = [p for p in _ENGINE_PARAMS if p not in defaults]
    if missing:
        raise CryptoppaError(f"design {engine.name!r} lacks engine parameter(s) {', '.join(missing)}")
    if id_bits is not None:
        allowed = engine.params["ID_BITS"].allowed
        if isinstance(id_bits, bool) or not isinstance(id_bits, int) or id_bits < 1 or (allowed and id_bits not in allowed):
            raise CryptoppaError(f"id_bits={id_bits!r}: expected a positive integer{' in ' + str(list(allowed)) if allowed else ''}")
        defaults["ID_BITS"] = id_bits
    return defaults


def render_array(engine: Design, n: int, id_bits: int | None = None) -> str:
    """The Verilog text of the array top (a pure function of engine name, top, parameters, n and id_bits)."""
    defaults = _check(engine, n, id_bits)
    top = array_top(engine, n)
    params = ",\n".join(f"  parameter {k} = {v}" for k, v in defaults.items())
    overrides = ", ".join(f".{k}({k})" for k in defaults)
    header = (
        f"// Generated by cryptoppa.arrays: {n} x {engine.top} behind one engine-interface port pair\n"
        f"// (designs/array/array_dispatch.v routes lines and results). Do not edit: regenerate.\n"
        f"// Results of different engines may leave out of acceptance order; each carries its in_id.\n"
    )
    body = _BODY.format(n=n, n1=n - 1, engine=engine.top, overrides=overrides)
    return f"{header}module {top} #(\n{params}\n) (\n{_PORTS}\n);\n{body}"


def generate_array(engine: Design, n: int, out_dir: Path, id_bits: int | None = None) -> Path:
    """Write out_dir/array_<engine>_<n>.v (module array_<engine>_<n>) and return its path.

    The file is rewritten only when its text changes, through a rename, so concurrent builds never read a
    half-written file and unchanged arrays keep their timestamps."""
    text = render_array(engine, n, id_bits)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{array_top(engine, n)}.v"
    if not path.is_file() or path.read_text() != text:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(text)
        os.replace(tmp, path)
    return path


def array_design(engine_name: str | Design, n: int, work_dir: Path, id_bits: int | None = None) -> Design:
    """A Design for N copies of designs/<engine_name> (or of an engine Design built elsewhere), with the
    engine's parameters (same names, defaults and allowed values), ready for cryptoppa.flow or a simulator."""
    engine = engine_name if isinstance(engine_name, Design) else get(engine_name)
    path = generate_array(engine, n, work_dir, id_bits)
    params = dict(engine.params)
    if id_bits is not None:
        p = params["ID_BITS"]
        params["ID_BITS"] = Param(p.name, id_bits, p.allowed, p.doc)
    return Design(
        name=array_top(engine, n),
        path=path,
        top=array_top(engine, n),
        files=(*engine.files, DISPATCH_RTL, path),
        clock=engine.clock,
        reset=engine.reset,
        interface="engine",
        description=f"{n} x {engine.name} behind a tree dispatcher (results out of order across engines)",
        params=params,
    )


def dispatcher_flops(n: int, flat: bool = False) -> int:
    """Flip-flops of array_dispatch with N engines: in each of its N - 1 tree nodes two preference bits and the
    reset stage for its children. Flattened, synthesis merges the equal reset stages of a tree level and drops
    those of nodes without node children: one per level above the last."""
    if not flat:
        return 3 * (n - 1)
    with_node_children = (n - 1) // 2
    return 2 * (n - 1) + (with_node_children.bit_length() if with_node_children else 0)
