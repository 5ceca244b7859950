"""Files and folders a user names: read as text, written only where they can be, replaced atomically.

Each check runs where the path enters, before any work, and fails in one line naming the option, key or variable,
the path and what was expected (exit 2): a named pipe or a device is refused (reading one can block forever), text
must be UTF-8 without NUL bytes, and an output folder must not be a file and must take writes.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path

from . import settings
from .errors import InputError


def regular_file(path: Path, what: str) -> Path:
    """path, when it names a regular file (or a link to one)."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise InputError(f"{what} {path} does not exist") from None
    except (OSError, ValueError) as err:
        raise InputError(f"{what} {path}: cannot be read ({getattr(err, 'strerror', None) or err})") from None
    if stat.S_ISDIR(mode):
        raise InputError(f"{what} {path} is a directory, not a file")
    if not stat.S_ISREG(mode):
        raise InputError(f"{what} {path} is not a regular file (a named pipe, socket or device); expected a file")
    return path


def read_text(path: Path, what: str) -> str:
    """The text of a regular UTF-8 file; binary data (a NUL byte) and other encodings are refused."""
    try:
        data = regular_file(path, what).read_bytes()
    except OSError as err:
        raise InputError(f"{what} {path}: cannot be read ({err.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"{what} {path}: byte 0x{data[err.start]:02x} at offset {err.start} is not UTF-8; "
                         "expected UTF-8 text") from None
    if "\0" in text:
        raise InputError(f"{what} {path}: a NUL byte at offset {data.index(0)}; expected text, not binary data")
    return text


def _existing(path: Path, what: str) -> Path:
    """The folder path is, or the nearest one above it that exists; a file there is refused."""
    existing = path
    try:
        while not existing.exists() and existing.parent != existing:
            existing = existing.parent
        is_dir = existing.is_dir()
    except OSError as err:
        raise InputError(f"{what} {path}: cannot be inspected ({err.strerror})") from None
    if not is_dir:
        inside = "" if existing == path else f": {existing}"
        raise InputError(f"{what} {path}{inside} is a file, not a folder")
    return existing


def folder(path: Path, what: str) -> Path:
    """path, when it is a folder or none of it is a file yet (it can be made); nothing is written to find out."""
    _existing(Path(path), what)
    return Path(path)


def home() -> Path:
    """$CRYPTOPPA_HOME (installed PDKs, helper environments), refused in one line where it names a file."""
    return folder(settings.current().home, "CRYPTOPPA_HOME")


def writable_folder(path: Path, what: str) -> Path:
    """path, a folder that exists or can be created, and takes writes. Nothing is left behind: a read-only
    mount is only seen by trying (root passes every permission check), so a probe folder is made and removed."""
    path = Path(path)
    existing = _existing(path, what)
    try:
        probe = tempfile.mkdtemp(dir=existing, prefix=".cryptoppa-probe-")
    except OSError as err:
        raise InputError(f"{what} {path} is not writable ({err.strerror}: {existing})") from None
    shutil.rmtree(probe, ignore_errors=True)
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def replace_atomically(path: Path, write) -> None:
    """write(tmp) into a temporary file beside path, then rename it over path: a reader sees the old file or the
    new one, never half of one. The file gets the mode a plain open() would give it (0666 less the umask), not
    the private 0600 of a temporary file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
