import ATMCLI
import ATMLib
import BillScanner
import FakeATMLib
import FakeNetwork
import Foundation
import Network
import SeededRandom
import Testing

/// Thousands of seeded random `deposit` command lines, run in-process over a fake bank: bills
/// valid and not (unknown face values, `0`, negatives, huge numbers, counts such as `20x3`,
/// garbage), flags known and unknown, with and without their values, inline (`--flag=value`)
/// or not, and amounts at and past the limits of 50 notes and $2,500.00.
///
/// An independent model of the command line (`DepositModel`) predicts each run's outcome from
/// the arguments alone: the exit status, the one line on standard error, the receipt, and the
/// deposit the bank must receive, which must be none unless the input is valid; the journal must
/// end empty either way (confirmed deposits leave it, refused ones never enter). A failure names
/// the case's seed; `ATM_RANDOM_CLI_SEED=<seed> swift test --filter RandomCommandLineTests`
/// replays it alone.
struct RandomCommandLineTests {
    @Test
    func fourThousandRandomDepositsEndAsTheModelPredictsAndOnlyValidOnesReachTheBank() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let replay = environment["ATM_RANDOM_CLI_SEED"].flatMap(UInt64.init) {
            seeds = [replay]
        } else {
            var seeder = SplitMix64(seed: 0xA7_2026)
            seeds = (0..<4_000).map { _ in seeder.next() }
        }
        var statuses: [ExitCode: Int] = [:]
        var limitCases = (atLimit: 0, pastLimit: 0)
        var failures: [String] = []
        for seed in seeds {
            let line = CommandLineGenerator.line(seed: seed)
            let prediction = DepositModel.predict(line.arguments, environment: line.environment)
            let run = await Invocation(line.arguments, environment: line.environment).run()
            statuses[run.status, default: 0] += 1
            if let deposit = prediction.deposit {
                if deposit.bills.count == 50 || deposit.cents == 250_000 { limitCases.atLimit += 1 }
            } else if prediction.isPastALimit {
                limitCases.pastLimit += 1
            }
            let problems = Self.problems(run, prediction)
            if !problems.isEmpty, failures.count < 5 {
                failures.append("""
                    seed \(seed) (replay with ATM_RANDOM_CLI_SEED=\(seed)):
                      arguments \(line.arguments), environment \(line.environment)
                    \(problems.map { "  - \($0)" }.joined(separator: "\n"))
                    """)
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n\n")))
        guard seeds.count > 1 else { return }
        // The generator must keep reaching every outcome, and the limits from both sides.
        #expect(statuses[.success, default: 0] > 600, "\(statuses)")
        #expect(statuses[.usage, default: 0] > 600, "\(statuses)")
        #expect(statuses[.dataError, default: 0] > 600, "\(statuses)")
        #expect(limitCases.atLimit > 100 && limitCases.pastLimit > 150, "\(limitCases)")
    }

    @Test(arguments: ["20xX2", "5X3x1", "5x3X", "20Xx2"])
    func aBillWithTwoCountSeparatorsIsRefused(bill: String) async throws {
        let run = await Invocation(["deposit", bill, "--account", "alice", "--bank", "http://127.0.0.1:8080"]).run()
        #expect(run.status == .dataError)
        #expect(run.error == "atm: '\(bill)' is not a bill; write a face value such as 20, or 20x2 for two of them\n")
        #expect(run.network.calls.isEmpty)
    }

    /// How a run differs from the prediction.
    private static func problems(_ run: Invocation.Result, _ prediction: DepositModel.Prediction) -> [String] {
        var problems: [String] = []
        if run.status != prediction.status {
            problems.append("exit \(run.status.rawValue), predicted \(prediction.status.rawValue)")
        }
        switch prediction.outcome {
        case let .failure(message):
            if run.error != "atm: \(message)\n" { problems.append("standard error \(run.error.debugDescription), predicted \("atm: \(message)\n".debugDescription)") }
            if run.output != "" { problems.append("standard output \(run.output.debugDescription), predicted nothing") }
        case .help:
            if !run.output.hasPrefix("usage: atm deposit <bills>...") { problems.append("standard output \(run.output.debugDescription), predicted the help") }
            if run.error != "" { problems.append("standard error \(run.error.debugDescription), predicted nothing") }
        case let .deposit(deposit):
            let calls = run.network.calls
            if calls.map(\.request.amountCents) != [deposit.cents] || calls.map(\.request.account) != [deposit.account] {
                problems.append("the bank saw \(calls.map { "\($0.request.amountCents)¢ into \($0.request.account)" }), predicted \(deposit.cents)¢ into \(deposit.account)")
            }
            let receipt = deposit.receipt(idempotencyKey: calls.first?.request.idempotencyKey ?? "?")
            if run.output != receipt + "\n" { problems.append("standard output \(run.output.debugDescription), predicted \((receipt + "\n").debugDescription)") }
            if run.error != "" { problems.append("standard error \(run.error.debugDescription), predicted nothing") }
        }
        if prediction.deposit == nil, !run.network.calls.isEmpty {
            problems.append("the bank saw \(run.network.calls.count) requests for input that is not valid")
        }
        // Confirmed deposits leave the journal; refused input never enters it.
        let pending = (try? run.journal.pendingDeposits().count) ?? -1
        if pending != 0 { problems.append("the journal holds \(pending) deposits, expected none") }
        return problems
    }
}

// MARK: - The model

/// What `atm deposit` must do with its arguments, from its documentation: options and bills in
/// any order, `--` ends the options, a token that starts with `-` and a digit is a bill; usage
/// problems exit 64, bad bills 65, a valid deposit 0 with its receipt. The options are read first,
/// then the bills, one by one (bad bills are bad data whatever else is missing), then the bank
/// URL and the account.
private enum DepositModel {
    struct Prediction {
        enum Outcome {
            case failure(String)
            case help
            case deposit(Deposit)
        }

