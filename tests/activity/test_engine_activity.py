"""Annotated power of gcm_iter (DIGIT=16) saturated and idle: gate-level results checked against `cryptography`."""

import re

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from cryptoppa import designs, flow
from cryptoppa.flow import design_point

from support import load_metrics

pytestmark = [pytest.mark.eda, pytest.mark.full]  # gcm_iter synthesis and gate-level simulation: minutes


def characterize(runs, activity):
    d = designs.get("gcm_iter")
    point = design_point(d, pdk="freepdk45", corner="nom", clock_mhz=225.0, params=d.resolve_params({"DIGIT": 16}),
                         activity_mode=activity)
    return flow.characterize(point, runs).run_dir


@pytest.fixture(scope="module")
def saturated(flexlib_home, runs_dir):
    return characterize(runs_dir, "sim:saturated")


@pytest.fixture(scope="module")
def idle(flexlib_home, runs_dir):
    return characterize(runs_dir, "sim:idle")


def test_gate_level_simulation_encrypts_like_cryptography(saturated):
    # The activity comes from the netlist with generated cell models: its results must be AES-GCM's.
    log = (saturated / "activity" / "sim.log").read_text().splitlines()
    key = bytes.fromhex(next(ln for ln in log if ln.startswith("KEY")).split()[1])
    lines = {f[1]: [bytes.fromhex(x) for x in f[2:]] for f in (ln.split() for ln in log) if f[:1] == ["IN"]}
    outs = [f for f in (ln.split() for ln in log) if f[:1] == ["OUT"]]
    assert len(outs) >= 6
    for _, line_id, data, tag in outs:
        iv, aad, plain = lines[line_id]
        assert AESGCM(key).encrypt(iv, plain, aad).hex() == data + tag


def test_saturated_energy_per_byte(saturated):
    m = load_metrics(saturated)
    assert m["power__activity__coverage"] > 0.9
    assert m["power__activity__cycles_per_line"] == m["perf__cycles_per_line"]
    per_byte = m["power__total"] * m["perf__cycles_per_line"] / 225e6 / 64 * 1e12
    assert m["power__energy_per_byte"] == pytest.approx(per_byte, rel=1e-9)


def test_idle_power_is_leakage_plus_clocked_flops(saturated, idle):
    mi, ms = load_metrics(idle), load_metrics(saturated)
    assert "power__energy_per_byte" not in mi
    assert mi["power__total"] < ms["power__total"]
    report = (idle / "reports/power.rpt").read_text()
    seq_internal = float(re.search(r"^Sequential\s+(\S+)", report, re.M).group(1))
    # Idle, nothing but the clock moves: what is left beyond leakage and the flip-flops' clock-pin internal
    # power (logic and net switching) is a small part.
    rest = mi["power__total"] - mi["power__leakage__total"] - seq_internal
    assert rest < 0.1 * mi["power__total"], (rest, mi["power__total"])


def _net_activity(run) -> dict[str, float]:
    """Net name -> simulated transitions per cycle, from the run's activity/activity.tcl."""
    found = {}
    for line in (run / "activity" / "activity.tcl").read_text().splitlines():
        m = re.match(r"cryptoppa_net_activity \{(.+)\} (\S+) (\S+)$", line)
        if m:
            found[m.group(1).replace("\\", "")] = float(m.group(2))
    return found


def test_key_registers_hold_still_while_lines_stream(saturated):
    """The stored AES key (the on-the-fly schedule's k0) and the GHASH key H change only on key expansion, so at
    saturation their nets do not toggle at all, where the vectorless model would charge them as toggling; the
    round key, recomputed every round, does."""
    nets = _net_activity(saturated)
    held = {n: a for n, a in nets.items() if re.fullmatch(r"(u_aes\.g_otf\.k0|h)\[\d+\]", n)}
    assert len(held) == 256 and all(a == 0 for a in held.values()), sorted(held.items())[:4]
    rounds = [a for n, a in nets.items() if re.fullmatch(r"u_aes\.rk_round\[\d+\]", n)]
    assert len(rounds) == 128 and sum(rounds) / len(rounds) > 0.1
