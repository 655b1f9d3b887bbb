import Foundation
@testable import LinkedWiringScanner
import Testing

/// The build-time checks against `of`: every static error (the type-free ones and the typed
/// missing-binding, cycle and private-binding checks) on a graph of the golden diagnostics
/// must be a diagnostic `of` reports there, of the same kind, at the same file and line. The
/// golden cases' expected files are `of`'s exact output, so a static error they lack is a false
/// error.
struct DifferentialTests {
    /// Where the golden graphs live (their `GoldenCase`s and the modules they include), and the
    /// folder of their expected outputs. Kept here once: the golden cases may move.
    static let goldenSources = "Tests/WiringTests"
    static let goldenOutputs = "Tests/Fixtures/Diagnostics"
    /// The wiring library fixture some golden graphs include.
    static let fixtureLibraries = ["CashWiring": "Tests/Fixtures/CashWiring"]
    /// The core libraries it binds the types of, which the sibling-library rule reads.
    static let fixtureCoreLibraries = ["Payments": "Tests/Fixtures/Payments", "Scanning": "Tests/Fixtures/Scanning"]

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A diagnostic's kind, read from its first line, in the words `of` and the checks share.
    enum Kind: String {
        case unfinished = "is never finished"
        case strayExpose = "is called outside a private module"
        case duplicate = "is bound"
        case mapKey = "has more than one entry under the key"
        case missing = "Missing binding for"
        case cycle = "Dependency cycle"
        case privateBinding = "is kept private by"
        case wiringRule = "a wiring library binds only the types of its sibling library"

        init?(message: String) {
            if message.contains(Kind.wiringRule.rawValue) {
                self = .wiringRule
            } else if message.contains(Kind.unfinished.rawValue) {
                self = .unfinished
            } else if message.contains(Kind.strayExpose.rawValue) {
                self = .strayExpose
            } else if message.contains(Kind.mapKey.rawValue) {
                self = .mapKey
            } else if message.contains(Kind.missing.rawValue) {
                self = .missing
            } else if message.contains(Kind.cycle.rawValue) {
                self = .cycle
            } else if message.contains(Kind.privateBinding.rawValue) {
                self = .privateBinding
            } else if message.contains(Kind.mapKey.rawValue) {
                self = .mapKey
            } else if message.contains("is bound more than once") || message.contains("is bound by more than one linked wiring library") {
                self = .duplicate
            } else {
                return nil
            }
        }
    }

    struct Place: Hashable, CustomStringConvertible {
        var fileID: String
        var line: Int
        var kind: Kind?
        var description: String { "\(fileID):\(line) \(kind.map { "\($0)" } ?? "other")" }
    }

