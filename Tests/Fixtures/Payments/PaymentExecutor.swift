// A core library of the wiring-rule fixtures: WiringTests' own stand-in for a library such as
// the ATM's Network, so that the library's tests build nothing of the ATM example.

/// Sends a payment somewhere.
public protocol PaymentExecutor: Sendable {}

/// A payment executor that sends nothing.
public struct StubPaymentExecutor: PaymentExecutor {
    /// Creates an executor.
    public init() {}
}
