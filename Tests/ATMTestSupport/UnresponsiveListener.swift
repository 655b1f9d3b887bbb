import Foundation

/// A port on 127.0.0.1 where connecting never completes: a listener with a backlog of one that
/// is already taken and is never accepted, so the kernel drops every further connection attempt
/// and the client's connect timeout expires. For connect-timeout tests that stay on loopback.
public final class UnresponsiveListener: Sendable {
    /// The URL to connect to: `http://127.0.0.1:PORT`.
    public let baseURL: String
    private let listener: Int32
    private let filler: Int32

    /// Opens the listener and fills its backlog.
    ///
    /// - Throws: When a socket call fails.
    public init() throws {
        let listening = try LoopbackSocket()
        let port = try listening.bindToLoopback()
        guard listen(listening.descriptor, 0) == 0 else { throw LoopbackSocket.Failure("listen") }
        let filling = try LoopbackSocket()
        filling.setTimeout(seconds: 1)
        try filling.connectToLoopback(port: port)
        listener = dup(listening.descriptor)
        filler = dup(filling.descriptor)
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        close(filler)
        close(listener)
    }
}
