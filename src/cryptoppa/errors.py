"""User-facing errors. The CLI prints their message on one line and exits with the class's code, no traceback.

| class | exit code | meaning |
|---|---|---|
| CryptoppaError | 1 | anything else we can explain in one line |
| InputError | 2 | bad input: an option, a file, a key in a sweep or design file |
| ToolError | 3 | an external tool failed or timed out (`log` names its output) |
| MissingToolError | 4 | an external tool or PDK is not installed (the message says how to get it) |
| DoesNotFit | 3 | a design needs more of a resource than the FPGA device has (a result, recorded as a failed row) |
"""


_LOG = " (log: "  # how a ToolError's message ends: the file with the tool's full output


def without_log(message: str) -> str:
    """A ToolError's message without its log path (which names a folder on the measuring machine)."""
    return message.split(_LOG)[0]


class CryptoppaError(Exception):
    """Bad input or a missing prerequisite, explained in one line."""

    exit_code = 1


class InputError(CryptoppaError, ValueError):
    """The user's input (option, file, key) is not what was expected; the message names it."""

    exit_code = 2


class ToolError(CryptoppaError):
    """An external tool failed; `log` names the file with its full output."""

    exit_code = 3

    def __init__(self, message: str, log: str | None = None):
        super().__init__(message + (f"{_LOG}{log})" if log else ""))
        self.log = log


class MissingToolError(ToolError):
    """A tool or library is not installed; the message says how to install it."""

    exit_code = 4


class DoesNotFit(ToolError):
    """The design needs more of a device resource than the FPGA has: a finding about the design, not a crash."""
