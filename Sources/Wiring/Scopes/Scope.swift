/// The common base of every scope marker, including ``Unscoped``.
///
/// You do not use this protocol directly. Declare your own scopes by conforming to ``Scope``;
/// ``Unscoped`` conforms only to `_ScopeBase`, which is what makes
/// ``BindingBuilder/sharedInScope()`` unavailable on a `Binder<Unscoped>`.
public protocol _ScopeBase {}

/// A scope in which bindings can be shared.
///
/// A binding declared with ``BindingBuilder/sharedInScope()`` in a binder of scope `S` is
/// created at most once per built instance of the component whose `Scope` is `S`, and then
/// handed out to everything in that component that asks for it.
///
/// Declare a scope of your own with an empty type:
///
/// ```swift
/// public struct SessionScope: Scope {}
/// ```
public protocol Scope: _ScopeBase {}

/// The scope of modules and components whose bindings are never shared.
///
/// Every request of an unscoped binding runs its factory again. A `Binder<Unscoped>` has no
/// ``BindingBuilder/sharedInScope()``: asking for one is a compile-time error.
public struct Unscoped: _ScopeBase {}

/// The scope of a root component whose shared bindings live as long as the built component.
///
/// A binding shared in `Singleton` is created once per call of ``ComponentFactory/build(_:)-6sigw``
/// and reused by everything built from that call.
public struct Singleton: Scope {}
