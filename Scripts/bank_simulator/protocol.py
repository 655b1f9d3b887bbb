"""The bank's HTTP interface (Scripts/README-bank-simulator.md) as data: paths, limits, replies, validation.

What a request must look like and what a reply is made of, independent of how it is served: the
path patterns, the body and key limits, compact JSON replies, the `ApiError` that becomes a
`{"error": message}` reply, and the checks of a deposit request's account, key, content type
and body.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, Mapping, Optional, Tuple

ACCOUNT_PATTERN = re.compile(r"[A-Za-z0-9._-]{1,64}")
DEPOSITS_PATH = re.compile(r"/v1/accounts/([^/]+)/deposits")
ACCOUNT_PATH = re.compile(r"/v1/accounts/([^/]+)")
MAX_IDEMPOTENCY_KEY_LENGTH = 255
MAX_BODY_BYTES = 64 * 1024
MAX_BALANCE_CENTS = 2**53 - 1  # the largest integer every JSON parser reads exactly
CURRENCY = "USD"
JSON_CONTENT_TYPE = "application/json"


# One encoder and one decoder for every request: `json.dumps` and `json.loads` given options
# build a new one (and its C scanner) on every call. Both are stateless between calls.
_COMPACT_JSON = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True)


def json_bytes(value: Any) -> bytes:
    """Serialises `value` as compact JSON; the same value always gives the same bytes."""
    return _COMPACT_JSON.encode(value).encode("ascii")


def is_strict_int(value: Any) -> bool:
    """True for a JSON integer: `int` but not `bool` (which Python treats as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


class ApiError(Exception):
    """A request that gets a JSON error reply `{"error": message}` with `status`."""

    def __init__(self, status: int, message: str, headers: Optional[Dict[str, str]] = None,
                 close: bool = False) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.close = close


def deposit_reply(deposit: Mapping[str, Any]) -> bytes:
    """The reply body of a deposit; a replay gets the very same bytes."""
    return json_bytes({"deposit_id": deposit["deposit_id"], "account": deposit["account"],
                       "amount_cents": deposit["amount_cents"],
                       "balance_cents": deposit["balance_cents"]})


def validate_account(segment: str) -> str:
    """Returns the account named by a path segment, or raises a 400."""
    if not ACCOUNT_PATTERN.fullmatch(segment):
        raise ApiError(400, "account must be 1 to 64 characters from A-Z a-z 0-9 . _ -")
    return segment


def validate_idempotency_key(value: Optional[str]) -> str:
    """Returns the Idempotency-Key header's value, or raises a 400."""
    if value is None or not value.strip():
        raise ApiError(400, "the Idempotency-Key header is required")
    if len(value) > MAX_IDEMPOTENCY_KEY_LENGTH:
        raise ApiError(400, f"the Idempotency-Key header must be at most {MAX_IDEMPOTENCY_KEY_LENGTH} characters")
    return value


def validate_json_content_type(value: Optional[str]) -> None:
    """Raises a 415 unless the Content-Type is application/json (parameters allowed)."""
    media_type = (value or "").split(";", 1)[0].strip().lower()
    if media_type != JSON_CONTENT_TYPE:
        raise ApiError(415, "Content-Type must be application/json")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# `json.loads(text, parse_constant=...)` without a new decoder per call. (A leading byte order
# mark, which `json.loads` refuses with its own message, is refused here as a bad first value:
# either way it is the same 400.)
_STRICT_JSON = json.JSONDecoder(parse_constant=_reject_constant)


def parse_json_object(body: bytes) -> Dict[str, Any]:
    """Parses a request body that must be a JSON object, or raises a 400."""
    try:
        value = _STRICT_JSON.decode(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ApiError(400, "the request body is not valid JSON") from None
    if not isinstance(value, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return value


def parse_deposit_body(body: bytes) -> Tuple[int, str]:
    """Returns (amount_cents, currency) from a deposit request body, or raises a 400."""
    fields = parse_json_object(body)
    if "amount_cents" not in fields:
        raise ApiError(400, "amount_cents is required")
    amount = fields["amount_cents"]
    if not is_strict_int(amount):
        raise ApiError(400, "amount_cents must be an integer number of cents")
    if amount <= 0:
        raise ApiError(400, "amount_cents must be positive")
    if amount > MAX_BALANCE_CENTS:
        raise ApiError(400, f"amount_cents must be at most {MAX_BALANCE_CENTS}")
    if "currency" not in fields:
        raise ApiError(400, "currency is required")
    if fields["currency"] != CURRENCY:
        raise ApiError(400, f"currency must be {CURRENCY}")
    return amount, CURRENCY
