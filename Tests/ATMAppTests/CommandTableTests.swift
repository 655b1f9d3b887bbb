@testable import ATMCLI
import Foundation
import Testing

/// The command table and the one reader of arguments: every option the table gives a command is
/// read by that command, shown by its help exactly when the table says so, and every option it
/// does not take is refused with the message the command line has always given.
struct CommandTableTests {
    // MARK: - Help

    @Test(arguments: ["deposit", "pending", "sync", "graph", "validate"])
    func everyCommandsHelpListsExactlyTheOptionsTheTableShows(name: String) throws {
        for table in Self.makeTables() {
            let command = try #require(table.command(named: name))
            let page = HelpRenderer(table: table).page(command)
            let shown = Set(command.entries.filter(\.isShown).flatMap(\.option.spellings))
            #expect(Self.options(in: page) == shown, "\(table.program) \(name)")
        }
    }

    @Test func theTableShowsTheOptionsEachHelpHasAlwaysShown() throws {
        let table = Self.makeTable()
        func shown(_ name: String) throws -> [String] {
            try #require(table.command(named: name)).entries.filter(\.isShown).flatMap(\.option.spellings)
        }
        #expect(try shown("deposit") == [
            "--account", "--bank", "--json", "--timeout", "--connect-timeout", "--ca-file", "--allow-insecure-http", "--journal", "-h", "--help",
        ])
        #expect(try shown("sync") == ["--bank", "--journal", "--timeout", "--connect-timeout", "--ca-file", "--allow-insecure-http", "--json"])
        #expect(try shown("pending") == ["--journal", "--json"])
        #expect(try shown("graph") == ["--format", "-h", "--help"])
        #expect(try shown("validate") == [])
    }

    @Test func theOptionsAHelpSendsToAnotherCommandAreDescribedThere() throws {
        let table = Self.makeTable()
        for command in table.commands {
            guard case let .reference(other) = command.optionsSection else { continue }
            let described = Self.options(in: HelpRenderer(table: table).page(try #require(table.command(named: other))))
            let named = Set(command.entries.filter(\.isShown).flatMap(\.option.spellings))
            #expect(named.isSubset(of: described), "\(command.name) sends its options to \(other)")
        }
    }

    @Test func theGeneralHelpListsEveryCommandOfTheTable() {
        let table = Self.makeTable()
        let general = HelpRenderer(table: table).general
        let listed = general.split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed == table.commands.map(\.name) + ["help"])
    }

    // MARK: - Reading

    @Test(arguments: [
        (["deposit", "20", "--format", "dot"], "unknown option '--format'; run 'atm deposit --help' for usage"),
        (["deposit", "--json=yes"], "unknown option '--json=yes'; run 'atm deposit --help' for usage"),
        (["pending", "--format=dot"], "unknown option '--format=dot'; run 'atm pending --help' for usage"),
        (["pending", "20"], "pending takes no bills; run 'atm pending --help' for usage"),
        (["sync", "--format", "dot"], "unknown option '--format'; run 'atm sync --help' for usage"),
        (["sync", "--account", "alice"], "sync takes no --account: each pending deposit goes to the account it was made for"),
        (["sync", "--account=alice", "5"], "sync takes no bills; run 'atm sync --help' for usage"),
        (["graph", "--json"], "unknown argument '--json' for graph; run 'atm graph --help' for usage"),
        (["graph", "--bank", "http://127.0.0.1:8080"], "unknown argument '--bank' for graph; run 'atm graph --help' for usage"),
        (["graph", "--help=yes"], "unknown argument '--help=yes' for graph; run 'atm graph --help' for usage"),
        (["graph", "--", "--format"], "unknown argument '--' for graph; run 'atm graph --help' for usage"),
        (["graph", "--format"], "--format needs a value; run 'atm graph --help' for usage"),
        (["graph", "--format", "yaml"], "unknown graph format 'yaml'; use text, dot, mermaid, json"),
        (["validate", "--format", "dot"], "validate takes no arguments; run 'atm validate --help' for usage"),
        (["validate", "--help", "--help"], "validate takes no arguments; run 'atm validate --help' for usage"),
    ])
    func theReaderRefusesWhatACommandDoesNotTakeWithTheCommandLinesMessage(arguments: [String], message: String) throws {
        let command = try #require(Self.makeTable().command(named: arguments[0]))
        #expect(throws: CommandLineFailure.usage(message)) {
            try ArgumentReader(command: command, program: "atm").read(Array(arguments.dropFirst()))
        }
    }

    @Test func everyCommandRefusesEveryOptionOfTheTableItDoesNotTake() throws {
        let table = Self.makeTable()
        let every = Set(table.commands.flatMap(\.entries).flatMap(\.option.spellings))
        var refused = 0
        for command in table.commands {
            for spelling in every.sorted() where command.entry(spelled: spelling) == nil {
                let message = switch command.reading {
                case .whole: "unknown option '\(spelling)'; run 'atm \(command.name) --help' for usage"
                case .inOrder: "unknown argument '\(spelling)' for \(command.name); run 'atm \(command.name) --help' for usage"
                case .nothingButHelp: "\(command.name) takes no arguments; run 'atm \(command.name) --help' for usage"
                }
                #expect(throws: CommandLineFailure.usage(message), "\(command.name) \(spelling)") {
                    try ArgumentReader(command: command, program: "atm").read([spelling, "value"])
                }
                refused += 1
            }
        }
        // --format for deposit, sync and pending; eight options for graph, nine for validate.
        #expect(refused == 20)
    }

    @Test func everyOptionInTheTableIsReadByItsCommand() throws {
        var read = 0
        for table in Self.makeTables() {
            for command in table.commands {
                for entry in command.entries where !entry.isRefused {
                    for spelling in entry.option.spellings {
                        for arguments in Self.writings(of: entry.option, spelled: spelling, reading: command.reading) {
                            let outcome = try ArgumentReader(command: command, program: table.program).read(arguments)
                            let context = "\(table.program) \(command.name) \(arguments)"
                            switch (entry.option.action, outcome) {
                            case (.help, .help):
                                break
                            case let (.text(field), .run(options)):
                                #expect(options[keyPath: field] == Self.value(of: entry.option), "\(context)")
                            case let (.seconds(field), .run(options)):
                                #expect(options[keyPath: field] == .milliseconds(1_500), "\(context)")
                            case let (.flag(field), .run(options)):
                                #expect(options[keyPath: field], "\(context)")
                            default:
                                Issue.record("\(context) read as \(outcome)")
                            }
                            read += 1
                        }
                    }
                }
            }
        }
        #expect(read > 80)
    }

    @Test func anOptionTheTableRefusesIsStillReadForItsValueFirst() throws {
        let sync = try #require(Self.makeTable().command(named: "sync"))
        #expect(throws: CommandLineFailure.usage("--account needs a value; run 'atm sync --help' for usage")) {
            try ArgumentReader(command: sync, program: "atm").read(["--account"])
        }
        #expect(try ArgumentReader(command: sync, program: "atm").read(["--account", "alice", "--help"]) == .help)
    }

    // MARK: - Factories

    static func makeTable() -> CommandTable {
        CommandTable(program: "atm", defaults: ATMDefaults())
    }

    /// The tables of `atm` and of an app with defaults, as `atm-dev` has.
    static func makeTables() -> [CommandTable] {
        [makeTable(), CommandTable(program: "atm-dev", defaults: ATMDefaults(account: "developer", builtInBank: "in-memory bank"))]
    }

    /// Every word of a help that is an option: `--bank` in `[--bank URL]`, `-h` in `-h,`.
    static func options(in help: String) -> Set<String> {
        let words = help.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[](),.")) }
        return Set(words.filter { $0.wholeMatch(of: /--?[a-z][a-z-]*/) != nil })
    }

    /// The option's value in a test: its first choice, or a number of seconds, or a path.
    static func value(of option: OptionSpec) -> String {
        if let choice = option.choices.first { return choice }
        if case .seconds = option.action { return "1.5" }
        return "/tmp/value"
    }

    /// The ways to write an option that its command reads: `--bank URL` and `--bank=URL`; a lone
    /// `--help` for `validate`, which takes nothing else. An option the table refuses is left out.
    static func writings(of option: OptionSpec, spelled spelling: String, reading: CommandSpec.Reading) -> [[String]] {
        guard reading != .nothingButHelp || option.name == "--help" else { return [] }
        guard option.takesValue else { return [[spelling]] }
        let value = Self.value(of: option)
        return [[spelling, value], ["\(spelling)=\(value)"]]
    }
}
