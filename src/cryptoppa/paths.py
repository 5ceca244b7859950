"""Where cryptoppa finds its checkout (designs, flows, PDK descriptors) and keeps installed data."""

import os
from pathlib import Path

# cryptoppa runs from a checkout: src/cryptoppa/ sits two levels below the root.
ROOT = Path(os.environ.get("CRYPTOPPA_ROOT", Path(__file__).resolve().parents[2]))
DESIGNS = ROOT / "designs"
FLOWS = ROOT / "flows"
PDK_DESCRIPTORS = ROOT / "pdk"


def data_home() -> Path:
    """Installed PDKs and helper environments; shared by every checkout of the same user."""
    return Path(os.environ.get("CRYPTOPPA_HOME", Path.home() / ".local/share/cryptoppa"))
