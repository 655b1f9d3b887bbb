extension GraphCheck.App {
    /// The types the app's roots bind, as written in its sources: the target of each `typealias
    /// Root = …` and the argument of each `ReceiptBinder<…>` (but `Root` and `Self`), without the
    /// types the app declares itself, which no library's initialiser can ask for. The empty
    /// string stands for one the reading cannot tell whole (`Box<Int>`, `A & B`).
    @_optimize(none)
    static func rootTypes(_ tokens: [[Token]]) -> [String] {
        var declared: Set<String> = []
        var written: [String] = []
        for file in tokens {
            for (index, token) in file.enumerated() where token.kind == .word && index + 1 < file.count {
                let next = file[index + 1]
                if ["struct", "class", "enum", "actor"].contains(token.text), next.kind == .word,
                   !(index > 0 && file[index - 1].kind == .symbol && file[index - 1].text == ".") {
                    declared.insert(next.text)
                }
                if token.text == "typealias", next.text == "Root", index + 2 < file.count, file[index + 2].text == "=" {
                    written.append(typeName(file, from: index + 3, line: token.line, until: nil))
                }
                if token.text == "ReceiptBinder", next.kind == .symbol, next.text == "<" {
                    let name = typeName(file, from: index + 2, line: token.line, until: ">")
                    if !["Root", "Self.Root", "Self"].contains(name) { written.append(name) }
                }
            }
        }
        return written.filter { name in
            let head = name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
            return !declared.contains(String(head.prefix { $0 != "." }))
        }
    }

    /// The plain type name (`Screen`, `Core.Service`, `any Handler`) that starts at `start` and
    /// ends before `close`, or else at the end of the line `line` (or a `;` or `}`); the empty
    /// string when anything else is written there.
    @_optimize(none)
    static func typeName(_ file: [Token], from start: Int, line: Int, until close: String?) -> String {
        var text = ""
        var position = start
        if position < file.count, file[position].kind == .word, file[position].text == "any" {
            text = "any "
            position += 1
        }
        var expectsWord = true
        while position < file.count {
            let token = file[position]
            if let close, token.kind == .symbol, token.text == close { break }
            if close == nil, token.line > line || token.kind == .symbol && [";", "}"].contains(token.text) { break }
            if expectsWord, token.kind == .word {
                text += token.text
            } else if !expectsWord, token.kind == .symbol, token.text == "." {
                text += "."
            } else {
                return ""
            }
            expectsWord.toggle()
            position += 1
        }
        // A name ends with a word, and a `<` it opened is closed.
        return expectsWord || close != nil && position >= file.count ? "" : text
    }
}

extension GraphCheck {
    /// Whether each type the app's roots bind is one declaration the checks read: a type of a
    /// scanned library that no other scanned library declares, and that no typealias or nested
    /// type of theirs may stand for. A root that binds `Screen`, a typealias of a library the
    /// checks do not read, may bind any type, which a missing-binding error cannot rule out.
    @_optimize(none)
    var rootTypesArePinned: Bool {
        app.rootTypes.allSatisfy { written in
            let name = written.hasPrefix("any ") ? String(written.dropFirst(4)) : written
            var components = name.split(separator: ".").map(String.init)
            var modules = Array(names.keys)
            if components.count == 2, names[components[0]] != nil {
                // A type named like the module hides it (`Service.Report` in a module `Service`
                // that declares `Service`).
                if names.values.contains(where: { $0[components[0]] != nil }) { return false }
                modules = [components.removeFirst()]
            }
            guard components.count == 1, let head = components.first else { return false }
            let entries = modules.compactMap { names[$0]?[head] }
            return entries.reduce(0) { $0 + $1.topLevel } == 1 && !names.values.contains { $0[head]?.isShadowed == true }
        }
    }
}
