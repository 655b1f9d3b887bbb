/// What `@available` on a module means for including it in `LinkedWiring`.
extension ModuleCatalog {
    enum Availability {
        case leftOut(String)
        /// Unavailable where this `#if` condition holds (`os(iOS)`), available elsewhere.
        case unavailable(where: String)
        case platforms([String])
    }

    /// The `#if` condition of a platform an `@available` attribute names, where one says it.
    private static let platformConditions: [String: String] = [
        "macOS": "os(macOS)", "OSX": "os(macOS)", "iOS": "os(iOS)", "tvOS": "os(tvOS)", "watchOS": "os(watchOS)",
        "visionOS": "os(visionOS)", "macCatalyst": "targetEnvironment(macCatalyst)",
    ]

    /// What an `@available` attribute means for including the module.
    @_optimize(none)
    static func availability(_ attribute: String, file: String, line: Int, column: Int) throws(SourceProblem) -> Availability {
        let arguments = attribute.dropFirst("available(".count).dropLast()
            .split(separator: ",").map { $0.trimmingSpaces() }
        let labels = arguments.map { $0.prefix { $0 != ":" && $0 != " " } }
        if labels.contains("deprecated") { return .leftOut("it is deprecated") }
        if labels.contains("unavailable"), arguments.count == 2, let platform = arguments.first,
           let condition = platformConditions[String(platform)] {
            // `@available(iOS, unavailable)`: the module exists on every other platform.
            return .unavailable(where: condition)
        }
        if labels.contains("unavailable") || labels.contains("obsoleted") { return .leftOut("it is unavailable") }
        if arguments.first == "*" || arguments.first?.hasPrefix("swift ") == true || arguments.first?.hasPrefix("_PackageDescription") == true {
            return .platforms([])
        }
        if arguments.allSatisfy({ $0 == "*" || ($0.split(separator: " ").count == 2 && !$0.contains(":")) }) {
            return .platforms(arguments.filter { $0 != "*" })
        }
        if arguments.count >= 2, let platform = arguments.first, !platform.contains(" "),
           let introduced = arguments.first(where: { $0.hasPrefix("introduced:") }) {
            return .platforms(["\(platform) \(introduced.dropFirst("introduced:".count).trimmingSpaces())"])
        }
        if !arguments.contains(where: { $0.split(separator: " ").count == 2 && !$0.contains(":") }) {
            return .platforms([])
        }
        throw SourceProblem(
            file: file, line: line, column: column,
            message: "cannot read `@\(attribute)` of a module; write `@available(macOS 15, iOS 18, *)`, or mark the module `// linked-wiring: exclude` and include it yourself"
        )
    }
}

extension StringProtocol {
    @_optimize(none)
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
