@_spi(Testing) public import Wiring

extension Binder {
    /// Declares replacements inside a ``Wiring/PrivateModule``, in a test's replacements
    /// (`ComponentFactory.of(_:replacing:)`): each binding `replace` makes replaces the private
    /// module's own binding of the same key, which bindings outside cannot see and so cannot
    /// replace.
    ///
    /// ```swift
    /// let factory = try ComponentFactory.of(ATMRootComponent.self, replacing: { binder in
    ///     binder.inside(BankNetworkModule.self) { binder in
    ///         binder.bind(BankConfiguration.self).to(value: testConfiguration)
    ///     }
    /// })
    /// ```
    ///
    /// Naming a private module the component does not include is a validation error.
    ///
    /// - Parameters:
    ///   - module: The private module whose bindings to replace.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - replace: Declares the replacements with a binder of the component's scope.
    public func inside<M: PrivateModule>(
        _ module: M.Type, file: StaticString = #fileID, line: Int = #line, _ replace: (Binder<S>) -> Void
    ) {
        _inside(module, file: file, line: line, replace)
    }
}
