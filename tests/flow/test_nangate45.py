"""Nangate45: the pinned, checksummed download (against a server on 127.0.0.1) and a run where a copy exists."""

import gzip
import hashlib
import http.server
import threading
from pathlib import Path

import pandas as pd
import pytest

from cryptoppa import pdk
from cryptoppa.errors import CryptoppaError
from cryptoppa.pdk.download import fetch_verified
from support import load_metrics, run_cli


@pytest.fixture
def http_root(tmp_path):
    """A real HTTP server on 127.0.0.1 serving tmp_path/www; yields (root folder, base URL)."""
    www = tmp_path / "www"
    www.mkdir()
    handler = lambda *a, **kw: http.server.SimpleHTTPRequestHandler(*a, directory=str(www), **kw)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield www, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_fetch_verified_accepts_the_pinned_bytes(http_root, tmp_path):
    www, base = http_root
    payload = gzip.compress(b"library (x) { }\n")
    (www / "lib.gz").write_bytes(payload)
    dest = fetch_verified(f"{base}/lib.gz", hashlib.sha256(payload).hexdigest(), tmp_path / "got" / "lib.gz")
    assert dest.read_bytes() == payload


def test_fetch_verified_rejects_other_bytes(http_root, tmp_path):
    www, base = http_root
    (www / "lib.gz").write_bytes(b"tampered")
    with pytest.raises(CryptoppaError, match="checksum mismatch"):
        fetch_verified(f"{base}/lib.gz", "0" * 64, tmp_path / "lib.gz")
    assert not (tmp_path / "lib.gz").exists() and not list(tmp_path.glob(".download-*"))


def test_install_offline_fails_in_one_line(http_root, tmp_path):
    _, base = http_root
    env = {"CRYPTOPPA_HOME": str(tmp_path / "home"), "CRYPTOPPA_NANGATE45_URL": f"{base}/missing.lib.gz"}
    out = run_cli("pdk", "install", "nangate45", env=env)
    assert out.returncode != 0 and "Traceback" not in out.stderr
    (line,) = out.stderr.strip().splitlines()
    assert "CRYPTOPPA_NANGATE45_DIR" in line and "cannot download" in line
    # Nothing reachable at all (a closed port): the same one-line advice.
    out = run_cli("pdk", "install", "nangate45", env={**env, "CRYPTOPPA_NANGATE45_URL": "http://127.0.0.1:9/x.gz"})
    assert out.returncode != 0 and len(out.stderr.strip().splitlines()) == 1


def test_install_checks_the_pinned_checksum(http_root, tmp_path):
    www, base = http_root
    (www / "nangate45_typ.lib.gz").write_bytes(gzip.compress(b"not the library"))
    env = {"CRYPTOPPA_HOME": str(tmp_path / "home"), "CRYPTOPPA_NANGATE45_URL": f"{base}/nangate45_typ.lib.gz"}
    out = run_cli("pdk", "install", "nangate45", env=env)
    assert out.returncode != 0 and "checksum mismatch" in out.stderr
    assert not (tmp_path / "home/pdk/nangate45/nangate45_typ.lib").exists()


def test_lookup_order(tmp_path, monkeypatch):
    desc = pdk.get("nangate45")
    (tmp_path / "env/lib").mkdir(parents=True)
    (tmp_path / "env/lib/NangateOpenCellLibrary_typical.lib").write_text("library (x) { }\n")
    (tmp_path / "flow/platforms/nangate45/lib").mkdir(parents=True)
    (tmp_path / "flow/platforms/nangate45/lib/NangateOpenCellLibrary_typical.lib").write_text("library (y) { }\n")
    monkeypatch.setenv("FLOW_HOME", str(tmp_path / "flow"))
    monkeypatch.setenv("CRYPTOPPA_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CRYPTOPPA_NANGATE45_DIR", raising=False)
    assert pdk.liberty(desc, "typ") == tmp_path / "flow/platforms/nangate45/lib/NangateOpenCellLibrary_typical.lib"
    monkeypatch.setenv("CRYPTOPPA_NANGATE45_DIR", str(tmp_path / "env"))
    assert pdk.liberty(desc, "typ") == tmp_path / "env/lib/NangateOpenCellLibrary_typical.lib"
    monkeypatch.delenv("CRYPTOPPA_NANGATE45_DIR")
    monkeypatch.delenv("FLOW_HOME")
    with pytest.raises(CryptoppaError, match="CRYPTOPPA_NANGATE45_DIR"):
        pdk.liberty(desc, "typ")