    static func swiftFiles(under folder: String) throws -> [String] {
        let root = packageRoot.appending(path: folder)
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix(".swift") { files.append(root.appending(path: next).path) }
        }
        return files.sorted()
    }

    /// The golden cases: each name with the root component its graph validates
    /// (`enum <Name>: GoldenGraph { static func validate() throws { _ = try …of(Root.self) } }`),
    /// and whether it validates it with `rules: .all`.
    static func cases(_ tokens: [[Token]]) -> [(name: String, root: String, everyRule: Bool)] {
        var found: [(String, String, Bool)] = []
        for file in tokens {
            var index = 0
            while index + 4 < file.count {
                defer { index += 1 }
                guard file[index].text == "enum", file[index + 2].text == ":", file[index + 3].text == "GoldenGraph" else { continue }
                let name = file[index + 1].text
                var position = index + 4
                while position + 1 < file.count, !(file[position].text == "of" && file[position + 1].text == "(") { position += 1 }
                position += 2
                var root: [String] = []
                while position + 1 < file.count, !(file[position].text == "." && file[position + 1].text == "self") {
                    root.append(file[position].text)
                    position += 1
                }
                let rules = file[min(position + 2, file.count)...].prefix(5).map(\.text)
                found.append((name, root.joined(), rules == [",", "rules", ":", ".", "all"]))
            }
        }
        return found
    }

    @Test func everyStaticErrorOnAGoldenGraphIsADiagnosticOfOfAtItsLine() throws {
        var libraries: [GraphCheck.Library] = []
        var tokens: [[Token]] = []
        let sources = try Self.swiftFiles(under: Self.goldenSources)
        try #require(!sources.isEmpty)
        var scanned: [ScannedFile] = []
        for path in sources {
            let text = try LinkedWiringGeneration.readSource(path)
            tokens.append(try Lexer(text: text, file: path).tokens)
            scanned.append(try FileScanner.scan(text: text, path: path))
        }
        libraries.append(GraphCheck.Library(module: "WiringTests", files: scanned, dependencies: []))
        for (module, folder) in Self.fixtureLibraries {
            let files = try Self.swiftFiles(under: folder).map { try FileScanner.scan(text: try LinkedWiringGeneration.readSource($0), path: $0) }
            libraries.append(GraphCheck.Library(module: module, files: files, dependencies: Self.fixtureCoreLibraries.keys.sorted()))
        }
        let core = try Self.fixtureCoreLibraries.sorted { $0.key < $1.key }.map { module, folder in
            GraphCheck.CoreLibrary(
                module: module, files: try Self.swiftFiles(under: folder).map { try FileScanner.scan(text: try LinkedWiringGeneration.readSource($0), path: $0) }
            )
        }

        let cases = Self.cases(tokens)
        try #require(cases.count >= 50, "found only \(cases.count) golden cases")
        var checked = 0
        var agreed: [String] = []
        for (name, root, everyRule) in cases {
            let expectedText = try String(
                contentsOf: Self.packageRoot.appending(path: "\(Self.goldenOutputs)/\(name).txt"), encoding: .utf8
            )
            var expected: Set<Place> = []
            for line in expectedText.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 3)
                guard parts.count == 4, let number = Int(parts[1]), parts[2] == " error" else { continue }
                expected.insert(Place(fileID: String(parts[0]), line: number, kind: Kind(message: String(parts[3]))))
            }
            guard let problems = GraphCheck.run(libraries: libraries, core: core, root: root, everyRule: everyRule) else { continue }
            checked += 1
            for problem in problems where problem.severity == .error {
                let place = Place(fileID: problem.siteFileID ?? "", line: problem.siteLine ?? 0, kind: Kind(message: problem.message))
                #expect(expected.contains(place), "\(name): the build-time check reports \(place), which `of` does not: \(problem.message)")
                if expected.contains(place) { agreed.append("\(name): \(place)") }
            }
        }
        // Not vacuous: most cases have a root the reader finds, and the unfinished binds of the
        // golden graphs are found where `of` reports them.
        #expect(checked >= 40, "only \(checked) golden roots were found")
        #expect(agreed.contains("UnfinishedBindIsReportedAtItsLineBesideTheMissingBindingItCauses: Cashier/CashierModule.swift:7 unfinished"), "\(agreed)")
        #expect(agreed.contains("ReadingAValidationErrorUnfinishedBind: Teller/TellerModule.swift:7 unfinished"), "\(agreed)")
        // The sibling-library rule, on the golden graph validated with `rules: .all`, and on no
        // other (the type `CashWiring` declares itself, rule 1, is left to `of`).
        func agreedLines(endingIn suffix: String) -> [String] { agreed.filter { (line: String) in line.hasSuffix(suffix) } }
        #expect(agreedLines(endingIn: " wiringRule") == [
            "WiringLibraryBindingOtherLibrariesTypesIsReportedWithTheFix: CashWiring/CashModule.swift:12 wiringRule",
            "WiringLibraryBindingOtherLibrariesTypesIsReportedWithTheFix: CashWiring/CashModule.swift:13 wiringRule",
        ])
        // The golden graphs' missing bindings are where `of` reports them, but the typed check
        // stands down on them: the binding before, `BillScanner.init`, is a memberwise init it
        // cannot read, which might ask for the missing type first. The random graphs of
        // `RandomGraphStaticCheckTests` (WiringTests) hold the check to `of` instead.
        #expect(agreedLines(endingIn: " missing") == [])
        // And the request for a type a private module keeps, at the requesting binding.
        #expect(agreedLines(endingIn: " privateBinding") == [
            "KeptTypeAskedForByAnInitIsReportedAtTheRequest: ReportsWiring/LedgerReportsModule.swift:9 privateBinding",
        ])
    }

    /// The graphs of the documentation's compiled examples, which `of` accepts unless an
    /// example shows an error: the checks report nothing on any root of them.
    @Test func theDocumentationsGraphsGetNoStaticError() throws {
        var files: [ScannedFile] = []
        for path in try Self.swiftFiles(under: "Tests/WiringDocumentationTests") {
            files.append(try FileScanner.scan(text: try LinkedWiringGeneration.readSource(path), path: path))
        }
        let teller = try Self.swiftFiles(under: "Tests/Fixtures/TellerWiring").map {
            try FileScanner.scan(text: try LinkedWiringGeneration.readSource($0), path: $0)
        }
        let libraries = [
            GraphCheck.Library(module: "WiringDocumentationTests", files: files, dependencies: ["TellerWiring"]),
            GraphCheck.Library(module: "TellerWiring", files: teller, dependencies: []),
        ]
        var roots: [String] = []
        for file in files {
            for type in file.types where type.rootType != nil && type.parent == nil && type.kind != .extension { roots.append(type.name) }
        }
        try #require(roots.count >= 10, "\(roots)")
        var errors: [String] = []
        for root in roots {
            for problem in GraphCheck.run(libraries: libraries, core: [], root: root) ?? [] where problem.severity == .error {
                errors.append("\(root): \(problem.siteFileID ?? ""):\(problem.siteLine ?? 0) \(Kind(message: problem.message).map { "\($0)" } ?? "other")")
            }
        }
        // The one example that shows an error ("Contributing to a map from many libraries"
        // quotes `of`'s message at this place), and nothing else.
        #expect(errors == ["ShopWithBothOrdersComponent: FakeOrdersWiring/FakeOrderLinksModule.swift:6 mapKey"])
    }
}
