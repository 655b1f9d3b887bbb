public import Wiring

/// The terminals of Cleanse that take the caller's `function:` beside its `file:` and `line:`,
/// which helpers written for Cleanse pass along (`to(value: url, file: file, line: line,
/// function: function)`). Wiring keeps the file and the line, as its own terminals do, and not
/// the function. `to(factory:)`'s are generated with its arities (`BindToable+Factories.swift`).
extension BindToable {
    /// Binds a value: every request gets this value; Cleanse's spelling with `function:`.
    ///
    /// - Parameters:
    ///   - value: The value. It is handed over to the graph, which gives it to every build.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call; Cleanse's, not kept.
    /// - Returns: The receipt of the binding.
    @discardableResult
    public func to(
        value: sending Input,
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString
    ) -> BindingReceipt<Input> {
        to(value: value, file: file, line: line)
    }
}

extension PropertyInjectorBindingBuilder {
    /// Binds an injector that takes the object, then its dependencies; Cleanse's spelling with
    /// `function:`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call; Cleanse's, not kept.
    ///   - injector: Sets the object's dependencies.
    /// - Returns: The receipt of the `PropertyInjector<Element>` binding.
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID, line: Int = #line, function: StaticString,
        injector: @escaping @Sendable (Element, repeat each P) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        to(file: file, line: line, injector: injector)
    }

    /// Binds an injector given as an unapplied method; Cleanse's spelling with `function:`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call; Cleanse's, not kept.
    ///   - injector: Sets the object's dependencies.
    /// - Returns: The receipt of the `PropertyInjector<Element>` binding.
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID, line: Int = #line, function: StaticString,
        injector: @escaping @Sendable (Element) -> (repeat each P) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        to(file: file, line: line, injector: injector)
    }
}

extension AssistedFactoryBindingBuilder {
    /// Binds a factory whose only parameter is the caller's seed; Cleanse's spelling with
    /// `function:`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call; Cleanse's, not kept.
    ///   - factory: Builds an element from the seed.
    /// - Returns: The receipt of the `Factory<AF>` binding.
    @discardableResult
    public func to(
        file: StaticString = #fileID, line: Int = #line, function: StaticString,
        factory: @escaping @Sendable (Assisted<AF.Seed>) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        to(file: file, line: line, factory: factory)
    }

    /// Binds a factory that takes the caller's seed first, then dependencies from the graph;
    /// Cleanse's spelling with `function:`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call; Cleanse's, not kept.
    ///   - factory: Builds an element from the seed and its dependencies.
    /// - Returns: The receipt of the `Factory<AF>` binding.
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID, line: Int = #line, function: StaticString,
        factory: @escaping @Sendable (Assisted<AF.Seed>, repeat each P) -> AF.Element
    ) -> BindingReceipt<Factory<AF>> {
        to(file: file, line: line, factory: factory)
    }
}