def _nangate45_present() -> bool:
    try:
        pdk.liberty(pdk.get("nangate45"), "typ")
        return True
    except CryptoppaError:
        return False


@pytest.mark.eda
@pytest.mark.nangate45
@pytest.mark.skipif(not _nangate45_present(),
                    reason="no Nangate45 copy on this machine (set CRYPTOPPA_NANGATE45_DIR or FLOW_HOME, "
                           "or run `cryptoppa pdk install nangate45` where the network allows)")
def test_run_on_nangate45(tmp_path):
    out = run_cli("run", "--design", "counter", "--pdk", "nangate45", "--param", "WIDTH=16", "--runs", tmp_path)
    assert out.returncode == 0, out.stderr
    (run,) = [p for p in tmp_path.iterdir() if (p / "metrics.json").exists()]
    m = load_metrics(run)
    assert m["synth__design__instance__count__sequential"] == 16
    # Nangate45 cells are far smaller than FlexLib's: 16 DFF_X1 alone are 72 um^2.
    assert 72 < m["synth__design__instance__area__stdcell"] < 400
    assert m["power__switching__total"] > 0 and m["timing__fmax__mhz"] > 225
    assert "5K_hvratio_1_1" in (run / "sta.tcl").read_text()


@pytest.mark.eda
@pytest.mark.nangate45
@pytest.mark.skipif(not _nangate45_present(), reason="no Nangate45 copy on this machine")
def test_wire_load_switched_off_leaves_only_pin_capacitance(tmp_path):
    """The same netlist without Nangate45's wire-load model: the same cells, less net capacitance, so no slower
    and no more switching power; and the liberty's default_wire_load is really off (it applies when none is set)."""
    sweep = tmp_path / "wl.toml"
    sweep.write_text(f'[sweep]\nname = "wl"\noutput = "{tmp_path / "out"}"\ndesigns = ["counter"]\n'
                     'targets = ["nangate45/typ"]\nclocks_mhz = [225]\nwire_load = [true, false]\n'
                     "[params.counter]\nWIDTH = [16]\n")
    out = run_cli("sweep", str(sweep), "--cache", str(tmp_path / "cache"))
    assert out.returncode == 0, out.stderr
    t = pd.read_csv(tmp_path / "out/results.csv").set_index("wire_load")
    with_wl, without = t.loc["5K_hvratio_1_1"], t.loc["off"]
    assert with_wl["synth__design__instance__area__stdcell"] == without["synth__design__instance__area__stdcell"]
    assert without["timing__fmax__mhz"] > with_wl["timing__fmax__mhz"]
    assert without["power__switching__total"] < with_wl["power__switching__total"]
    assert "set_load 0" in (Path(without["run_dir"]) / "sta.tcl").read_text()


@pytest.mark.eda
@pytest.mark.nangate45
@pytest.mark.skipif(not _nangate45_present(), reason="no Nangate45 copy on this machine")
def test_stage_delay_of_nangate45_with_and_without_its_wire_load(tmp_path):
    out = run_cli("pdk", "stage-delay", "nangate45", "freepdk45/nom", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    t = pd.read_csv(tmp_path / "stage_delay.csv").set_index(["pdk", "wire_load"])["fo4_ps"]
    # Net capacitance only adds delay; each X1 inverter stage is tens of ps in 45 nm.
    assert t[("nangate45", "5K_hvratio_1_1")] > t[("nangate45", "off")] > 10
    assert 10 < t[("freepdk45", "none")] < 40
