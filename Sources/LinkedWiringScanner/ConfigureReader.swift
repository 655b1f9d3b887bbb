/// Reads the statements of a `configure` body that start with its binder, without types: the
/// graph checks build on what it is sure of, and a body it is not sure of is opaque.
public enum ConfigureReader {
    /// The builder methods that keep a binding open, besides the terminals, with the labels of
    /// their arguments: a method of that name with other arguments is the user's own, which may
    /// do anything (`intoMap(key:value:)` that finishes the binding itself).
    static let openMethods: [String: [String?]] = [
        "tagged": ["with"], "intoCollection": [], "intoMap": ["key"], "sharedInScope": [], "asSingleton": [],
    ]

    /// The words that declare a type or an alias in a body, whose name may shadow a core type's.
    static let localDeclarationWords: Set<String> = ["struct", "class", "enum", "actor", "typealias"]

    /// The words that may end a body before its last statement.
    static let exitWords: Set<String> = ["return", "throw", "guard", "fatalError", "preconditionFailure", "exit", "abort"]

    /// The words after which a binder at the start of a line continues an expression.
    static let continuingWords: Set<String> = [
        "return", "try", "await", "let", "var", "in", "else", "throw", "as", "is", "if", "guard", "while", "switch",
        "case", "where", "for", "repeat", "defer", "do", "catch",
    ]

