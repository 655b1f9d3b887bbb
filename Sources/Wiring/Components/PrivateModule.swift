/// A module whose bindings are private: visible only to the bindings declared inside it, except
/// those it exposes with ``Binder/expose(_:file:line:)``.
///
/// A wiring library draws its boundary with one: its helpers (transport settings, a configured
/// decoder, the client an adapter wraps) stay its own business, and the graph sees only the
/// types it exposes, its input ports.
///
/// ```swift
/// public struct BankNetworkModule: PrivateModule {
///     public static func configure(binder: Binder<Unscoped>) {
///         binder.bind(CurlTransportSettings.self).to(value: .standard)
///         binder.bind(CurlHTTPClient.self).to(factory: CurlHTTPClient.init)
///         binder.bind(NetworkExecutor.self).to(factory: CurlNetworkExecutor.init)
///         binder.expose(NetworkExecutor.self)
///     }
/// }
/// ```
///
/// Include it like any module, with `binder.include(module:)`. A request from outside for a
/// binding it keeps private is reported by ``ComponentFactory/of(_:)``, naming the
/// module and the `expose` call that would make it visible. Two private modules may each bind
/// the same type; each sees its own.
///
/// The rule: a binding declared inside a private module, or inside a module it includes, sees
/// that private module's bindings first, then those of the private module that includes it (for
/// a nested one), then the component's public bindings, then, in a subcomponent, its ancestors'
/// public bindings. Everything else sees only public bindings. A private module is configured
/// once, where it is first included: its exposed bindings are visible there (for a nested one,
/// inside the enclosing private module only, unless that one exposes them in turn). A plain
/// module included inside a private module is configured once per private module that includes
/// it, so each has its own copy of its bindings.
public protocol PrivateModule: Module {}
