"""The clock this CPU core runs at, measured: in a virtual machine the operating system knows only a nominal figure
(/proc/cpuinfo's 'cpu MHz' is the host's base clock), while the core boosts above it.

A chain of dependent 64-bit adds retires one add per cycle (each waits for the one before; ADD r64 has a latency of
one cycle on every current x86-64 core in Agner Fog's and uops.info's instruction tables), so the adds per second
of this thread's CPU time are its clock. The thread's CPU time divides, not the wall clock, so a sample preempted by
other work on a shared machine still reads right; a burst of samples gives the median and its spread. A chain of
dependent AESENC instructions timed the same way gives the AES round's latency in cycles, a whole number when the
clock is right, and the floor of CBC encryption, whose blocks run their rounds one after another.

The chains are a few bytes of x86-64 machine code in an executable page, called through ctypes: nothing is compiled
and nothing runs outside this process. Elsewhere (another ISA, no executable memory) the clock is not measured and
`Unmeasured` says why.
"""

from __future__ import annotations

import contextlib
import ctypes
import mmap
import os
import platform
import statistics
import time

_PER_LOOP = 200  # dependent instructions per loop iteration: the loop's own dec/jnz run beside them, off the chain
_SAMPLE_NS = 2_000_000  # CPU time per sample: long against the timer, short against the scheduler's time slice
# Machine code (System V ABI: the loop count in rdi; rax, rdi and xmm0 are the callee's to clobber).
_START = bytes.fromhex("31c0")  # xor eax, eax
OPS = {
    "add": bytes.fromhex("4883c001"),  # add rax, 1: the chain through rax
    "aesenc": bytes.fromhex("660f38dcc1"),  # aesenc xmm0, xmm1: the chain through xmm0
}
_LOOP_END = bytes.fromhex("48ffcf")  # dec rdi


class Unmeasured(Exception):
    """The clock cannot be measured here; the message says why."""


def _code(op: bytes) -> bytes:
    body = _START + op * _PER_LOOP + _LOOP_END
    back = len(_START) - (len(body) + 6)  # jnz rel32 back to the first op of the chain
    return body + b"\x0f\x85" + back.to_bytes(4, "little", signed=True) + b"\xc3"  # jnz; ret


class Counter:
    """The chains, mapped into an executable page while the counter is open."""

    def __init__(self, flags: tuple[str, ...]):
        if platform.machine() not in ("x86_64", "AMD64"):
            raise Unmeasured(f"the add chain is x86-64 machine code; this CPU is {platform.machine()}")
        ops = {name: op for name, op in OPS.items() if name != "aesenc" or "aes" in flags}  # AESENC needs AES-NI
        try:
            self._page = mmap.mmap(-1, mmap.PAGESIZE * len(ops),
                                   prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
        except (OSError, ValueError) as err:
            raise Unmeasured(f"no executable memory for the add chain ({err})") from None
        self._anchor = ctypes.c_char.from_buffer(self._page)  # the page's address; released before it is closed
        base = ctypes.addressof(self._anchor)
        self._chains = {}
        for i, (name, op) in enumerate(ops.items()):
            self._page.seek(i * mmap.PAGESIZE)
            self._page.write(_code(op))
            self._chains[name] = ctypes.CFUNCTYPE(ctypes.c_uint64, ctypes.c_uint64)(base + i * mmap.PAGESIZE)
        self._loops = {name: self._calibrated(name) for name in self._chains}

    def _per_ns(self, name: str, loops: int) -> float:
        """Instructions of the chain retired per ns of this thread's CPU time."""
        start = time.thread_time_ns()
        self._chains[name](loops)
        return loops * _PER_LOOP / max(time.thread_time_ns() - start, 1)

    def _calibrated(self, name: str) -> int:
        """Loops for a sample of about _SAMPLE_NS."""
        rate = max(self._per_ns(name, 1000) for _ in range(3))
        return max(1000, int(rate * _SAMPLE_NS / _PER_LOOP))

    def mhz(self, samples: int = 15) -> float:
        """The clock: the median over `samples` of adds per µs of CPU time."""
        return statistics.median(self._per_ns("add", self._loops["add"]) for _ in range(samples)) * 1e3

    def aes_round_cycles(self, samples: int = 15) -> float | None:
        """AESENC's latency in cycles (clock-free: add chain over AESENC chain, sample by sample); None without
        AES-NI."""
        if "aesenc" not in self._chains:
            return None
        return statistics.median(self._per_ns("add", self._loops["add"])
                                 / self._per_ns("aesenc", self._loops["aesenc"]) for _ in range(samples))

    def close(self) -> None:
        self._chains.clear()
        del self._anchor
        self._page.close()


@contextlib.contextmanager
def pinned():
    """This thread, and every process it starts, on one CPU while the block runs: the clock is measured on the
    CPU that runs what is timed."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    allowed = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(allowed)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, allowed)
