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
/// A factory may also throw, be `async`, or be isolated to the main actor; each effect has a
/// label of its own (see the article *Concurrency: actors, async and throwing factories*):
///
/// ```swift
/// binder.bind(Database.self).sharedInScope().to(throwingFactory: Database.init)  // init(path:) throws
/// binder.bind(ConnectionPool.self).sharedInScope().to(asyncFactory: ConnectionPool.init)  // async
/// binder.bind(ViewModel.self).to(mainActorFactory: ViewModel.init)           // @MainActor
/// ```
///
/// A helper that finishes bindings for any builder takes a ``ReceiptBinder`` and is passed with
/// ``configured(with:)``: `binder.bind(Clock.self).configured(with: bindSystemClock)`. Code
/// written for Cleanse that is generic over `BindToable` gets its `to(factory:)` from
/// `WiringCleanse`; Wiring keeps those out of a builder's completions, where they would show
/// every terminal twice.
public protocol BindToable: _GenericThrowingTerminals {
    /// The type the terminal's value or factory result must have.
    associatedtype Input

    /// Records a finished binding. Called by the terminals; do not call it yourself.
    @_spi(WiringInternals) func _bind(_ recipe: _BindingRecipe<Input>) -> BindingReceipt<Input>
}

extension BindToable {
    /// Records a finished binding for the inlinable terminals, which cannot call the requirement
    /// (it is SPI, so that it stays out of a user's completions).
    @usableFromInline
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    func record(_ recipe: _BindingRecipe<Input>) -> BindingReceipt<Input> {
        _bind(recipe)
    }

    /// Binds a value: every request gets this value.
    ///
    /// - Parameters:
    ///   - value: The value. It is handed over to the graph, which gives it to every build.
    ///   - file: The file of the call.
    ///   - line: The line of the call.
    /// - Returns: The receipt of the binding.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    @discardableResult
    @_disfavoredOverload
    public func to(
        value: sending Input,
        file: StaticString = #fileID,
        line: Int = #line
    ) -> BindingReceipt<Input> {
        let sent = SentValue(value)
        return _bind(_BindingRecipe(requests: [], file: file, line: line) { linker in
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
