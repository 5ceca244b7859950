"""`python -m cryptoppa.tools.yosys_worker SCRIPT`: run one Yosys script in a fresh process.

pyosys is a library, not a command; one process per step keeps a crash or a hang of one step from taking the
caller with it, and lets the runner apply its timeout.
"""

import sys

from pyosys import libyosys as ys


def main() -> int:
    design = ys.Design()
    try:
        ys.run_pass(f"script {sys.argv[1]}", design)
    except Exception as err:  # pyosys raises a bare RuntimeError-like error on any failed pass
        print(f"ERROR: {err}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
