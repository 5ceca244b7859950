"""N-instance engine arrays: N copies of one engine behind designs/array/array_dispatch.v.

The array is itself an engine (designs/README.md): same ports, the engine's parameters passed through to every
instance. Only a thin top is generated, because Verilog cannot make a module name a parameter; all logic lives
in the hand-written dispatcher so it can be characterized on its own (engine once + dispatcher once ~ array).

Differences from a single engine, by design: results of different engines may leave out of acceptance order
(each carries the caller's ID unchanged), and the array holds up to N times the engine's lines in flight, so a
caller that matches results by ID must keep IDs unique among the lines in flight.
"""

from __future__ import annotations

from pathlib import Path

from .. import limits
from ..errors import InputError
from ..names import check_identifier
from ..paths import DESIGNS
from ..runs import StepPlan, run_step
from . import interface
from .descriptor import Design, Param, get

DISPATCH_RTL = DESIGNS / "array" / "array_dispatch.v"
DISPATCH_TOP = "array_dispatch"
# Flat synthesis of N engines costs N engine syntheses (gcm_iter: about 6 min at N = 16), so flat arrays stop
# at 64; composed characterization (cryptoppa.flow.compose) synthesizes the engine once and goes to 1024.
MAX_N_FLAT = 64
MAX_N_COMPOSED = int(limits.ARRAY_N.high)

# Names the generated top declares itself; an engine parameter with one of them would be shadowed.
_RESERVED = {p.name for p in interface.PORTS} | {f"e_{p.name}" for p in interface.dispatched()} | {
    "i", "g_eng", "u_eng", "u_dispatch", DISPATCH_TOP}


def _ports_text() -> str:
    """The array's own ports: the engine interface without the optional groups."""
    rows = [f"  {p.direction:6s} wire {p.verilog_width():18s} {p.name}" for p in interface.core_ports()]
    return ",\n".join(rows)


def _body(n: int, engine_top: str, overrides: str, groups: tuple[str, ...]) -> str:
    """Dispatcher and engine instances; each engine port wired as its `array` role says (cryptoppa.designs.interface)."""
    buses = [f"  wire [{n}*{p.bits_expr()}-1:0] e_{p.name};" for p in interface.dispatched()]
    disp = [f".{p.name}({p.name})" for p in interface.core_ports() if p.array in ("shared", "dispatch")]
    disp += [f".e_{p.name}(e_{p.name})" for p in interface.dispatched()]
    conns = []
    for p in interface.ports(groups):
        if p.array == "dispatch":
            conns.append(f".{p.name}(e_{p.name}[i*{p.bits_expr()} +: {p.bits_expr()}])")
        elif p.array == "tie0":
            conns.append(f".{p.name}({{{p.bits_expr()}{{1'b0}}}})")
        elif p.array == "open":
            conns.append(f".{p.name}()")
        else:
            conns.append(f".{p.name}({p.name})")
    return "\n".join([
        *buses, "",
        f"  {DISPATCH_TOP} #(.N({n}), .LINE_BYTES(LINE_BYTES), .ID_BITS(ID_BITS)) u_dispatch (",
        "    " + ",\n    ".join(disp) + ");", "",
        "  // Every engine output reaches the dispatcher's result mux, so synthesis can neither drop an instance nor",
        "  // merge two (their in_valid differ).",
        "  genvar i;", "  generate",
        f"    for (i = 0; i < {n}; i = i + 1) begin : g_eng",
        f"      {engine_top} #({overrides}) u_eng (",
        "        " + ",\n        ".join(conns) + ");",
        "    end", "  endgenerate", "endmodule", ""])


def perf_lines(n: int | None) -> int:
    """Lines the throughput simulation offers an N-engine array: several per engine, so every engine reaches its
    steady state within the measured window of whole dispatcher rounds (sim.perf.steady_window)."""
    return max(12, 8 * n) if n else 12


def array_top(engine: Design, n: int) -> str:
    return f"array_{check_identifier(engine.name, 'engine name')}_{n}"


def check_array_count(n: int, flat: bool, what: str = "array size") -> None:
    limit = MAX_N_FLAT if flat else MAX_N_COMPOSED
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= limit:
        hint = f" (flat synthesis stops at {MAX_N_FLAT}; composed mode goes to {MAX_N_COMPOSED})" if flat else ""
        raise InputError(f"{what} must be an integer 1..{limit}, got {n!r}{hint}")


