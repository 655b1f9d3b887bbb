"""The simulator's log: one line per event on stderr, prefixed with the program's name."""

from __future__ import annotations

import sys
import threading

from .clock import utc_timestamp

PROGRAM = "bank-simulator"


class Log:
    """Writes one line per event on stderr, from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def line(self, message: str) -> None:
        """Writes `message` on stderr, prefixed with the program's name and the time."""
        with self._lock:
            try:
                sys.stderr.write(f"{PROGRAM}: {utc_timestamp()} {message}\n")
                sys.stderr.flush()
            except (OSError, ValueError):
                pass  # stderr closed: logging must never break a request
