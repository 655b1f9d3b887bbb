"""`python3 -m bank_simulator` (run from Scripts/): the same as `python3 Scripts/bank-simulator.py`."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
