extension GraphCheck.App {
    /// Whether the root whose `binder.include(module: LinkedWiring.self)` has its `include` at
    /// `index` may do more with its binder than include modules: the binder is used in its
    /// function in any other way (`binder.bindCoreDefaults()`, a method of a wiring library's
    /// extension of `Binder`; `configureDefaults(binder)`; `let kept = binder`), or the reading
    /// cannot tell (the binder is no parameter of the enclosing function, or is reached through
    /// another value, `self.binder.include(…)`). What the root binds then is not known.
    @_optimize(none)
    static func rootMayUseItsBinderOtherwise(_ file: [Token], include index: Int) -> Bool {
        guard index >= 2, file[index - 1].kind == .symbol, file[index - 1].text == ".", file[index - 2].kind == .word else { return true }
        let binder = file[index - 2].text
        if index >= 3, file[index - 3].kind == .symbol, file[index - 3].text == "." { return true }
        guard let (header, open) = enclosingFunction(file, before: index),
              header.indices.contains(where: { header[$0].kind == .word && header[$0].text == binder && $0 + 1 < header.endIndex
                  && header[$0 + 1].kind == .symbol && header[$0 + 1].text == ":" })
        else { return true }
        var depth = 0
        var position = open
        while position < file.count {
            let token = file[position]
            if token.kind == .symbol, token.text == "{" { depth += 1 }
            if token.kind == .symbol, token.text == "}" {
                depth -= 1
                if depth == 0 { return false }
            }
            if token.kind == .word, token.text == binder, !(position > 0 && file[position - 1].kind == .symbol && file[position - 1].text == "."),
               !includes(file, at: position) {
                return true
            }
            position += 1
        }
        return true
    }

    /// Whether the tokens at `position` are `binder.include(module:`.
    @_optimize(none)
    static func includes(_ file: [Token], at position: Int) -> Bool {
        guard position + 5 < file.count else { return false }
        let expected = [".", "include", "(", "module", ":"]
        return (0..<expected.count).allSatisfy { file[position + 1 + $0].text == expected[$0] }
    }

    /// The header (from its `func` or `init`) and the index of the opening brace of the
    /// function whose body holds the token at `index`, through the closures and branches around
    /// it; nil when there is none.
    @_optimize(none)
    static func enclosingFunction(_ file: [Token], before index: Int) -> (header: ArraySlice<Token>, open: Int)? {
        enclosingHeaders(file, before: index) { header, open in
            header.firstIndex { $0.kind == .word && ["func", "init"].contains($0.text) }.map { (file[$0..<open], open) }
        }
    }
}
