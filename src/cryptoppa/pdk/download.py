"""Download a file and accept it only if its SHA-256 matches the pinned value."""

from __future__ import annotations

import hashlib
import os
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from ..errors import CryptoppaError


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_verified(url: str, sha256: str, dest: Path, timeout: float = 60.0) -> Path:
    """Fetch url into dest atomically; raise CryptoppaError (one line) when offline or the checksum differs."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".download-")
    try:
        with os.fdopen(fd, "wb") as out:
            try:
                with urllib.request.urlopen(url, timeout=timeout) as response:
                    while block := response.read(1 << 20):
                        out.write(block)
            except (urllib.error.URLError, OSError, ValueError) as err:
                reason = getattr(err, "reason", err)
                raise CryptoppaError(f"cannot download {url}: {reason}") from None
        got = sha256_file(Path(tmp))
        if got != sha256:
            raise CryptoppaError(f"checksum mismatch for {url}: expected sha256 {sha256}, got {got}")
        os.replace(tmp, dest)
        return dest
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
