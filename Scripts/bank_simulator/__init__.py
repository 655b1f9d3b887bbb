"""A bank on loopback for the Wiring project's bank client (its interface: Scripts/README-bank-simulator.md).

It speaks the bank's HTTP interface over HTTP/1.1 (keep-alive, Content-Length on every reply):

    POST /v1/accounts/{account}/deposits   {"amount_cents": 4500, "currency": "USD"}
         201 first credit, 200 replay of the same Idempotency-Key and body, 409 same key with a
         different body, 400 malformed request
    GET  /v1/accounts/{account}            {"account": "...", "balance_cents": 14500}

It keeps its ledger in a JSON file (written atomically after every credit, loaded at start) so
tests can check that no deposit was lost or counted twice, and it can inject faults into deposit
requests (delays, 5xx replies, dropped connections, garbage, truncated and oversized bodies),
from the command line (`--fault`) or at run time through `/_control/faults`.

The package, one concept a module, each depending only on those above it:

    protocol       the interface's paths, limits and JSON replies; request validation
    clock          the ledger's timestamps and the Date header, made once per second
    log            one line per event on stderr
    faults         fault specs, their parser, and the plan that picks one per deposit
    ledger         balances, deposits and idempotency keys, kept in a JSON file
    http_headers   the fast parser of request headers of the usual form
    http_server    the request handler (routing, replies, faults) and the threaded server
    cli            the command line: arguments, start-up, signals, shutdown, exit status

Run it as `python3 Scripts/bank-simulator.py` (a thin entry point) or, from Scripts/, as
`python3 -m bank_simulator`. See Scripts/README-bank-simulator.md for the command line, the
control endpoint and the ledger format. Python 3.9+ standard library only.
"""
