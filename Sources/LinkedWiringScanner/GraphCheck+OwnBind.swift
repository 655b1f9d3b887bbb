extension GraphCheck {
    /// Whether a `binder.bind(…)` written in `library` may call a `bind` of the user's own: the
    /// library, or a wiring library it depends on, declares an instance method named `bind` in a
    /// type or an extension. Swift prefers such a non-generic overload (`func bind(_ type: Store.Type)`
    /// in an extension of `Binder`) to Wiring's, and it may finish the binding itself: a `bind`
    /// with no terminal is then not surely unfinished.
    @_optimize(none)
    func mayCallItsOwnBind(_ library: String) -> Bool {
        let seen = Set([library] + (dependencies[library] ?? []))
        return libraries.contains { library in seen.contains(library.module) && library.files.contains { $0.declaresBind } }
    }
}
