/// Injects dependencies into an object the graph did not create, such as an app delegate or a
/// view controller made by a storyboard.
///
/// ```swift
/// final class ReceiptViewController {
///     var printer: ReceiptPrinter?
/// }
///
/// binder.bindPropertyInjectionOf(ReceiptViewController.self).to { (controller, printer: ReceiptPrinter) in
///     controller.printer = printer
/// }
/// // anywhere in the graph: init(injector: PropertyInjector<ReceiptViewController>)
/// injector.injectProperties(into: controller)
/// ```
///
/// Each call resolves the dependencies afresh and runs the bound injector on the object.
public struct PropertyInjector<Element: AnyObject>: PropertyInjectorProtocol, Sendable {
    private let inject: @Sendable (Element) -> Void

    @usableFromInline
    init(inject: @escaping @Sendable (Element) -> Void) {
        self.inject = inject
    }

    /// Sets the object's dependencies.
    ///
    /// - Parameter instance: The object.
    public func injectProperties(into instance: Element) {
        inject(instance)
    }
}

/// What every property injector can do.
public protocol PropertyInjectorProtocol {
    /// The class whose instances are injected.
    associatedtype Element: AnyObject

    /// Sets an object's dependencies.
    ///
    /// - Parameter instance: The object.
    func injectProperties(into instance: Element)
}
