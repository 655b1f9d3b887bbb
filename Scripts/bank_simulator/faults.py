"""Fault injection into deposit requests: specs, their parser, and the plan that applies them.

A spec is `KIND` or `KIND:key=value,...` (`--fault`, or a `POST /_control/faults` body). The
`FaultPlan` holds the active faults in order and picks the one for each well-formed deposit;
the HTTP handler carries it out.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
import threading
from typing import Any, Callable, Dict, List, Mapping, Optional

DEFAULT_OVERSIZE_BYTES = 1024 * 1024
MAX_FAULT_SECONDS = 3600.0
MAX_OVERSIZE_BYTES = 256 * 1024 * 1024
INJECTED_STATUS_CODES = (500, 502, 503, 504)
GARBAGE_BODY = b"<html>oops</html>"


class FaultSpecError(ValueError):
    """A `--fault` spec (or a control request's fault) that cannot be parsed."""


def _parse_seconds(key: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise FaultSpecError(f"{key} must be a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or value > MAX_FAULT_SECONDS:
        raise FaultSpecError(f"{key} must be between 0 and {MAX_FAULT_SECONDS:g} seconds, got {text!r}")
    return value


def _parse_int(key: str, text: str, minimum: int, maximum: int) -> int:
    if not re.fullmatch(r"[0-9]+", text):
        raise FaultSpecError(f"{key} must be a whole number, got {text!r}")
    value = int(text)
    if value < minimum or value > maximum:
        raise FaultSpecError(f"{key} must be between {minimum} and {maximum}, got {text!r}")
    return value


def _parse_status_code(key: str, text: str) -> int:
    value = _parse_int(key, text, 100, 599)
    if value not in INJECTED_STATUS_CODES:
        allowed = "|".join(str(code) for code in INJECTED_STATUS_CODES)
        raise FaultSpecError(f"{key} must be one of {allowed}, got {text!r}")
    return value


def _parse_rate(key: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise FaultSpecError(f"{key} must be a probability between 0 and 1, got {text!r}") from None
    if not math.isfinite(value) or value < 0 or value > 1:
        raise FaultSpecError(f"{key} must be a probability between 0 and 1, got {text!r}")
    return value


@dataclasses.dataclass(frozen=True)
class ParamRule:
    """How one fault parameter is parsed, and its default when it is optional."""

    parse: Callable[[str, str], Any]
    required: bool = False
    default: Any = None


_SECONDS = ParamRule(_parse_seconds, required=True)

FAULT_KINDS: Mapping[str, Mapping[str, ParamRule]] = {
    "delay": {"seconds": _SECONDS},
    "stall-body": {"seconds": _SECONDS},
    "status": {
        "code": ParamRule(_parse_status_code, required=True),
        "retry_after": ParamRule(lambda k, v: _parse_int(k, v, 0, 86400)),
    },
    "drop-before": {},
    "drop-after": {},
    "garbage": {},
    "truncate": {},
    "oversize": {
        "bytes": ParamRule(lambda k, v: _parse_int(k, v, 1, MAX_OVERSIZE_BYTES),
                           default=DEFAULT_OVERSIZE_BYTES),
    },
}
COMMON_FAULT_PARAMS: Mapping[str, ParamRule] = {
    "times": ParamRule(lambda k, v: _parse_int(k, v, 1, 10**9)),
    "rate": ParamRule(_parse_rate, default=1.0),
}
# Kinds that answer without touching the ledger; every other kind credits normally first.
FAULTS_BEFORE_PROCESSING = frozenset({"status", "drop-before"})


@dataclasses.dataclass
class Fault:
    """One active fault: its kind, parameters, and how many more times it may apply."""

    spec: str
    kind: str
    params: Dict[str, Any]
    times: Optional[int]  # None: no limit
    rate: float
    remaining: Optional[int]
    applied: int = 0

    def describe(self) -> Dict[str, Any]:
        """The fault as `GET /_control/faults` lists it."""
        return {"spec": self.spec, "kind": self.kind, "params": dict(self.params),
                "times": self.times, "rate": self.rate, "remaining": self.remaining,
                "applied": self.applied}


def _split_fault_params(spec: str, text: str) -> Dict[str, str]:
    """Splits `key=value,key=value` into a dict, rejecting empty and repeated keys."""
    pairs: Dict[str, str] = {}
    for item in text.split(","):
        key, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not key or not value:
            raise FaultSpecError(f"fault {spec!r}: expected key=value, got {item.strip()!r}")
        if key in pairs:
            raise FaultSpecError(f"fault {spec!r}: {key} is given twice")
        pairs[key] = value
    return pairs


def parse_fault(spec: str) -> Fault:
    """Parses `KIND` or `KIND:key=value,...` into a `Fault`; raises `FaultSpecError`."""
    if not isinstance(spec, str) or not spec.strip():
        raise FaultSpecError("a fault spec must be a non-empty string like 'drop-after:times=1'")
    text = spec.strip()
    kind, colon, rest = (part.strip() for part in text.partition(":"))
    if kind not in FAULT_KINDS:
        known = ", ".join(FAULT_KINDS)
        raise FaultSpecError(f"fault {text!r}: unknown kind {kind!r} (known kinds: {known})")
    if colon and not rest:
        raise FaultSpecError(f"fault {text!r}: expected key=value after ':'")
    raw = _split_fault_params(text, rest) if rest else {}
    rules = {**FAULT_KINDS[kind], **COMMON_FAULT_PARAMS}
    values: Dict[str, Any] = {}
    for key, value in raw.items():
        rule = rules.get(key)
        if rule is None:
            allowed = ", ".join(rules)
            raise FaultSpecError(f"fault {text!r}: unknown key {key!r} for {kind} (allowed: {allowed})")
        try:
            values[key] = rule.parse(key, value)
        except FaultSpecError as error:
            raise FaultSpecError(f"fault {text!r}: {error}") from None
    for key, rule in rules.items():
        if key not in values:
            if rule.required:
                raise FaultSpecError(f"fault {text!r}: {kind} needs {key}=...")
            values[key] = rule.default
    times = values.pop("times")
    rate = values.pop("rate")
    params = {key: value for key, value in values.items() if value is not None}
    return Fault(spec=text, kind=kind, params=params, times=times, rate=rate, remaining=times)


class FaultPlan:
    """The active faults, in order, shared by every request thread."""

    def __init__(self, faults: List[Fault], seed: Optional[int]) -> None:
        self._lock = threading.Lock()
        self._faults = list(faults)
        self._random = random.Random(seed)

    def choose(self) -> Optional[Fault]:
        """Picks the fault for the next deposit request and spends one of its budget.

        The first fault, in order, that has budget left and wins its `rate` draw applies.
        """
        with self._lock:
            for fault in self._faults:
                if fault.remaining == 0:
                    continue
                if fault.rate < 1.0 and self._random.random() >= fault.rate:
                    continue
                if fault.remaining is not None:
                    fault.remaining -= 1
                fault.applied += 1
                return dataclasses.replace(fault)
            return None

    def replace(self, faults: List[Fault]) -> None:
        """Makes `faults` the active faults, in that order."""
        with self._lock:
            self._faults = list(faults)

    def describe(self) -> List[Dict[str, Any]]:
        """The active faults with their remaining budgets."""
        with self._lock:
            return [fault.describe() for fault in self._faults]


def pad_json_object(body: bytes, size: int) -> bytes:
    """Pads a compact JSON object to exactly `size` bytes with a `padding` field, when it fits."""
    filler = size - len(body) - len(b',"padding":""')
    if filler < 0 or not body.endswith(b"}"):
        return body
    return body[:-1] + b',"padding":"' + b"x" * filler + b'"}'
