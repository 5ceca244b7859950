"""Baselines the engines are compared with: the host CPU (OpenSSL) and, elsewhere, software on our RV32 cores."""
