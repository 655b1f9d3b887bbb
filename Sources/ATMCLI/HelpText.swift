import BillScanner

/// The `--help` texts.
enum HelpText {
    static func general(_ name: String) -> String {
        """
        usage: \(name) <command> [options]

        Deposits cash into a bank account.

        commands:
          deposit <bills>...   deposit bills, such as 20 20 5 or 20x2 5
          pending              list the deposits whose outcome is not known yet
          sync                 complete the pending deposits with the bank
          graph                print the app's object graph
          validate             check the app's object graph and its wiring rules
          help [<command>]     show help for a command

        Run '\(name) <command> --help' for a command's options.
        """
    }

    static func graph(_ name: String) -> String {
        """
        usage: \(name) graph [--format text|dot|mermaid|json]

        Prints the app's resolved object graph: every binding, the module that declared it and
        where, and every dependency. Provider edges are dashed in dot and mermaid.

        options:
          --format FORMAT   text (an indented tree, the default), dot (Graphviz), mermaid
                            (renders on GitHub), or json (the documented schema)
          -h, --help        show this help

        exit status: 0 printed, 64 bad usage, 65 the graph does not validate
        """
    }

    static func validate(_ name: String) -> String {
        """
        usage: \(name) validate

        Checks the app's object graph, with every wiring rule, and prints every problem with its
        location and its fix.

        exit status: 0 valid, 65 not valid
        """
    }

    static func deposit(_ name: String, defaults: ATMDefaults) -> String {
        let accountDefault = defaults.account.map { " (default: \($0))" } ?? ""
        let bankDefault = defaults.builtInBank == nil ? "" : " (not needed: the development bank is in memory)"
        return """
            usage: \(name) deposit <bills>... [--account ID] [--bank URL] [--json]

            Deposits bills into an account. Write each bill by its face value (20 20 5), or a face
            value and a count (20x2 5). Accepted face values: 1, 2, 5, 10, 20, 50 and 100; at most
            \(BillScanner.maximumNoteCount) notes and \(BillScanner.maximumAmount) per deposit.

            options:
              --account ID               the account to credit, or ATM_ACCOUNT\(accountDefault)
              --bank URL                 the bank's http or https URL, or ATM_BANK_URL\(bankDefault)
              --json                     print the receipt as JSON
              --timeout SECONDS          how long one attempt may take (default 15)
              --connect-timeout SECONDS  how long to wait for a connection (default 5)
              --ca-file PATH             also trust this certificate authority file, or ATM_CA_FILE
              --allow-insecure-http      allow plain http to a host that is not loopback
              --journal PATH             the deposit journal, or ATM_JOURNAL (default:
                                         $XDG_STATE_HOME/\(name)/journal.json or
                                         ~/.local/state/\(name)/journal.json)
              -h, --help                 show this help

            environment:
              ATM_BANK_TOKEN             a bearer token for the bank; never printed

            Every deposit is recorded in the journal before it is sent. When the bank's answer is
            lost, the deposit stays there as pending; '\(name) sync' completes it with the same
            idempotency key, so the bank credits it exactly once.

            exit status: 0 deposited, 64 bad usage, 65 bad bills or refused by the bank,
            69 bank unavailable (nothing was recorded), 70 broken object graph, 74 journal
            unreadable or unwritable (nothing was sent), 75 pending (run sync), 77 credentials refused
            """
    }

    static func sync(_ name: String) -> String {
        """
        usage: \(name) sync [--bank URL] [--journal PATH] [--json]

        Re-sends every pending deposit of the journal with its original idempotency key, so the
        bank credits each exactly once, and removes the confirmed ones from the journal. Each
        deposit goes to the account it was made for, and to the bank it was sent to; with --bank
        (or ATM_BANK_URL), only the deposits made with that bank are sent.

        options: --bank, --journal, --timeout, --connect-timeout, --ca-file,
        --allow-insecure-http, --json, as for deposit

        exit status: 0 every pending deposit confirmed (or none pending), 64 bad usage,
        65 the bank refused a deposit for good (it stays in the journal for review),
        74 journal unreadable or unwritable, 75 some deposits are still pending
        """
    }

    static func pending(_ name: String) -> String {
        """
        usage: \(name) pending [--journal PATH] [--json]

        Lists the deposits of the journal whose outcome is not known yet, with their amounts.

        exit status: 0 listed, 64 bad usage, 74 journal unreadable or corrupt
        """
    }
}
