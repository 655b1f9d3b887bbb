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
        var call: BinderCall
    }
}
