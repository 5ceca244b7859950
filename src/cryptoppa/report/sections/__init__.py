"""The sections of a report, each a function from the answer model to document blocks; they format, never compute."""
