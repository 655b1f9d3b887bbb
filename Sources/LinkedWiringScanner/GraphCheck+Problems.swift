extension GraphCheck {
    /// A problem at a call, with the place `of` gives it.
    @_optimize(none)
    func problem(_ call: BinderCall, module: ModuleInfo, file: String, severity: SourceProblem.Severity = .error, _ message: String) -> SourceProblem {
        var problem = SourceProblem(file: file, line: call.line, column: call.column, severity: severity, message: message)
        let name = file.split(separator: "/").last.map(String.init) ?? file
        problem.siteFileID = call.siteFile ?? "\(module.library)/\(name)"
        problem.siteLine = call.siteLine ?? call.line
        return problem
    }

    /// `Library/File.swift:line`, as `of` writes places.
    /// The `file:` and `line:` a call passes replace them, as in `of`'s messages.
    @_optimize(none)
    static func place(_ binding: Binding) -> String {
        let components = binding.file.split(separator: "/")
        let file = components.last.map(String.init) ?? binding.file
        return "\(binding.call.siteFile ?? "\(binding.module.library)/\(file)"):\(binding.call.siteLine ?? binding.call.line)"
    }

    /// `T.self`, or `(any P).self`.
    @_optimize(none)
    static func metatypeExpression(_ type: String) -> String {
        type.hasPrefix("any ") ? "(\(type)).self" : "\(type).self"
    }
}