def check_array_size(engine: Design, n: int, flat: bool) -> None:
    if engine.interface != "engine":
        raise InputError(f"design {engine.name!r} has interface {engine.interface!r}; arrays need \"engine\"")
    check_array_count(n, flat)


def _check(engine: Design, n: int, id_bits: int | None) -> dict[str, int]:
    """The outer parameter defaults: the engine's, with ID_BITS replaced by id_bits when given."""
    check_array_size(engine, n, flat=True)
    check_identifier(engine.top, "engine top")
    if engine.top in (DISPATCH_TOP, array_top(engine, n)):
        raise InputError(f"engine top {engine.top!r} clashes with a module of the array")
    defaults = {}
    for name, p in engine.params.items():
        check_identifier(name, "engine parameter")
        if name in _RESERVED:
            raise InputError(f"engine parameter {name!r} clashes with a name the array top declares")
        if isinstance(p.default, bool) or not isinstance(p.default, int):
            raise InputError(f"engine parameter {name}: default must be an integer, got {p.default!r}")
        defaults[name] = p.default
    missing = [p for p in interface.WIDTH_PARAMS if p not in defaults]
    if missing:
        raise InputError(f"design {engine.name!r} lacks engine parameter(s) {', '.join(missing)}")
    if id_bits is not None:
        allowed = engine.params["ID_BITS"].allowed
        if isinstance(id_bits, bool) or not isinstance(id_bits, int) or id_bits < 1 or (allowed and id_bits not in allowed):
            raise InputError(f"id_bits={id_bits!r}: expected a positive integer{' in ' + str(list(allowed)) if allowed else ''}")
        defaults["ID_BITS"] = id_bits
    return defaults


def render_array(engine: Design, n: int, id_bits: int | None = None) -> str:
    """The Verilog text of the array top (a pure function of engine name, top, parameters, n and id_bits)."""
    defaults = _check(engine, n, id_bits)
    top = array_top(engine, n)
    params = ",\n".join(f"  parameter {k} = {v}" for k, v in defaults.items())
    overrides = ", ".join(f".{k}({k})" for k in defaults)
    header = (
        f"// Generated by cryptoppa.designs.arrays: {n} x {engine.top} behind one engine-interface port pair\n"
        f"// (designs/array/array_dispatch.v routes lines and results). Do not edit: regenerate.\n"
        f"// Results of different engines may leave out of acceptance order; each carries its in_id.\n"
    )
    body = _body(n, engine.top, overrides, engine.groups)
    return f"{header}module {top} #(\n{params}\n) (\n{_ports_text()}\n);\n{body}"


def _no_tools(plan: StepPlan, work: Path) -> dict:
    return {}  # the top is the plan's one script, written into the run folder when it is staged


def generate_array(engine: Design, n: int, cache: Path, id_bits: int | None = None) -> Path:
    """The array top array_<engine>_<n>.v (module array_<engine>_<n>), a sealed step of the run cache keyed by its
    text, so two processes never see a half-written file and a changed engine interface makes a new one."""
    text = render_array(engine, n, id_bits)
    name = f"{array_top(engine, n)}.v"
    plan = StepPlan(f"{array_top(engine, n)}-top", {"array_top": name}, {}, {name: text}, {}, {},
                    outputs=(name,))
    return run_step(plan, _no_tools, cache).run_dir / name


def array_design(engine_name: str | Design, n: int, cache: Path, id_bits: int | None = None) -> Design:
    """A Design for N copies of designs/<engine_name> (or of an engine Design built elsewhere), with the
    engine's parameters (same names, defaults and allowed values), ready for cryptoppa.flow or a simulator."""
    engine = engine_name if isinstance(engine_name, Design) else get(engine_name)
    path = generate_array(engine, n, cache, id_bits)
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
        include_dirs=engine.include_dirs,
        defines=engine.defines,
        verify=engine.verify,  # the array computes what its engine does
    )


def dispatcher_flops(n: int, flat: bool = False) -> int:
    """Flip-flops of array_dispatch with N engines: in each of its N - 1 tree nodes two preference bits and the
    reset stage for its children. Flattened, synthesis merges the equal reset stages of a tree level and drops
    those of nodes without node children: one per level above the last."""
    if not flat:
        return 3 * (n - 1)
    with_node_children = (n - 1) // 2
    return 2 * (n - 1) + (with_node_children.bit_length() if with_node_children else 0)
