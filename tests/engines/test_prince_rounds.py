"""Reduced-round PRINCE (designs/prince, ROUNDS): the reference written from the specification keeps the
alpha-reflection (decryption through the same core with k1 xor alpha inverts encryption) for every allowed ROUNDS,
reproduces the paper's Appendix A vectors at 12, differs from them below, and has no known answers below 12."""

import random

import pytest

from cryptoppa import designs
from engine_driver import load_reference

REF = load_reference(designs.get("prince").verify.reference)


@pytest.mark.parametrize("rounds", designs.get("prince").params["ROUNDS"].allowed)
def test_decryption_by_alpha_reflection_inverts_every_variant(rounds):
    rng = random.Random(rounds)
    for _ in range(64):
        key, block = rng.randbytes(16), rng.getrandbits(64)
        assert REF.prince(key, REF.prince(key, block, rounds=rounds), True, rounds) == block


def test_only_the_full_cipher_meets_the_papers_vectors():
    for pt, k0, k1, ct in REF.PAPER_VECTORS:
        key = k0.to_bytes(8, "big") + k1.to_bytes(8, "big")
        assert REF.prince(key, pt) == ct
        assert all(REF.prince(key, pt, rounds=r) != ct for r in (4, 6, 8, 10))
    assert REF.known_answers({"LINE_BYTES": 64}) and not REF.known_answers({"LINE_BYTES": 64, "ROUNDS": 6})
    with pytest.raises(ValueError):
        REF.prince(bytes(16), 0, rounds=7)
