"""User-facing errors: the CLI prints their message on one line and exits non-zero, without a traceback."""


class CryptoppaError(Exception):
    """Bad input or a missing prerequisite, explained in one line."""


class ToolError(CryptoppaError):
    """An external tool failed; `log` names the file with its full output."""

    def __init__(self, message: str, log: str | None = None):
        super().__init__(message + (f" (log: {log})" if log else ""))
        self.log = log
