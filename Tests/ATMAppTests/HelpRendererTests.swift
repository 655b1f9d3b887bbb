@testable import ATMCLI
import Testing

/// Every help the command line prints, word for word: the renderer writes them from the command
/// table, and they read as they did when they were written by hand.
struct HelpRendererTests {
    @Test func theGeneralHelpListsEveryCommand() throws {
        let table = Self.makeTable()
        let renderer = HelpRenderer(table: table)
        #expect(renderer.general == """
            usage: atm <command> [options]

            Deposits cash into a bank account.

            commands:
              deposit <bills>...   deposit bills, such as 20 20 5 or 20x2 5
              pending              list the deposits whose outcome is not known yet
              sync                 complete the pending deposits with the bank
              graph                print the app's object graph
              validate             check the app's object graph and its wiring rules
              help [<command>]     show help for a command

            Run 'atm <command> --help' for a command's options.
            """)
    }

    @Test func depositsHelpListsEveryOptionWithItsVariable() throws {
        let table = Self.makeTable()
        let renderer = HelpRenderer(table: table)
        #expect(renderer.page(try #require(table.command(named: "deposit"))) == """
            usage: atm deposit <bills>... [--account ID] [--bank URL] [--json]

            Deposits bills into an account. Write each bill by its face value (20 20 5), or a face
            value and a count (20x2 5). Accepted face values: 1, 2, 5, 10, 20, 50 and 100; at most
            50 notes and $2,500.00 per deposit.

            options:
              --account ID               the account to credit, or ATM_ACCOUNT
              --bank URL                 the bank's http or https URL, or ATM_BANK_URL
              --json                     print the receipt as JSON
              --timeout SECONDS          how long one attempt may take (default 15)
              --connect-timeout SECONDS  how long to wait for a connection (default 5)
              --ca-file PATH             also trust this certificate authority file, or ATM_CA_FILE
              --allow-insecure-http      allow plain http to a host that is not loopback
              --journal PATH             the deposit journal, or ATM_JOURNAL (default:
                                         $XDG_STATE_HOME/atm/journal.json or
                                         ~/.local/state/atm/journal.json)
              -h, --help                 show this help

            environment:
              ATM_BANK_TOKEN             a bearer token for the bank; never printed

            Every deposit is recorded in the journal before it is sent. When the bank's answer is
            lost, the deposit stays there as pending; 'atm sync' completes it with the same
            idempotency key, so the bank credits it exactly once.

            exit status: 0 deposited, 64 bad usage, 65 bad bills or refused by the bank,
            69 bank unavailable (nothing was recorded), 70 broken object graph, 72 journal
            full (nothing was sent; run sync), 73 deposited but the receipt could not be
            written, 74 journal unreadable or unwritable (nothing was sent), 75 pending
            (run sync), 77 credentials refused
            """)
    }

    @Test func pendingsHelpShowsItsOptionsInTheUsageLineOnly() throws {
        let table = Self.makeTable()
        let renderer = HelpRenderer(table: table)
        #expect(renderer.page(try #require(table.command(named: "pending"))) == """
            usage: atm pending [--journal PATH] [--json]

            Lists the deposits of the journal whose outcome is not known yet, with their amounts.

            exit status: 0 listed, 64 bad usage, 73 the list could not be written, 74 journal unreadable or corrupt
            """)
    }

    @Test func syncsHelpNamesItsOptionsAsForDeposit() throws {
        let table = Self.makeTable()
        let renderer = HelpRenderer(table: table)
        #expect(renderer.page(try #require(table.command(named: "sync"))) == """
            usage: atm sync [--bank URL] [--journal PATH] [--json]

            Re-sends every pending deposit of the journal with its original idempotency key, so the
            bank credits each exactly once, and removes the confirmed ones from the journal. Each
            deposit goes to the account it was made for, and to the bank it was sent to; with --bank
            (or ATM_BANK_URL), only the deposits made with that bank are sent.

            options: --bank, --journal, --timeout, --connect-timeout, --ca-file,
            --allow-insecure-http, --json, as for deposit

            exit status: 0 every pending deposit confirmed (or none pending), 64 bad usage,
            65 the bank refused a deposit for good (it stays in the journal for review),
            73 synced but the summary could not be written, 74 journal unreadable or
            unwritable (the summary says what was done), 75 some deposits are still pending
            """)
    }

    @Test func graphsHelpListsTheFormatOption() throws {
        let table = Self.makeTable()
        let renderer = HelpRenderer(table: table)
        #expect(renderer.page(try #require(table.command(named: "graph"))) == """
            usage: atm graph [--format text|dot|mermaid|json]

            Prints the app's resolved object graph: every binding, the module that declared it and
            where, and every dependency. Provider edges are dashed in dot and mermaid.

            options:
              --format FORMAT   text (an indented tree, the default), dot (Graphviz), mermaid
                                (renders on GitHub), or json (the documented schema)
              -h, --help        show this help

            exit status: 0 printed, 64 bad usage, 65 the graph does not validate, 73 the graph could not be
            written
            """)
    }

    @Test func validatesHelpHasNoOptions() throws {
        let table = Self.makeTable()
        let renderer = HelpRenderer(table: table)
        #expect(renderer.page(try #require(table.command(named: "validate"))) == """
            usage: atm validate

            Checks the app's object graph, with every wiring rule, and prints every problem with its
            location and its fix.

            exit status: 0 valid, 64 bad usage, 65 not valid, 73 the result could not be written
            """)
    }

    @Test func depositsHelpShowsTheDefaultsOfAnAppThatHasThem() throws {
        let table = Self.makeTable(program: "atm-dev", defaults: ATMDefaults(account: "developer", builtInBank: "memory", stateFolder: "atm-dev"))
        let renderer = HelpRenderer(table: table)
        #expect(renderer.page(try #require(table.command(named: "deposit"))) == """
            usage: atm-dev deposit <bills>... [--account ID] [--bank URL] [--json]

            Deposits bills into an account. Write each bill by its face value (20 20 5), or a face
            value and a count (20x2 5). Accepted face values: 1, 2, 5, 10, 20, 50 and 100; at most
            50 notes and $2,500.00 per deposit.

            options:
              --account ID               the account to credit, or ATM_ACCOUNT (default: developer)
              --bank URL                 the bank's http or https URL, or ATM_BANK_URL (not needed: the development bank is in memory)
              --json                     print the receipt as JSON
              --timeout SECONDS          how long one attempt may take (default 15)
              --connect-timeout SECONDS  how long to wait for a connection (default 5)
              --ca-file PATH             also trust this certificate authority file, or ATM_CA_FILE
              --allow-insecure-http      allow plain http to a host that is not loopback
              --journal PATH             the deposit journal, or ATM_JOURNAL (default:
                                         $XDG_STATE_HOME/atm-dev/journal.json or
                                         ~/.local/state/atm-dev/journal.json)
              -h, --help                 show this help

            environment:
              ATM_BANK_TOKEN             a bearer token for the bank; never printed

            Every deposit is recorded in the journal before it is sent. When the bank's answer is
            lost, the deposit stays there as pending; 'atm-dev sync' completes it with the same
            idempotency key, so the bank credits it exactly once.

            exit status: 0 deposited, 64 bad usage, 65 bad bills or refused by the bank,
            69 bank unavailable (nothing was recorded), 70 broken object graph, 72 journal
            full (nothing was sent; run sync), 73 deposited but the receipt could not be
            written, 74 journal unreadable or unwritable (nothing was sent), 75 pending
            (run sync), 77 credentials refused
            """)
    }

    // MARK: - Factories

    static func makeTable(program: String = "atm", defaults: ATMDefaults = ATMDefaults()) -> CommandTable {
        CommandTable(program: program, defaults: defaults)
    }
}
