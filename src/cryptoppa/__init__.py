"""cryptoppa: open PPA characterization of memory-encryption hardware."""

__version__ = "0.1.0"
