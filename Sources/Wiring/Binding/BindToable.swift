/// Anything a binding can be finished on with `to(factory:)` or `to(value:)`: the builders that
/// `Binder.bind()` returns, and ``ReceiptBinder``.
///
/// You do not conform to this protocol; you call its terminals:
///
/// ```swift
/// binder.bind(BillScanner.self).to(factory: BillScanner.init)
/// binder.bind(Int.self).tagged(with: NoteLimit.self).to(value: 40)
/// binder.bind().to { (scanner: BillScanner, network: any NetworkExecutor) in
///     ATMDepositer(scanner: scanner, network: network)
/// }
/// ```
///
/// A factory may take any number of parameters, each resolved from the graph. A parameter can
/// be a bound type `T`, a ``Provider`` of it, a ``TaggedProvider``, `[T]` for a collection
/// binding, `T?` (nil when `T` is not bound), or `() -> T`.
///
/// A factory may also throw, be `async`, or be isolated to the main actor (see
/// <doc:Concurrency>):
///
/// ```swift
/// binder.bind(Database.self).sharedInScope().to(factory: Database.init)     // init(path:) throws
/// binder.bind(ConnectionPool.self).sharedInScope().to(factory: ConnectionPool.init)  // async
/// binder.bind(ViewModel.self).to(factory: ViewModel.init)                  // @MainActor
/// ```
public protocol BindToable: _GenericThrowingTerminals {
    /// The type the terminal's value or factory result must have.
    associatedtype Input

    /// Records a finished binding. Called by the terminals; do not call it yourself.
    func _bind(_ recipe: _BindingRecipe<Input>) -> BindingReceipt<Input>
}

/// The builders whose `to(factory:)` terminals take precedence over ``BindToable``'s, which are
/// disfavoured and there for code generic over builders: ``ReceiptBinder`` and the collection
/// builders. (``BindingBuilder`` has terminals of its own.) An implementation detail; do not
/// conform to it.
public protocol _PreferredTerminals: _ThrowingTerminals {}

/// The builders' throwing `to(factory:)`. An implementation detail: it differs from the
/// main-actor terminal only in isolation, which Swift does not allow in one type, so it lives
/// here; do not conform to it.
public protocol _ThrowingTerminals: BindToable {}

/// The throwing `to(factory:)` of code generic over ``BindToable``, disfavoured like the plain
/// terminals there. An implementation detail; do not conform to it.
public protocol _GenericThrowingTerminals {
    /// The type the factory's result must have.
    associatedtype Input

    /// Records a finished binding. Called by the terminals; do not call it yourself.
    func _bind(_ recipe: _BindingRecipe<Input>) -> BindingReceipt<Input>
}

/// A finished binding as the terminals hand it to a builder: what the factory asks for, where it
/// was declared, and how to link it. An implementation detail of ``BindToable``.
public struct _BindingRecipe<Input> {
    @usableFromInline let requests: [DependencyRequest]
    @usableFromInline let site: CallSite
    @usableFromInline let link: (Linker) -> Resolver<Input>
    /// The effects of the factory itself.
    @usableFromInline let effects: Effects
    /// Whether `link` can link the binding in every ``EffectContext``, so that its parameters'
    /// effects travel to whoever takes its value. Recipes that resolve their parameters later,
    /// synchronously (assisted factories, property injectors), cannot.
    @usableFromInline let carriesEffects: Bool

    @inlinable
    init(
        requests: [DependencyRequest], effects: Effects = [], carriesEffects: Bool = false, file: StaticString, line: Int,
        link: @escaping (Linker) -> Resolver<Input>
    ) {
        self.requests = requests
        self.site = CallSite(file: file, line: line)
        self.link = link
        self.effects = effects
        self.carriesEffects = carriesEffects
    }
}

/// Proof that a binding was made; `configureRoot` returns one.
public struct BindingReceipt<Element> {
    @usableFromInline
    init() {}
}

extension BindToable {
    /// Binds a value: every request gets this value.
    ///
    /// - Parameters:
    ///   - value: The value. It is handed over to the graph, which gives it to every build.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    ///   - function: The function of the call (kept for Cleanse compatibility).
    /// - Returns: The receipt of the binding.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @discardableResult
    @_disfavoredOverload
    public func to(
        value: sending Input,
        file: StaticString = #fileID,
        line: Int = #line,
        function: StaticString = #function
    ) -> BindingReceipt<Input> {
        let sent = SentValue(value)
        return _bind(_BindingRecipe(requests: [], carriesEffects: true, file: file, line: line) { linker in
            linker.finish { _ in sent.value }
        })
    }

    /// Finishes the binding with a function that receives a ``ReceiptBinder``, so that a module
    /// protocol can require its implementations to bind a type.
    ///
    /// ```swift
    /// binder.bind().configured(with: M.configureUserService)
    /// ```
    ///
    /// - Parameter configurationFunction: The function that finishes the binding.
    /// - Returns: The receipt the function returns.
    @discardableResult
    public func configured(with configurationFunction: (ReceiptBinder<Input>) -> BindingReceipt<Input>) -> BindingReceipt<Input> {
        configurationFunction(ReceiptBinder(finishing: self))
    }
}
