/// The `// linked-wiring:` markers: which declaration each stands above, and which are not
/// understood or stand above nothing.
extension FileScanner {
    /// Whether the comment lines right above `line` say `// linked-wiring: exclude`.
    @_optimize(none)
    mutating func marker(above line: Int) throws(SourceProblem) -> Bool {
        var excluded = false
        var current = line - 1
        while let comment = commentLines[current] {
            if let directive = Self.directive(of: comment) {
                usedMarkers.insert(current)
                guard Self.isExclude(directive) else {
                    throw SourceProblem(file: path, line: current, message: Self.unknownDirective(directive))
                }
                excluded = true
            }
            current -= 1
        }
        return excluded
    }

    /// Every marker must sit above a declaration: one elsewhere would leave out nothing.
    @_optimize(none)
    func checkMarkers(_ comments: [LineComment]) throws(SourceProblem) {
        for comment in comments {
            guard let directive = Self.directive(of: comment.text), !usedMarkers.contains(comment.line) else { continue }
            guard Self.isExclude(directive) else {
                throw SourceProblem(file: path, line: comment.line, message: Self.unknownDirective(directive))
            }
            throw SourceProblem(
                file: path, line: comment.line,
                message: "this `// linked-wiring: exclude` is not on the lines right above a type declaration or extension, so it leaves out nothing; move it to the line above the module's declaration"
            )
        }
    }

    /// The text after `// linked-wiring:`, or nil when the comment is not a marker.
    @_optimize(none)
    static func directive(of comment: String) -> String? {
        guard comment.hasPrefix("//"), !comment.hasPrefix("///") else { return nil }
        let body = comment.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("linked-wiring:") else { return nil }
        return String(body.dropFirst("linked-wiring:".count).drop { $0 == " " || $0 == "\t" })
    }

    @_optimize(none)
    static func isExclude(_ directive: String) -> Bool {
        directive.prefix { $0.isLetter || $0 == "-" } == "exclude"
    }

    @_optimize(none)
    static func unknownDirective(_ directive: String) -> String {
        "unknown marker `// linked-wiring: \(directive)`; the only marker is `// linked-wiring: exclude`, on the line above a module to leave out"
    }
}
