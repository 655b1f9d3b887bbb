extension Binder {
    /// Starts the binding of a ``PropertyInjector`` for `Element`: how the graph sets the
    /// dependencies of objects it does not create.
    ///
    /// - Parameters:
    ///   - class: The class whose instances are injected.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    /// - Returns: A builder whose terminal takes the injector.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public func bindPropertyInjectionOf<Element: AnyObject>(
        _ class: Element.Type = Element.self, file: StaticString = #fileID, line: Int = #line
    ) -> PropertyInjectorBindingBuilder<Element> {
        let site = CallSite(file: file, line: line)
        return PropertyInjectorBindingBuilder { [graph] recipe in
            graph.add(recipe, key: BindingKey(PropertyInjector<Element>.self), site: site, isShared: false, carriesEffects: false)
            return BindingReceipt()
        }
    }
}

/// A property injector being bound; finish it with `to(injector:)`.
///
/// The injector takes the object and any number of dependencies from the graph, either flat
/// (`{ (object, printer: ReceiptPrinter) in … }`) or curried, as an unapplied method
/// (`ReceiptViewController.inject` for `func inject(printer: ReceiptPrinter)`).
public struct PropertyInjectorBindingBuilder<Element: AnyObject> {
    /// Records the binding of `PropertyInjector<Element>`. Called by the terminals.
    @usableFromInline let bind: (_BindingRecipe<PropertyInjector<Element>>) -> BindingReceipt<PropertyInjector<Element>>

    @usableFromInline
    init(bind: @escaping (_BindingRecipe<PropertyInjector<Element>>) -> BindingReceipt<PropertyInjector<Element>>) {
        self.bind = bind
    }

    /// Binds an injector that takes the object, then its dependencies.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - injector: Sets the object's dependencies.
    /// - Returns: The receipt of the `PropertyInjector<Element>` binding.
    @inlinable
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID, line: Int = #line,
        injector: @escaping @Sendable (Element, repeat each P) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        bind(_BindingRecipe(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            let resolvers = linker.resolvers(repeat (each P).self)
            return linker.finish { instance in
                let shared = SharedInstance(instance)
                return PropertyInjector { object in injector(object, repeat (each resolvers)(shared.instance)) }
            }
        })
    }

    /// Binds an injector given as an unapplied method: `Element.inject` for
    /// `func inject(printer: ReceiptPrinter)`.
    ///
    /// - Parameters:
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - injector: Sets the object's dependencies.
    /// - Returns: The receipt of the `PropertyInjector<Element>` binding.
    @inlinable
    @discardableResult
    public func to<each P>(
        file: StaticString = #fileID, line: Int = #line,
        injector: @escaping @Sendable (Element) -> (repeat each P) -> Void
    ) -> BindingReceipt<PropertyInjector<Element>> {
        bind(_BindingRecipe(requests: DependencyRequest.list(repeat (each P).self), file: file, line: line) { linker in
            let resolvers = linker.resolvers(repeat (each P).self)
            return linker.finish { instance in
                let shared = SharedInstance(instance)
                return PropertyInjector { object in injector(object)(repeat (each resolvers)(shared.instance)) }
            }
        })
    }
}

extension BindToable {
    /// Finishes the binding of a property injector with a function that receives its binder:
    /// how a component whose root is a `PropertyInjector` binds it.
    ///
    /// ```swift
    /// static func configureRoot(binder bind: ReceiptBinder<PropertyInjector<AppDelegate>>) -> BindingReceipt<PropertyInjector<AppDelegate>> {
    ///     bind.propertyInjector { bind in bind.to(injector: AppDelegate.injectProperties) }
    /// }
    /// ```
    ///
    /// - Parameter configurationFunction: Binds the injector.
    /// - Returns: The receipt of the injector's binding.
    public func propertyInjector<Element: AnyObject>(
        configuredWith configurationFunction: (PropertyInjectorBindingBuilder<Element>) -> BindingReceipt<PropertyInjector<Element>>
    ) -> BindingReceipt<PropertyInjector<Element>> where Input == PropertyInjector<Element> {
        configurationFunction(PropertyInjectorBindingBuilder { recipe in _bind(recipe, effects: [], carriesEffects: false) })
    }
}
