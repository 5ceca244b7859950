"""Download a file and accept it only if its SHA-256 matches the pinned value."""

from __future__ import annotations

import os
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from ..errors import CryptoppaError, MissingToolError
from ..runs import sha256_file


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
                raise MissingToolError(f"cannot download {url}: {reason}") from None
        got = sha256_file(Path(tmp))
        if got != sha256:
            raise CryptoppaError(f"checksum mismatch for {url}: expected sha256 {sha256}, got {got}")
        os.replace(tmp, dest)
        return dest
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
