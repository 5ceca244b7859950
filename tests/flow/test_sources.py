"""Users' own RTL as IP arrives: `include of a sibling file and of an include folder, defines, SystemVerilog, and
file lists. The flow stages exactly the included files into the run (hashed like every input) and passes the
defines to every tool."""

import json
import shutil

import pytest

from cryptoppa.designs import Sources, read_file_list
from cryptoppa.errors import InputError
from support import ROOT, load_metrics, run_cli

IP = ROOT / "tests" / "flow" / "ip"


def test_file_list_relative_to_the_list():
    src = read_file_list(IP / "files.f", relative_to_list=True)
    assert [f.name for f in src.files] == ["acc_core.v", "acc_top.sv"]
    assert src.include_dirs == ((IP / "inc").resolve(),) and src.defines == (("STEP", "3"),)
    assert src.systemverilog
    assert sorted(src.included()) == ["timescale.v", "widths.vh"]


def test_bad_file_lists_and_includes(tmp_path):
    (tmp_path / "a.f").write_text("-y libdir\n")
    with pytest.raises(InputError, match="unsupported option"):
        read_file_list(tmp_path / "a.f")
    (tmp_path / "b.f").write_text("+define+BAD=a b\n")
    with pytest.raises(InputError):
        read_file_list(tmp_path / "b.f")
    (tmp_path / "x.v").write_text('`include "../escape.v"\nmodule x; endmodule\n')
    (tmp_path.parent / "escape.v").write_text("")
    with pytest.raises(InputError, match="plain relative names"):
        Sources.checked([tmp_path / "x.v"]).included()
    with pytest.raises(InputError, match="does not exist"):
        read_file_list(tmp_path / "missing.f")


@pytest.mark.eda
def test_ip_with_includes_defines_and_systemverilog(flexlib_home, tmp_path):
    ip = tmp_path / "ip"
    shutil.copytree(IP, ip)
    runs = tmp_path / "runs"
    # -F: paths in the list are relative to the list; the run works from any folder.
    out = run_cli("run", "-F", ip / "files.f", "--top", "acc_top", "--runs", runs, "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    metrics = json.loads(out.stdout)
    assert metrics["synth__design__instance__count__sequential"]["value"] == 13  # 12-bit accumulator + wrap
    (run_dir,) = runs.glob("acc_top-synth-*")  # the synthesis run holds the sources
    run = json.loads((run_dir / "run.json").read_text())
    assert {"inc/timescale.v", "inc/widths.vh"} <= set(run["inputs"])
    assert run["point"]["defines"] == [["STEP", "3"]]
    # Another STEP, or another included file, is another point.
    again = run_cli("run", "-F", ip / "files.f", "--define", "STEP=5", "--top", "acc_top", "--runs", runs, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    (ip / "inc" / "widths.vh").write_text("`define ACC_WIDTH 12\n// edited\n")
    third = run_cli("run", "-F", ip / "files.f", "--top", "acc_top", "--runs", runs, cwd=tmp_path)
    assert third.returncode == 0, third.stderr
    assert len(list(runs.glob("acc_top-synth-*"))) == 3
    assert load_metrics(run_dir)["synth__design__instance__area__stdcell"] > 0
