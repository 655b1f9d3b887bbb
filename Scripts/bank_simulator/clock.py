"""The times the simulator writes: ledger timestamps and the HTTP `Date` header.

Each text is made once per second and reused, since formatting a date costs more than serving
part of a deposit.
"""

from __future__ import annotations

import email.utils
import math
import time
from datetime import datetime, timezone
from typing import Callable, Tuple


class _PerSecond:
    """Remembers the text made for the last whole second, so it is made once per second."""

    def __init__(self, make: Callable[[int], str]) -> None:
        self._make = make
        self._last: Tuple[int, str] = (-1, "")  # replaced whole, so threads never see half of it

    def text(self, second: int) -> str:
        last = self._last
        if last[0] != second:
            last = (second, self._make(second))
            self._last = last
        return last[1]


_UTC_TIMESTAMPS = _PerSecond(lambda second: datetime.fromtimestamp(second, timezone.utc)
                             .strftime("%Y-%m-%dT%H:%M:%SZ"))
_HTTP_DATES = _PerSecond(lambda second: email.utils.formatdate(second, usegmt=True))


def utc_timestamp() -> str:
    """Returns the current UTC time as `2026-11-22T21:00:00Z`.

    The same text as `datetime.now(timezone.utc).strftime(...)`, which also rounds the clock
    down to the second, made once per second.
    """
    return _UTC_TIMESTAMPS.text(time.time_ns() // 1_000_000_000)


def http_date(timestamp: float) -> str:
    """`email.utils.formatdate(timestamp, usegmt=True)`, the `Date` header, made once per second.

    `formatdate` goes through `datetime.fromtimestamp`, which rounds to the microsecond (half
    to even) before it drops the fraction, so a time 0.5 µs or less before a second is written
    as that second; so it is here.
    """
    fraction, whole = math.modf(timestamp)
    second = int(whole) + (1 if round(fraction * 1e6) >= 1_000_000 else 0)
    return _HTTP_DATES.text(second)