        let status: ExitCode
        let outcome: Outcome
        /// Whether the bills were refused for a limit: more than 50 notes or $2,500.00.
        var isPastALimit = false

        var deposit: Deposit? {
            if case let .deposit(deposit) = outcome { return deposit }
            return nil
        }

        static func usage(_ message: String) -> Prediction { Prediction(status: .usage, outcome: .failure(message)) }
        static func data(_ message: String, pastALimit: Bool = false) -> Prediction {
            Prediction(status: .dataError, outcome: .failure(message), isPastALimit: pastALimit)
        }
    }

    struct Deposit {
        let account: String
        let bills: [Int]
        let json: Bool

        var cents: Int { bills.reduce(0, +) * 100 }

        /// The receipt the fake bank's reply makes: a fresh bank, so the balance is the amount.
        func receipt(idempotencyKey: String) -> String {
            if json {
                let bills = self.bills.map(String.init).joined(separator: ",")
                return "{\"account\":\"\(account)\",\"amount_cents\":\(cents),\"balance_cents\":\(cents),\"bills\":[\(bills)],"
                    + "\"deposit_id\":\"fake-1\",\"idempotency_key\":\"\(idempotencyKey)\",\"status\":\"confirmed\"}"
            }
            return """
                Deposited \(dollars(cents)) into \(account).
                  bills    \(bills.map(String.init).joined(separator: ", "))
                  balance  \(dollars(cents))
                  deposit  fake-1
                """
        }
    }

    static let denominations: Set<Int> = [1, 2, 5, 10, 20, 50, 100]
    static let maximumNotes = 50
    static let maximumCents = 250_000
    private static let accepted = "accepted denominations are 1, 2, 5, 10, 20, 50 and 100"

