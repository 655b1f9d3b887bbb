"""The fast path of request parsing: request lines and headers of the usual form.

http.server reads headers with the `email` package, which takes longer than the rest of a
deposit. Requests of the usual form are parsed here, with the answers http.server and
http.client would give; anything else is left to them.
"""

from __future__ import annotations

import http.client
import re
from typing import Any, Dict, List, Optional

# The usual request line: `METHOD /path HTTP/1.1` (or 1.0), printable ASCII, single spaces. A
# path starting with `//` is left to http.server, which rewrites it.
SIMPLE_REQUEST_LINE = re.compile(rb"([!-~]+) ((?!//)[!-~]+) HTTP/1\.([01])\r?\n")
# Header lines of the usual form: `Name: value`, in printable ASCII (and tabs), then the blank
# line. The name's characters are those the `email` package accepts in a header name: printable
# ASCII except the colon.
SIMPLE_HEADER_BLOCK = re.compile(r"(?:[!-9;-~]+:[\t -~]*\r?\n)*(?:\r?\n)?")
SIMPLE_HEADER_LINE = re.compile(r"([!-9;-~]+):[ \t]*([\t -~]*)\r?\n")
MAX_HEADER_LINE_BYTES = 65536  # http.client's limits on request headers
MAX_HEADER_LINES = 100
END_OF_HEADERS = (b"\r\n", b"\n", b"")


class RequestHeaders:
    """Request headers read by `BankRequestHandler`'s fast path.

    It answers the lookups the handler makes as `http.client.HTTPMessage` answers them: names
    are matched without regard to case, `get` gives the first value, `get_all` every value in
    order, and a value is the text after the colon without its leading blanks and line end.
    """

    __slots__ = ("_values",)

    def __init__(self, values: Dict[str, List[str]]) -> None:
        self._values = values  # lower-case name -> values in order

    @classmethod
    def parse(cls, lines: List[bytes]) -> Optional["RequestHeaders"]:
        """The headers in `lines` (ending with the blank line or end of input), or None when a
        line is not of the usual form and must be left to http.client's parser."""
        text = b"".join(lines).decode("iso-8859-1")  # as http.client decodes them
        if not SIMPLE_HEADER_BLOCK.fullmatch(text):
            return None
        values: Dict[str, List[str]] = {}
        for name, value in SIMPLE_HEADER_LINE.findall(text):
            name = name.lower()
            if name in values:
                values[name].append(value)
            else:
                values[name] = [value]
        return cls(values)

    def get(self, name: str, failobj: Any = None) -> Any:
        """The first value of the header `name`, or `failobj`."""
        values = self._values.get(name.lower())
        return values[0] if values else failobj

    def get_all(self, name: str, failobj: Any = None) -> Any:
        """Every value of the header `name`, in order, or `failobj` when there is none."""
        values = self._values.get(name.lower())
        return list(values) if values else failobj

    def __getitem__(self, name: str) -> Optional[str]:
        return self.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._values


def read_header_lines(rfile: Any) -> List[bytes]:
    """Reads header lines up to the blank line, as `http.client.parse_headers` does.

    Raises `http.client.LineTooLong` for a line over 64 KiB and `http.client.HTTPException`
    for more than 100 lines, the exceptions http.server turns into its 431 replies.
    """
    lines: List[bytes] = []
    while True:
        line = rfile.readline(MAX_HEADER_LINE_BYTES + 1)
        if len(line) > MAX_HEADER_LINE_BYTES:
            raise http.client.LineTooLong("header line")
        lines.append(line)
        if len(lines) > MAX_HEADER_LINES:
            raise http.client.HTTPException(f"got more than {MAX_HEADER_LINES} headers")
        if line in END_OF_HEADERS:
            return lines
