"""The traced workloads: the 2008 study's four SPLASH-2 kernels, written from the SPLASH-2 paper's descriptions
(workloads/*.c; Woo et al., "The SPLASH-2 Programs", ISCA 1995), irregular kernels written from the GAP Benchmark
Suite's descriptions (BFS, PageRank on a Kronecker graph) and a no-partitioning hash join, STREAM's triad, and
memory-intensive Debian programs on generated data. Each belongs to a class (CLASSES): irregular (random
accesses over a footprint several times the last-level cache), streaming (sequential over such a footprint) or
cache-friendly (a footprint the modern systems' caches hold).

Kernels run on 1..8 threads and are traced per thread by ThreadSanitizer instrumentation; programs are single
threaded and traced by valgrind's lackey. Each workload has a `default` size (FFT and RADIX at SPLASH-2's default
inputs, LU at 128 x 128 instead of 512 x 512 so that a grid of it simulates in minutes) and a `tiny` one
(seconds, for tests).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError

SIZES = ("default", "tiny")
CLASSES = ("irregular", "streaming", "cache-friendly")


@dataclass(frozen=True)
class Workload:
    name: str
    description: str
    args: dict[str, tuple[str, ...]] = field(default_factory=dict)  # size -> argv after the program
    source: str | None = None  # kernel: workloads/<source>.c
    program: str | None = None  # Debian program (cryptoppa.tools registry name), traced by lackey
    inputs: dict[str, tuple[str, int]] = field(default_factory=dict)  # size -> (generator, its size argument)
    kind: str = "cache-friendly"  # one of CLASSES, at the default size on the modern systems
    headers: tuple[str, ...] = ()  # workloads/ headers the kernel includes besides common.h

    @property
    def kernel(self) -> bool:
        return self.source is not None

    def argv(self, size: str, threads: int, input_name: str = "") -> list[str]:
        if size not in SIZES:
            raise InputError(f"workload size {size!r}: expected one of {', '.join(SIZES)}")
        return [a.format(threads=threads, input=input_name) for a in self.args[size]]


WORKLOADS = {w.name: w for w in (
    Workload("fft", "SPLASH-2 FFT: six-step complex 1-D FFT of 65,536 points (SPLASH-2's default; tiny 64)",
             {"default": ("16", "{threads}"), "tiny": ("6", "{threads}")}, source="fft"),
    Workload("lu-c", "SPLASH-2 LU, contiguous blocks: blocked LU of a 128 x 128 matrix, 16 x 16 blocks (tiny 32, 8)",
             {"default": ("128", "{threads}", "1", "16"), "tiny": ("32", "{threads}", "1", "8")}, source="lu"),
    Workload("lu-nc", "SPLASH-2 LU, non-contiguous: the same on a row-major array (128 x 128, 16 x 16; tiny 32, 8)",
             {"default": ("128", "{threads}", "0", "16"), "tiny": ("32", "{threads}", "0", "8")}, source="lu"),
    Workload("radix", "SPLASH-2 RADIX: radix-1024 sort of 262,144 20-bit keys (SPLASH-2's default; tiny 512)",
             {"default": ("262144", "{threads}", "10", "20"), "tiny": ("512", "{threads}", "10", "20")}, source="radix"),
    Workload("bfs", "GAP BFS, top-down, on a Kronecker graph of 2^17 vertices and edge factor 4 (GAP's kron "
             "parameters; tiny 2^8)", {"default": ("17", "{threads}", "4"), "tiny": ("8", "{threads}", "4")},
             source="bfs", kind="irregular", headers=("graph.h",)),
    Workload("pagerank", "GAP PageRank, pull, one iteration on a Kronecker graph of 2^17 vertices and edge factor 4 "
             "(tiny 2^8)", {"default": ("17", "{threads}", "4", "1"), "tiny": ("8", "{threads}", "4", "1")},
             source="pagerank", kind="irregular", headers=("graph.h",)),
    Workload("hashjoin", "hash join, no partitioning: 2^18 64-byte build tuples (16 MiB) in bucket chains, 2^17 "
             "probes (tiny 2^9)", {"default": ("262144", "{threads}", "131072"), "tiny": ("512", "{threads}", "512")},
             source="hashjoin", kind="irregular"),
    Workload("triad", "STREAM triad over three arrays of 2^19 doubles (12 MiB), once (tiny 2^10)",
             {"default": ("524288", "{threads}", "1"), "tiny": ("1024", "{threads}", "1")}, source="triad",
             kind="streaming"),
    Workload("gzip", "Debian gzip -6 on 256 KiB of generated text (tiny 4 KiB)",
             {s: ("-k", "-f", "-6", "{input}") for s in SIZES}, program="gzip",
             inputs={"default": ("text", 262144), "tiny": ("text", 4096)}),
    Workload("xz", "Debian xz -1 on 256 KiB of generated text (tiny 4 KiB)",
             {s: ("-k", "-f", "-T1", "-1", "{input}") for s in SIZES}, program="xz",
             inputs={"default": ("text", 262144), "tiny": ("text", 4096)}),
    Workload("sqlite3", "Debian sqlite3: 5,000 rows inserted, indexed, grouped and joined in memory (tiny 200)",
             {s: (":memory:", ".read {input}") for s in SIZES}, program="sqlite3",
             inputs={"default": ("sql", 5000), "tiny": ("sql", 200)}),
)}

STUDY_KERNELS = ("fft", "lu-c", "lu-nc", "radix")
DEFAULT_WORKLOADS = (*STUDY_KERNELS, "bfs", "pagerank", "hashjoin", "triad")


def get_workload(name: str) -> Workload:
    if name not in WORKLOADS:
        raise InputError(f"unknown workload {name!r}; expected one of {', '.join(WORKLOADS)}")
    return WORKLOADS[name]
