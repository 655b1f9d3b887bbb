#!/usr/bin/env python3
"""A bank on loopback for the Wiring project's bank client (its interface: Scripts/README-bank-simulator.md).

The entry point the tests, the benchmarks and the demo launch: it runs the `bank_simulator`
package next to it (Scripts/bank_simulator/), whose modules hold the ledger, the faults, the
HTTP server and the command line. Run it as

    python3 Scripts/bank-simulator.py --ledger PATH [--port 0] [--fault SPEC]... [...]

See Scripts/README-bank-simulator.md for the command line, the control endpoint and the ledger
format. Python 3.9+ standard library only.
"""

import sys
from pathlib import Path

# The package sits next to this file; put its folder first on the path even when Python was
# started without the script's folder on it (`-P`, `-I`, PYTHONSAFEPATH).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bank_simulator.cli import main  # noqa: E402 (needs the path above)

if __name__ == "__main__":
    sys.exit(main())
