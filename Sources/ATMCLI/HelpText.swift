import BillScanner

/// The `--help` texts.
enum HelpText {
    static func general(_ name: String) -> String {
        """
        usage: \(name) <command> [options]

        Deposits cash into a bank account.

        commands:
          deposit <bills>...   deposit bills, such as 20 20 5 or 20x2 5
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
        let bankDefault = defaults.bankURL == nil ? "" : " (not needed: the development bank is in memory)"
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
              -h, --help                 show this help

            environment:
              ATM_BANK_TOKEN             a bearer token for the bank; never printed

            exit status: 0 deposited, 64 bad usage, 65 bad bills, 69 bank unavailable,
            75 outcome unknown (the deposit may have been recorded), 77 credentials refused
            """
    }
}
