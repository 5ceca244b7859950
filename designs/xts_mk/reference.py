"""Reference model and standard vectors for designs/xts_mk (multi-key XTS-AES).

Per line the engine is exactly designs/xts with the key of the line's key-table entry (designs/README.md,
sections "xts" and "xts_mk"), so the model and the NIST CAVP XTS vectors are xts's: `ref(key, ...)` is called
with the key of the line's entry. Which entry a line uses, and loading the table, is the test driver's part
(tests/engines: the multikey port group); the known answers go into the table's last entry, so that every key-ID
bit is exercised.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path


def _xts():
    path = Path(__file__).resolve().parent.parent / "xts" / "reference.py"
    spec = importlib.util.spec_from_file_location("xts_mk_xts_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_XTS = _xts()
INTEGRITY = _XTS.INTEGRITY
BLOCK_BYTES = _XTS.BLOCK_BYTES
reference = _XTS.reference
promised_timing = _XTS.promised_timing  # a key ID costs no cycle: xts's timing exactly


def known_answers(params: dict[str, int]) -> list[dict]:
    """xts's CAVP vectors, each to be loaded into entry KEYS - 1 and run with that key ID."""
    last = int(params.get("KEYS", 1)) - 1
    return [{**v, "key_id": last, "source": v["source"] + f" (key-table entry {last})"}
            for v in _XTS.known_answers(params)]
