public import Wiring

/// Cleanse's older spellings of `to(factory:)`, which wiring libraries written for older Cleanse
/// releases still use. They compile without a warning, as in Cleanse; prefer `to(factory:)`.
extension BindToable {
    /// Binds the result of a factory without parameters; Cleanse's older name of
    /// `to(factory:)`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    ///   - factory: The function that makes the value.
    /// - Returns: The receipt of the binding.
    @available(*, renamed: "to(factory:)")
    @discardableResult
    public func to0(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @Sendable () -> Input
    ) -> BindingReceipt<Input> {
        configured { $0.to(file: file, line: line, factory: factory) }
    }

    /// Binds the result of a factory of one parameter; Cleanse's older name of `to(factory:)`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    ///   - factory: The function that makes the value from its resolved parameter.
    /// - Returns: The receipt of the binding.
    @available(*, renamed: "to(factory:)")
    @discardableResult
    public func to1<P1>(
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function,
        factory: @escaping @Sendable (consuming P1) -> Input
    ) -> BindingReceipt<Input> {
        configured { $0.to(file: file, line: line, factory: factory) }
    }
}
