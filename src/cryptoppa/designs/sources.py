"""RTL sources as users bring them: files (.v, .sv), include directories, defines and file lists (-f files.f).

The flow copies each source into its run folder, so an `include` next to the original would not be found
there: `included()` follows every `include "name"` (in the file's own folder first, then the include
directories, as Yosys and Icarus do) and the flow stages exactly those files under `inc/` and passes `-I inc`.
Only files that are really included count towards the cache key, not whole include folders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .. import userfiles
from ..errors import InputError
from ..names import IDENT

_DEFINE_VALUE = re.compile(r"[A-Za-z0-9_.']*\Z")
_INCLUDE = re.compile(r'^\s*`include\s+"([^"]+)"', re.M)
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_SAFE_PART = re.compile(r"[A-Za-z0-9_.+-]+\Z")
SV_SUFFIXES = (".sv", ".svh")


def parse_define(text: str, where: str = "--define") -> tuple[str, str]:
    """NAME or NAME=VALUE; VALUE a plain token (digits, letters, _ . '), so it can be passed to any tool."""
    name, _, value = text.partition("=")
    if not IDENT.match(name):
        raise InputError(f"{where} {text!r}: expected NAME or NAME=VALUE with NAME an identifier")
    if not _DEFINE_VALUE.match(value):
        raise InputError(f"{where} {text!r}: VALUE may hold only letters, digits, _ . and ' (no spaces or quotes)")
    return name, value


def _existing(path: Path, what: str) -> Path:
    if what != "include directory":
        return userfiles.regular_file(path, what).resolve()  # a named pipe would block the flow forever
    try:
        found = path.is_dir()
    except (OSError, ValueError):
        found = False
    if not found:
        raise InputError(f"include directory {path} does not exist or is not a directory")
    return path.resolve()


@dataclass(frozen=True)
class Sources:
    files: tuple[Path, ...]  # compile order
    include_dirs: tuple[Path, ...] = ()
    defines: tuple[tuple[str, str], ...] = ()

    @classmethod
    def checked(cls, files, include_dirs=(), defines=()) -> "Sources":
        return cls(tuple(_existing(Path(f), "RTL file") for f in files),
                   tuple(_existing(Path(d), "include directory") for d in include_dirs),
                   tuple(defines))

    @property
    def systemverilog(self) -> bool:
        return any(f.suffix in SV_SUFFIXES for f in self.files)

    def included(self) -> dict[str, Path]:
        """{include name: file} for every `include the sources reach, recursively."""
        found: dict[str, Path] = {}
        todo = list(self.files)
        while todo:
            src = todo.pop()
            text = _COMMENTS.sub("", src.read_text(errors="replace"))
            for name in _INCLUDE.findall(text):
                target = next((d / name for d in (src.parent, *self.include_dirs) if (d / name).is_file()), None)
                if target is None:
                    continue  # possibly under an `ifdef that is off; the tool reports it if it is needed
                parts = Path(name).parts
                if Path(name).is_absolute() or not all(_SAFE_PART.match(p) and p != ".." for p in parts):
                    raise InputError(f"{src}: `include \"{name}\": only plain relative names can be staged")
                target = target.resolve()
                if name in found and found[name] != target:
                    raise InputError(f"`include \"{name}\" means {found[name]} in one file and {target} in another")
                if name not in found:
                    found[name] = target
                    todo.append(target)
        return found


def read_file_list(path: Path, relative_to_list: bool = False, _outer: tuple[Path, ...] = ()) -> Sources:
    """A simulator-style file list: source files, +incdir+DIR, +define+NAME=VALUE, -I DIR, -D NAME=VALUE and
    nested -f/-F lists; // and # start comments. Relative paths are taken from the current folder (as Icarus
    and Verilator read -f), or from the list's own folder with relative_to_list (-F)."""
    path = Path(path)
    text = userfiles.read_text(path, "file list")
    if path.resolve() in _outer:
        raise InputError(f"file list {_outer[-1]}: -f/-F {path} is a list that includes it (a cycle of file lists)")
    base = path.parent if relative_to_list else Path.cwd()
    files, dirs, defines = [], [], []
    tokens = []
    for line in text.splitlines():
        tokens += line.split("//")[0].split("#")[0].split()
    it = iter(tokens)
    for tok in it:
        where = f"{path}: {tok!r}"
        if tok.startswith("+incdir+"):
            dirs += [base / d for d in tok[8:].split("+") if d]
        elif tok.startswith("+define+"):
            defines += [parse_define(d, f"{path}: +define+") for d in tok[8:].split("+") if d]
        elif tok in ("-I", "-D", "-f", "-F"):
            arg = next(it, None)
            if arg is None:
                raise InputError(f"{where}: expected an argument after it")
            tok += arg
            if tok.startswith("-I"):
                dirs.append(base / tok[2:])
            elif tok.startswith("-D"):
                defines.append(parse_define(tok[2:], f"{path}: -D"))
            else:
                nested = read_file_list(base / tok[2:], tok.startswith("-F"), (*_outer, path.resolve()))
                files += nested.files
                dirs += nested.include_dirs
                defines += nested.defines
        elif tok.startswith("-I"):
            dirs.append(base / tok[2:])
        elif tok.startswith("-D"):
            defines.append(parse_define(tok[2:], f"{path}: -D"))
        elif tok.startswith(("-", "+")):
            raise InputError(f"{where}: unsupported option in a file list (expected sources, +incdir+, "
                             "+define+, -I, -D, -f, -F)")
        else:
            files.append(base / tok)
    return Sources.checked(files, dirs, defines)
