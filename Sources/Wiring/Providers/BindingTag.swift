/// Qualifies bindings of the same type so that they can live side by side.
///
/// ```swift
/// struct BankURL: BindingTag { typealias Element = String }
/// struct AccountID: BindingTag { typealias Element = String }
///
/// binder.bind(String.self).tagged(with: BankURL.self).to(value: "http://127.0.0.1:8080")
/// // in a factory: init(bankURL: TaggedProvider<BankURL>)
/// ```
public protocol BindingTag: SendableMetatype {
    /// The type of the values bound with this tag.
    associatedtype Element
}
