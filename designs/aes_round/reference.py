"""Reference model and standard vectors for designs/aes_round: the XTS-AES line of designs/xts (the same mode,
key layout and tweak: designs/README.md, section "xts"), with this organisation's timing.

The model and the NIST CAVP vectors are xts's (`cryptography`'s XTS and the XTSGenAES128/256 files); only
promised_timing differs.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


def _load_xts():
    path = Path(__file__).resolve().parent.parent / "xts" / "reference.py"
    spec = importlib.util.spec_from_file_location("reference_xts_for_aes_round", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_XTS = _load_xts()
INTEGRITY = _XTS.INTEGRITY
BLOCK_BYTES = _XTS.BLOCK_BYTES
reference = _XTS.reference
known_answers = _XTS.known_answers


def promised_timing(params: dict[str, int], hint_lead: int) -> dict[str, float]:
    """The architecture's numbers with NR rounds and S = blocks / lanes issue cycles (lanes = min(WIDTH, blocks)):
    a line every S cycles at saturation (the line queue covers the tweak's NR cycles). An isolated line's tweak
    is ready NR + 1 cycles after its acceptance without a hint (its job enters the tweak pipe in the acceptance
    cycle); a hint hint_lead cycles ahead starts the job the cycle after it is seen, so the line issues
    max(1, NR + 2 - hint_lead) cycles after acceptance, at the latest NR + 1; its last slot issues S - 1 cycles
    later, leaves the data pipe NR cycles after that and the output FIFO one cycle later."""
    nr = 14 if params["KEY_BITS"] == 512 else 10
    blocks = params["LINE_BYTES"] // 16
    s = blocks // min(params.get("WIDTH", 1), blocks)
    read = min(nr + 1, max(1, nr + 2 - hint_lead)) + s - 1 + nr + 1
    return {"perf__cycles_per_line": s, "perf__read_latency_cycles": read, "perf__read_latency_data_cycles": read}
