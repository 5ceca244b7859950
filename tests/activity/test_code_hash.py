"""The flow's activity code hash (part of every simulated-activity run's cache key) covers what the flow runs."""

import subprocess
import sys
from pathlib import Path

from cryptoppa.activity import FLOW_MODULES


def test_flow_modules_list_every_activity_module_the_flow_step_imports():
    code = ("import sys, cryptoppa.flow.activity_step; "
            "print('\\n'.join(m.__file__ for n, m in sys.modules.items() if n.startswith('cryptoppa.activity')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    imported = {Path(line).name for line in out.split()}
    assert "capture.py" in imported and "workload.py" in imported
    assert imported <= set(FLOW_MODULES), imported - set(FLOW_MODULES)
    # The core-energy modules stay out, so editing them does not rerun every simulated-activity sweep point.
    assert not {"gatesim.py", "saif.py", "core_workload.py"} & set(FLOW_MODULES)


def test_the_flow_step_itself_is_in_the_plan():
    from cryptoppa.flow import activity_step, plan
    assert Path(activity_step.__file__).name == "activity_step.py"
    assert "code_sha256(Path(activity_step.__file__))" in Path(plan.__file__).read_text()