    /// Reads one body.
    ///
    /// - Parameter body: The body and its binder's name.
    /// - Returns: The calls it understood, and whether it may do more.
    @_optimize(none)
    public static func read(_ body: ConfigureBody) -> ConfigureReading {
        let tokens = body.tokens
        var reading = ConfigureReading()
        var depth = 0
        var conditions = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .directive {
                if token.text == "if" { conditions += 1 }
                if token.text == "endif" { conditions = max(0, conditions - 1) }
                index += 1
                continue
            }
            if token.kind == .symbol, token.text == "{" || token.text == "(" || token.text == "[" { depth += 1 }
            if token.kind == .symbol, token.text == "}" || token.text == ")" || token.text == "]" { depth -= 1 }
            if token.kind == .word, token.text == "include" {
                // An include the calls below do not account for: inside a closure or a branch.
                reading.isOpaque = true
            }
            if token.kind == .word, exitWords.contains(token.text) || localDeclarationWords.contains(token.text) {
                // The statements after it may not run, or a type declared here may shadow a name
                // the calls write (`typealias Store = SMTPMailer`): the reader reports nothing of
                // this body.
                return ConfigureReading(calls: [], isOpaque: true)
            }
            guard token.kind == .word, token.text == body.binder else {
                index += 1
                continue
            }
            guard depth == 0, conditions == 0, startsStatement(tokens, at: index) else {
                // The binder used inside a closure, a branch, an `#if`, or handed to a function.
                reading.isOpaque = true
                index += 1
                continue
            }
            let (call, end) = chain(tokens, from: index)
            if let call {
                reading.calls.append(call)
            } else {
                reading.isOpaque = true
            }
            index = max(end, index + 1)
        }
        return reading
    }

    /// Whether the binder at `index` starts a statement (or is the value of `_ = …`).
    @_optimize(none)
    static func startsStatement(_ tokens: [Token], at index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        if previous.kind == .symbol, previous.text == ";" || previous.text == "{" { return true }
        if previous.kind == .symbol, previous.text == "=", index >= 2, tokens[index - 2].kind == .word, tokens[index - 2].text == "_" {
            return index < 3 || tokens[index - 3].line < tokens[index - 2].line
        }
        guard previous.line < tokens[index].line else { return false }
        switch previous.kind {
        case .word: return !continuingWords.contains(previous.text)
        case .literal, .number: return true
        case .symbol: return previous.text == ")" || previous.text == "]" || previous.text == "}"
        case .directive: return false
        }
    }

    /// One member call of a chain: its name, its arguments and where it is.
    struct Member {
        var name: Token
        var arguments: [[Token]]
        var hasTrailingClosure: Bool
        /// The tokens of its trailing closure, braces included, when it has exactly one.
        var trailingClosure: [Token]?
    }

    /// Reads the chain `binder.a(…).b(…)…` at `index`: the call, or nil when the reader is not
    /// sure of it, and the index after the chain.
    @_optimize(none)
    static func chain(_ tokens: [Token], from index: Int) -> (BinderCall?, Int) {
        var position = index + 1
        var members: [Member] = []
        while position + 1 < tokens.count, tokens[position].kind == .symbol, tokens[position].text == ".",
              tokens[position + 1].kind == .word {
            let name = tokens[position + 1]
            position += 2
            var member = Member(name: name, arguments: [], hasTrailingClosure: false)
            if position < tokens.count, tokens[position].kind == .symbol, tokens[position].text == "(" {
                guard tokens[position].line == name.line, let (arguments, end) = arguments(tokens, from: position) else {
                    return (nil, position + 1)
                }
                member.arguments = arguments
                position = end
            }
            while position < tokens.count, tokens[position].kind == .symbol, tokens[position].text == "{" {
                guard let end = skipBalanced(tokens, from: position) else { return (nil, tokens.count) }
                member.trailingClosure = member.hasTrailingClosure ? nil : Array(tokens[position..<end])
                member.hasTrailingClosure = true
                position = end
                // A labelled trailing closure: `label: { … }`.
                if position + 2 < tokens.count, tokens[position].kind == .word, tokens[position + 1].text == ":",
                   tokens[position + 2].text == "{" {
                    position += 2
                }
            }
            members.append(member)
        }
        guard let first = members.first else { return (nil, position) }
        // The chain must end the statement: nothing but a new line, `;` or the body's end after it.
        if position < tokens.count {
            let next = tokens[position]
            let last = tokens[position - 1]
            let ends = next.kind == .symbol && next.text == ";" || next.line > last.line
                && !(next.kind == .symbol && [".", "?", "!", "(", "[", "=", "+", "-", "*", "/", "&", "|", "<", ">"].contains(next.text))
                && !(next.kind == .word && ["as", "is"].contains(next.text))
            guard ends, next.kind != .directive else { return (nil, position) }
        }
        let call: BinderCall? = switch first.name.text {
        case "bind": bindCall(members)
        case "expose" where members.count == 1:
            {
                var call = BinderCall(kind: .expose(exposeText(first)), line: first.name.line, column: first.name.column)
                // `expose(tagged:)`, `expose(collectionOf:)` and `expose(map:)` expose other keys.
                let argument = first.arguments.first
                if !["tagged", "collectionOf", "map"].contains(argument.flatMap { label(of: $0) } ?? "") {
                    call.exposesBinding = true
                    call.exposedType = argument.flatMap { label(of: $0) == nil ? metatype($0) : nil }
                }
                site(of: first, into: &call)
                return call
            }()
        case "declareMap" where members.count == 1:
            BinderCall(kind: .declareMap, line: first.name.line, column: first.name.column)
        case "include" where members.count == 1:
            metatype(argument(labelled: "module", in: first)).map {
                BinderCall(kind: .include($0), line: first.name.line, column: first.name.column)
            }
        default: nil
        }
        return (call, position)
    }

    /// The binding a `bind` chain makes.
    @_optimize(none)
    static func bindCall(_ members: [Member]) -> BinderCall? {
        let bind = members[0]
        // Wiring's `bind` takes the type and the call's location: a `bind` with other arguments
        // is a function of the user's own (`bind(Int.self, value: 3)` in an extension).
        let locationLabels: Set<String> = ["file", "line", "fileID", "lineNumber"]
        guard bind.arguments.allSatisfy({ label(of: $0).map(locationLabels.contains) ?? true }) else { return nil }
        var type: String?
        for argument in bind.arguments where label(of: argument) == nil {
            type = metatype(argument)
            guard type != nil else { return nil }
        }
        if !bind.arguments.isEmpty, type == nil, bind.arguments.contains(where: { label(of: $0) == nil }) { return nil }
        var tag: String?
        var role = BinderCall.Role.single
        var finished: Bool? = false
        var factoryInit: String?
        var requestsNothing = false
        var namesImplementation = false
        var implementation: String?
        for member in members.dropFirst() {
            let name = member.name.text
            if isTerminal(member) {
                finished = true
                requestsNothing = Self.requestsNothing(member)
                if name == "to", let first = member.arguments.first, label(of: first) == nil {
                    namesImplementation = true
                    implementation = metatype(first)
                }
                if name == "to", member.arguments.count == 1, !member.hasTrailingClosure, let first = member.arguments.first,
                   let label = label(of: first), ["factory", "throwingFactory", "asyncFactory", "mainActorFactory"].contains(label) {
                    factoryInit = GraphCheck.initReference(Array(first.dropFirst(2)))
                }
                break
            }
            guard let labels = openMethods[name], member.arguments.map(label(of:)) == labels, !member.hasTrailingClosure else {
                finished = nil
                break
            }
            switch name {
            case "tagged":
                guard let written = metatype(argument(labelled: "with", in: member)) else { return nil }
                tag = written
            case "intoCollection":
                role = .collection
            case "intoMap":
                role = .map(key: literalKey(argument(labelled: "key", in: member)))
            default:
                break
            }
        }
        var call = BinderCall(kind: .bind(type: type, tag: tag, role: role, finished: finished), line: bind.name.line, column: bind.name.column)
        call.factoryInit = factoryInit
        call.requestsNothing = requestsNothing
        call.namesImplementation = namesImplementation
        call.implementation = implementation
        site(of: bind, into: &call)
        return call
    }

    /// Whether a terminal's factory requests nothing of the graph: `to(value:)`, or a closure
    /// that takes no parameters, trailing (`to { Clock() }`, after location arguments only) or
    /// labelled (`to(factory: { Clock() })`).
    @_optimize(none)
    static func requestsNothing(_ member: Member) -> Bool {
        guard member.name.text == "to" else { return false }
        let labels = member.arguments.map(label(of:))
        if labels == ["value"] { return true }
        if let closure = member.trailingClosure {
            let locations: Set<String?> = ["file", "line", "function"]
            return labels.allSatisfy(locations.contains) && takesNoParameters(closure)
        }
        let factories: Set<String?> = ["factory", "throwingFactory", "asyncFactory", "mainActorFactory"]
        guard !member.hasTrailingClosure, labels.count == 1, factories.contains(labels[0]) else { return false }
        return takesNoParameters(Array(member.arguments[0].dropFirst(2)))
    }

    /// Whether `tokens` are a closure, braces included, that takes no parameters: no `in` and no
    /// `$0` of its own, outside the closures nested in it. A `for … in` of its own reads as
    /// parameters too, which leaves the reader unsure, never wrong.
    @_optimize(none)
    static func takesNoParameters(_ tokens: [Token]) -> Bool {
        guard let open = tokens.first, let close = tokens.last, tokens.count >= 2,
              open.kind == .symbol, open.text == "{", close.kind == .symbol, close.text == "}"
        else { return false }
        var depth = 0
        for token in tokens.dropFirst().dropLast() {
            switch (token.kind, token.text) {
            case (.symbol, "{"): depth += 1
            case (.symbol, "}"): depth -= 1
            case (.word, let text) where depth == 0 && (text == "in" || text.hasPrefix("$")): return false
            default: break
            }
        }
        return true
    }

    /// Records the `file:` and `line:` literals a call passes.
    @_optimize(none)
    static func site(of member: Member, into call: inout BinderCall) {
        if let file = argument(labelled: "file", in: member), file.count == 1, let value = file[0].value { call.siteFile = value }
        if let line = argument(labelled: "line", in: member), line.count == 1, line[0].kind == .number { call.siteLine = Int(line[0].text) }
    }

    /// Whether a member call is a terminal: `to` whose first argument is unlabelled or labelled
    /// `factory:`, `value:`, `…Factory:` (or Cleanse's `file:`, `line:`, `function:`), and
    /// Cleanse's `to0(…)` to `toN(…)`.
    @_optimize(none)
    static func isTerminal(_ member: Member) -> Bool {
        let name = member.name.text
        if name.hasPrefix("to"), name.count > 2, name.dropFirst(2).allSatisfy(\.isNumber) { return true }
        guard name == "to" else { return false }
        guard let first = member.arguments.first else { return member.hasTrailingClosure }
        guard let label = label(of: first) else { return true }
        return ["factory", "value", "file", "line", "function"].contains(label) || label.hasSuffix("Factory")
    }
}
