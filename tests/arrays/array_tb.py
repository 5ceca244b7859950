"""Array-side additions to tests/engines/engine_driver.py (whose run_lines(by_id=True) is the out-of-order
scoreboard): the test-only toy engine, a white-box check of the dispatch policy and a saturation measurement."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from cocotb.triggers import FallingEdge, ReadOnly

# The engine driver lives beside the engine tests; both this file and the cocotb module import it by name.
ENGINES = Path(__file__).resolve().parents[1] / "engines"
if str(ENGINES) not in sys.path:
    sys.path.insert(0, str(ENGINES))

from cryptoppa.designs import Design, Param  # noqa: E402
from engine_driver import EngineConfig, _val, make_line, run_lines  # noqa: E402

HERE = Path(__file__).resolve().parent
TOY_RTL = HERE / "toy_engine.v"


def toy_engine() -> Design:
    """tests/arrays/toy_engine.v as an engine Design (it has no design.toml: it is not a product)."""
    params = {
        "KEY_BITS": Param("KEY_BITS", 128, (128, 256)),
        "LINE_BYTES": Param("LINE_BYTES", 32, (32, 64, 128)),
        "ID_BITS": Param("ID_BITS", 8, (1, 2, 4, 8, 16)),
    }
    return Design(name="toy_engine", path=TOY_RTL, top="toy_engine", files=(TOY_RTL,), clock="clk", reset="rst",
                  interface="engine", description="array test stand-in", params=params)


class TreeModel:
    """array_dispatch's documented policy in Python: heap-numbered nodes (1 = root, children 2j and 2j+1,
    engine i = node n+i), each remembering which child it picked last for lines and for results."""

    def __init__(self, n: int):
        self.n = n
        self.in_last_b = [True] * n  # reset: the left child goes first
        self.out_last_b = [True] * n

    def _below(self, node: int, mask: int) -> bool:
        if node >= self.n:
            return bool(mask >> (node - self.n) & 1)
        return self._below(2 * node, mask) or self._below(2 * node + 1, mask)

    def _right(self, node: int, mask: int, last_b: list[bool]) -> bool:
        """Whether the node picks its right child: it has one in `mask` below, and the left was picked last
        or has none."""
        return self._below(2 * node + 1, mask) and (not last_b[node] or not self._below(2 * node, mask))

    def _path(self, mask: int, last_b: list[bool]) -> dict[int, bool]:
        """{node: picks right} from the root down to the engine the policy picks among `mask`."""
        path, node = {}, 1
        while node < self.n:
            path[node] = self._right(node, mask, last_b)
            node = 2 * node + int(path[node])
        return path

    def _engine(self, path: dict[int, bool]) -> int:
        node = 1
        for right in path.values():
            node = 2 * node + int(right)
        return node - self.n

    def line(self, ready: int) -> int:
        """The engine the next line goes to, given the engines' in_ready; the nodes it passes remember it."""
        path = self._path(ready, self.in_last_b)
        for node, right in path.items():
            self.in_last_b[node] = right
        return self._engine(path)

    def result(self, valid: int, taken: bool) -> int:
        """The engine whose result the array offers. Nodes the result is taken through remember their pick;
        every other node with a result below parks on its pick (remembers the other child)."""
        path = self._path(valid, self.out_last_b)
        picks = {node: self._right(node, valid, self.out_last_b) for node in range(1, self.n)
                 if self._below(node, valid)}
        for node, right in picks.items():
            self.out_last_b[node] = right if taken and node in path else not right
        return self._engine(path)


async def watch_dispatch(dut, n: int, errors: list[str]) -> None:
    """Check array_dispatch's documented policies, white-box, every cycle from now (start it right after reset
    and setup, while no line has been dispatched): which engine each line goes to and which engine's result
    is offered, against TreeModel. Violations are appended to `errors` (a failing background task would not
    fail the test by itself)."""
    disp, model, cycle = dut.u_dispatch, TreeModel(n), 0
    while True:
        await ReadOnly()
        valid = _val(disp.e_in_valid)
        if valid:
            ready = _val(disp.e_in_ready)
            want = model.line(ready)
            if valid != 1 << want:
                errors.append(f"cycle {cycle}: e_in_valid={valid:b} with e_in_ready={ready:b}, expected engine {want}")
        out_valid = _val(disp.e_out_valid)
        if out_valid:
            taken = bool(_val(dut.out_ready))
            want = model.result(out_valid, taken)
            if _val(disp.e_out_ready) != (taken << want):
                errors.append(f"cycle {cycle}: e_out_ready={_val(disp.e_out_ready):b} with e_out_valid="
                              f"{out_valid:b}, out_ready={int(taken)}, expected engine {want}")
        await FallingEdge(dut.clk)
        cycle += 1


async def array_saturation(dut, cfg: EngineConfig, key: bytes, n: int, rounds: int = 3, decrypt: bool = False,
                           seed: int = 1) -> float:
    """Lines per cycle with in_valid and out_ready always high. With the tree dispatch to identical engines
    the output times repeat with period n in steady state, so the rate is taken over whole periods:
    rounds*n results between result n (after the first round, i.e. warm-up) and result (rounds+1)*n."""
    rng = random.Random(seed)
    lines = [make_line(cfg, key, rng, decrypt) for _ in range((rounds + 1) * n + 1)]
    for i, line in enumerate(lines):
        line.id = i % (1 << cfg.id_bits)
    outs = (await run_lines(dut, cfg, key, lines, rng, gap_prob=0.0, stall_prob=0.0, by_id=True))["out_cycles"]
    return rounds * n / (outs[(rounds + 1) * n] - outs[n])
