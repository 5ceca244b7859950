"""AES-GCM / AES-CBC benchmark firmware for RV32 cores: build (build.py), RESULT parsing and reference check
against the `cryptography` package (results.py). The sources and their output format: designs/sw/README.md."""

from .build import build_firmware, compile_elf
from .results import check_results, parse_results

__all__ = ["build_firmware", "check_results", "compile_elf", "parse_results"]
