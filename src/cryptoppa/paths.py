"""Where cryptoppa's checkout keeps its designs, flow templates and PDK descriptors.

cryptoppa runs from a checkout (an editable install): src/cryptoppa/ sits two levels below the root.
Installed data (PDKs, caches) lives under settings.current().home instead.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESIGNS = ROOT / "designs"
FLOWS = ROOT / "flows"
PDK_DESCRIPTORS = ROOT / "pdk"


def shown(path: Path | str) -> str:
    """A path as documents cite it: relative to the checkout when inside it, so a published report names the
    same file on every machine; elsewhere as given."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)
