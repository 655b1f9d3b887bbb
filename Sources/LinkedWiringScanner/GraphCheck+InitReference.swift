extension GraphCheck {
    /// `T` of a `factory: T.init` argument (any effect's label), or nil.
    @_optimize(none)
    static func initReference(_ tokens: [Token]) -> String? {
        guard tokens.count >= 3, tokens[tokens.count - 1].text == "init", tokens[tokens.count - 2].text == "." else { return nil }
        var text = ""
        for (offset, token) in tokens.dropLast(2).enumerated() {
            if offset % 2 == 0 {
                guard token.kind == .word else { return nil }
                text += token.text
            } else {
                guard token.kind == .symbol, token.text == "." else { return nil }
                text += "."
            }
        }
        return text.isEmpty || text.hasSuffix(".") ? nil : text
    }
}