    static func predict(_ arguments: [String], environment: [String: String]) -> Prediction {
        var tokens = arguments.dropFirst()[...]  // after `deposit`
        var bills: [String] = []
        var account: String?
        var bank: String?
        var json = false
        var insecure = false
        var help = false
        var journal: String?
        while let token = tokens.popFirst() {
            if token == "--" {
                bills += tokens
                break
            }
            let second = token.dropFirst().first
            guard token.hasPrefix("-"), token.count > 1, !(second.map { $0.isASCII && $0.isNumber } ?? false) else {
                bills.append(token)
                continue
            }
            let equals = token.hasPrefix("--") ? token.firstIndex(of: "=") : nil
            let name = equals.map { String(token[..<$0]) } ?? token
            let inline = equals.map { String(token[token.index(after: $0)...]) }
            switch name {
            case "--account", "--bank", "--ca-file", "--journal", "--timeout", "--connect-timeout":
                guard let value = inline ?? tokens.popFirst() else {
                    return .usage("\(name) needs a value; run 'atm deposit --help' for usage")
                }
                switch name {
                case "--account": account = value
                case "--bank": bank = value
                case "--journal": journal = value
                case "--timeout", "--connect-timeout":
                    if let problem = secondsProblem(value, option: name) { return .usage(problem) }
                default: break
                }
            case "--json" where inline == nil: json = true
            case "--allow-insecure-http" where inline == nil: insecure = true
            case "--help", "-h": help = true
            default: return .usage("unknown option '\(token)'; run 'atm deposit --help' for usage")
            }
        }
        if help { return Prediction(status: .success, outcome: .help) }
        let scanned = deposit(bills, into: "", json: json)
        if case .failure = scanned.outcome { return scanned }
        guard let account = account ?? environment["ATM_ACCOUNT"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .usage("no account to credit; pass --account ID or set ATM_ACCOUNT")
        }
        guard let bank = bank ?? environment["ATM_BANK_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .usage("no bank URL; pass --bank URL or set ATM_BANK_URL")
        }
        if let problem = urlProblem(bank, insecure: insecure) { return .usage(problem) }
        if let problem = accountProblem(account) { return .usage(problem) }
        if journal == "" { return .usage("--journal takes the path of a file, not an empty string") }
        return deposit(bills, into: account, json: json)
    }

    /// A positive number of seconds, at most an hour, with up to three decimals.
    private static func secondsProblem(_ text: String, option: String) -> String? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        let noFraction = fraction.allSatisfy { $0 == "0" }
        guard !whole.isEmpty, whole.allSatisfy(isDigit), fraction.count <= 3, fraction.allSatisfy(isDigit),
              let seconds = Int(whole), seconds < 3_600 || (seconds == 3_600 && noFraction), seconds > 0 || !noFraction else {
            return "\(option) takes a number of seconds from 0.001 to 3600, such as 15 or 0.5 (at most three decimals), not '\(text)'"
        }
        return nil
    }

    /// The URLs the generator writes, and what is wrong with each.
    private static func urlProblem(_ url: String, insecure: Bool) -> String? {
        switch url {
        case "http://127.0.0.1:8080", "http://localhost:9000/", "https://bank.example", "HTTPS://bank.example/atm":
            return nil
        case "http://bank.example":
            return insecure ? nil : "the bank URL 'http://bank.example' uses plain http to bank.example, which is not a loopback host; use https, or allow insecure http explicitly"
        case "ftp://bank.example", "file:///etc/passwd", "gopher://bank.example":
            return "the bank URL '\(url)' uses \(url.prefix { $0 != ":" }); only http and https are supported"
        case "https://teller:hunter2@bank.example":
            return "the bank URL 'https://teller:<redacted>@bank.example' contains credentials; pass a bearer token instead"
        case "https://bank.example/?debug=1":
            return "the bank URL 'https://bank.example/?debug=1' must not have a query or a fragment"
        default:
            return "the bank URL '\(url)' is not a valid URL: write it as http://host:port or https://host"
        }
    }

