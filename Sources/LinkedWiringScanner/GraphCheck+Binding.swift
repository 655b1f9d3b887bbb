extension GraphCheck {
    /// A binding the traversal met, in `of`'s order.
    struct Binding {
        var key: String
        var written: String
        var tag: String?
        var role: BinderCall.Role
        var module: ModuleInfo
        var linked: Bool
        var file: String
        /// The modules its file imports.
        var imports: [String]
        var call: BinderCall

        /// The type of its factory, `T` of `to(factory: T.init)`, when it is the one the file
        /// sees: a type of a module the file does not import is another type of that name
        /// (Foundation's `JSONDecoder`, not a core library's).
        @_optimize(none)
        func factoryInit(_ check: GraphCheck) -> String? {
            guard let type = call.factoryInit, check.resolve(type, library: module.library, seenWith: imports) != nil else { return nil }
            return type
        }
    }
}
