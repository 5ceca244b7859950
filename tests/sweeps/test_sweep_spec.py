"""Sweep files: expansion, and malformed input rejected before any work with file, key and expected form."""

import textwrap

import pytest

from cryptoppa import stages
from cryptoppa.sweep import load
from cryptoppa.sweep.spec import SweepFileError

GOOD = """
[sweep]
name = "t"
output = "out"
designs = ["counter", "xor_tree"]
pdks = ["freepdk45"]
corners = ["nom", "slow"]
clocks_mhz = [225, 500.5]

[params.counter]
WIDTH = [8, 16]
"""


def write(tmp_path, text):
    path = tmp_path / "s.toml"
    path.write_text(textwrap.dedent(text))
    return path


def test_cartesian_product(tmp_path):
    spec = load(write(tmp_path, GOOD))
    # counter: 2 widths x 2 corners x 2 clocks; xor_tree: defaults x 2 x 2
    assert len(spec.points) == 8 + 4
    assert {p.params for p in spec.points if p.design == "counter"} == {(("WIDTH", 8),), (("WIDTH", 16),)}
    assert {p.clock_mhz for p in spec.points} == {225.0, 500.5}
    assert len({p.label() for p in spec.points}) == len(spec.points)


@pytest.mark.parametrize("change, key, expected", [
    ('designs = ["counter", "xor_tree"]', "sweep.designs", "unknown design 'nope'"),
    ('pdks = ["freepdk45"]', "sweep.pdks", "unknown PDK"),
    ('corners = ["nom", "slow"]', "sweep.corners", "corners of PDK"),
    ("clocks_mhz = [225, 500.5]", "sweep.clocks_mhz", "positive numbers"),
    ("WIDTH = [8, 16]", "params.counter.WIDTH", "integers from"),
    ('name = "t"', "sweep.colour", "one of the known keys"),
])
def test_bad_input_names_file_key_and_expected_form(tmp_path, change, key, expected):
    bad = {
        "sweep.designs": 'designs = ["counter", "nope"]',
        "sweep.pdks": 'pdks = ["sky999"]',
        "sweep.corners": 'corners = ["hot"]',
        "sweep.clocks_mhz": 'clocks_mhz = [-5]',
        "params.counter.WIDTH": "WIDTH = [7]",
        "sweep.colour": 'name = "t"\ncolour = "blue"',
    }[key]
    path = write(tmp_path, GOOD.replace(change, bad))
    with pytest.raises(SweepFileError) as err:
        load(path)
    assert str(path) in str(err.value) and key in str(err.value) and expected in str(err.value)


def test_malformed_toml_and_missing_file(tmp_path):
    with pytest.raises(SweepFileError, match="not valid TOML"):
        load(write(tmp_path, "[sweep\nname="))
    with pytest.raises(SweepFileError, match="sweep file .* does not exist"):
        load(tmp_path / "none.toml")


def test_n_needs_an_engine(tmp_path):
    with pytest.raises(SweepFileError, match="sweep.n"):
        load(write(tmp_path, GOOD.replace('name = "t"', 'name = "t"\nn = [1, 2]')))


def test_unknown_parameter_and_table(tmp_path):
    with pytest.raises(SweepFileError, match="params.counter.DEPTH"):
        load(write(tmp_path, GOOD + "DEPTH = [2]\n"))
    with pytest.raises(SweepFileError, match="params.gcm"):
        load(write(tmp_path, GOOD + "[params.gcm]\nX = [1]\n"))


def test_activity_modes_expand_and_are_checked(tmp_path):
    spec = load(write(tmp_path, GOOD.replace('clocks_mhz = [225, 500.5]',
                                             'clocks_mhz = [225]\nactivity_modes = ["vectorless", "sim:random"]')))
    assert {p.activity_mode for p in spec.points} == {"vectorless", "sim:random"}
    assert len({p.label() for p in spec.points}) == len(spec.points) == 2 * (2 * 2 + 2)
    bad = [('["sim:warp"]', "sim:warp"), ('["random"]', "random"), ('["sim:saturated"]', "not an engine")]
    for modes, message in bad:
        path = write(tmp_path, GOOD.replace('clocks_mhz = [225, 500.5]', f"clocks_mhz = [225]\nactivity_modes = {modes}"))
        with pytest.raises(SweepFileError, match="sweep.activity_modes") as err:
            load(path)
        assert message in str(err.value)


def test_utilization_sizes_routed_floorplans_only(tmp_path):
    routed = GOOD.replace('clocks_mhz = [225, 500.5]', 'clocks_mhz = [225]\nstage = "route"\nutilization = [0.7, 0.5]')
    spec = load(write(tmp_path, routed.replace('corners = ["nom", "slow"]', 'corners = ["nom"]')))
    utilization = stages.builtin.UTILIZATION
    assert {utilization.of(p.request()) for p in spec.points} == {0.7, 0.5}
    # The default stays unmarked, so rows routed before the key existed keep their labels.
    assert {p.label().endswith(" routed") for p in spec.points if utilization.of(p.request()) == 0.7} == {True}
    assert {p.label().endswith(" routed utilization=0.5") for p in spec.points
            if utilization.of(p.request()) == 0.5} == {True}
    # Route runs synthesis first with synthesis's own settings: the utilization is not among them.
    prior = stages.prerequisite(spec.points[-1].request())
    assert prior.stage == "synth" and utilization.name not in dict(prior.settings) and stages.refusal(prior) is None
    for text, expected in [('utilization = [0.5]', 'stage = "route"'), ('utilization = [0.99]', "0.95"),
                           ('utilization = [0.5, 0.5]', "distinct")]:
        path = write(tmp_path, GOOD.replace('name = "t"', f'name = "t"\n{text}'))
        with pytest.raises(SweepFileError, match="sweep.utilization") as err:
            load(path)
        assert expected in str(err.value), str(err.value)