    /// 1 to 64 ASCII letters, digits, `.`, `_` or `-`, but not `.` or `..`.
    private static func accountProblem(_ account: String) -> String? {
        let allowed = account.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
            default: false
            }
        }
        guard allowed, (1...64).contains(account.count), account != ".", account != ".." else {
            return "the account '\(account)' is not valid: use 1 to 64 letters, digits, '.', '_' or '-' (but not '.' or '..' alone)"
        }
        return nil
    }

    /// The bills, one argument after another: `20`, or `20x3` (or `20X3`) for three of them.
    private static func deposit(_ arguments: [String], into account: String, json: Bool) -> Prediction {
        var bills: [Int] = []
        for argument in arguments {
            let notWritten = "'\(argument)' is not a bill; write a face value such as 20, or 20x2 for two of them"
            let separators = argument.filter { $0 == "x" || $0 == "X" }.count
            guard separators <= 1 else { return .data(notWritten) }
            let parts = argument.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
            let face = String(parts[0])
            let digits = face.hasPrefix("-") ? face.dropFirst() : face[...]
            guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return .data(notWritten) }
            var count = 1
            if parts.count == 2 {
                let written = String(parts[1])
                guard !written.isEmpty, written.allSatisfy(isDigit) else { return .data(notWritten) }
                guard let parsed = Int(written) else {
                    return .data("\(written) notes is more than the 50 notes one deposit accepts", pastALimit: true)
                }
                guard parsed > 0 else {
                    return .data("'\(argument)' holds no notes; give a count of 1 or more, such as \(face)x2")
                }
                count = parsed
            }
            guard let value = Int(face) else { return .data("\(face) is not a US bill; \(accepted)") }
            guard denominations.contains(value) else { return .data("\(value) is not a US bill; \(accepted)") }
            let (total, overflow) = bills.count.addingReportingOverflow(count)
            if overflow || total > maximumNotes {
                return .data("\(overflow ? Int.max : total) notes is more than the 50 notes one deposit accepts", pastALimit: true)
            }
            bills += repeatElement(value, count: count)
        }
        guard !bills.isEmpty else { return .data("no bills to deposit; give at least one bill, such as 20") }
        let cents = bills.reduce(0, +) * 100
        guard cents <= maximumCents else {
            return .data("\(dollars(cents)) is more than the $2,500.00 one deposit accepts", pastALimit: true)
        }
        return Prediction(status: .success, outcome: .deposit(Deposit(account: account, bills: bills, json: json)))
    }

    private static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }

    /// `$1,045.00`
    static func dollars(_ cents: Int) -> String {
        var whole = String(cents / 100)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        let fraction = cents % 100
        return "$\(whole)\(grouped).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

// MARK: - The generator

/// Makes a random `deposit` command line from a seed: the same seed, the same line.
private enum CommandLineGenerator {
    struct Line {
        let arguments: [String]
        let environment: [String: String]
    }

    static let validBills = ["1", "2", "5", "10", "20", "50", "100", "020", "20x3", "5X2", "100x2", "1x10", "50x1"]
    static let invalidBills = [
        "3", "0", "-5", "-0", "25", "1000", "-100", "99999999999999999999", "9223372036854775807", "-9223372036854775808",
        "20x0", "20x00", "20x", "x2", "x", "20x-1", "20x1.5", "20x99999999999999999999", "20x9223372036854775807",
        "1x51", "abc", "", "20.5", "$20", " 20", "20 ", "1e3", "0x14", "２０", "-", "+5", "20x2x3", "5xx", "٣",
        // Two count separators, refused (`aBillWithTwoCountSeparatorsIsRefused`).
        "20xX2", "5X3x1", "5x3X", "20Xx2",
    ]
    static let accounts = [
        "alice", "bob-1", "a.b_c", "Z9", String(repeating: "a", count: 64),
        "a/b", "", ".", "..", "ümlaut", "has space", String(repeating: "b", count: 65), "-dash", "--json",
    ]
    static let urls = [
        "http://127.0.0.1:8080", "http://localhost:9000/", "https://bank.example", "HTTPS://bank.example/atm",
        "http://bank.example", "ftp://bank.example", "file:///etc/passwd", "not a url",
        "https://teller:hunter2@bank.example", "https://bank.example/?debug=1",
    ]
    static let seconds = ["15", "0.5", "3600", "0.001", "5.", "0", "0.000", "soon", "3601", "3600.5", "86401", "0.0001", "1.2345", "", "-1", "1e3", " 5", ".5"]
    static let unknownOptions = ["--bogus", "-z", "--json=yes", "--allow-insecure-http=1", "--Account", "---", "-help", "--help-me"]

    static func line(seed: UInt64) -> Line {
        var random = SplitMix64(seed: seed)
        var units: [[String]] = billUnits(&random)
        var environment: [String: String] = [:]
        /// `--flag value` or `--flag=value`.
        func valued(_ name: String, _ value: String) -> [String] {
            random.chance(50) ? [name, value] : ["\(name)=\(value)"]
        }
        if random.chance(92) { units.append(valued("--account", random.pick(accounts, mostly: 5))) }
        if random.chance(15) { environment["ATM_ACCOUNT"] = random.pick(["carol", "", "no/slash"]) }
        if random.chance(92) { units.append(valued("--bank", random.pick(urls, mostly: 4))) }
        if random.chance(15) { environment["ATM_BANK_URL"] = random.pick(["http://127.0.0.1:8080", "", "gopher://bank.example"]) }
        if random.chance(30) { units.append(["--json"]) }
        if random.chance(10) { units.append(["--allow-insecure-http"]) }
        if random.chance(12) { units.append(valued(random.pick(["--timeout", "--connect-timeout"]), random.pick(seconds, mostly: 5))) }
        if random.chance(8) { units.append(valued("--ca-file", "/tmp/bank-ca.pem")) }
        if random.chance(8) { units.append(valued("--journal", random.pick(["/tmp/atm-journal.json", ""]))) }
        if random.chance(4) { units.append([random.pick(unknownOptions)]) }
        if random.chance(2) { units.append([random.pick(["--help", "-h"])]) }
        random.shuffle(&units)
        if random.chance(6) { units.insert(["--"], at: random.below(units.count + 1)) }
        var arguments = ["deposit"] + units.flatMap { $0 }
        if random.chance(4) { arguments.append(random.pick(["--account", "--bank", "--timeout", "--ca-file", "--journal"])) }
        return Line(arguments: arguments, environment: environment)
    }

    /// Mostly a few valid bills, sometimes bad ones, and a quarter of the time a deposit built to
    /// land at, just under or just past the limits of 50 notes and $2,500.00.
    private static func billUnits(_ random: inout SplitMix64) -> [[String]] {
        if random.chance(25) {
            var bills: [String]
            switch random.below(5) {
            case 0: bills = ["100x\(23 + random.below(4))", "50x\(random.below(3))"]  // $2,300.00 to $2,700.00
            case 1: bills = ["1x\(45 + random.below(4))", "2x\(random.below(5))"]       // 45 to 52 notes
            case 2: bills = ["50x\(48 + random.below(4))"]                              // 48 to 51 notes, $2,400.00 to $2,550.00
            case 3: bills = ["100x24", "50", "20x2", "5x\(random.below(3))"]           // $2,490.00 to $2,500.00, 28 to 30 notes
            default: bills = random.pick([["100x25"], ["1x50"], ["50x50"], ["100x20", "50x10"], ["20x25", "100x20"]])  // at a limit
            }
            if random.chance(30) { bills.append(random.pick(["1", "100", "1x1", "5"])) }
            return bills.map { [$0] }
        }
        return (0..<random.below(7)).map { _ in
            [random.chance(85) ? random.pick(validBills) : random.pick(invalidBills)]
        }
    }
}
