import Foundation
import Synchronization

/// An HTTP server on 127.0.0.1 that never answers a deposit: it reads and records each request,
/// then holds the connection, saying nothing, until the client gives up and closes it. A bank
/// that is up but silent, for counting how many attempts a client makes before it stops.
///
/// Connections are served one at a time, in the order they were made. ``requestsSoFar()`` asks
/// the server itself (on a connection of its own, answered at once) when it has dealt with every
/// connection made before, so the count it returns does not depend on timing.
public final class SilentHTTPServer: Sendable {
    /// The server's URL: `http://127.0.0.1:PORT`.
    public let baseURL: String
    private let core: SilentCore

    /// The path of the one request the server answers: once it is answered, every connection
    /// made before it has been read.
    static let caughtUpPath = "/caught-up"

    /// Starts the server.
    ///
    /// - Throws: When no socket can be opened.
    public init() throws {
        let socket = try LoopbackSocket()
        let port = try socket.bindToLoopback()
        guard listen(socket.descriptor, 64) == 0 else { throw LoopbackSocket.Failure("listen") }
        baseURL = "http://127.0.0.1:\(port)"
        let core = SilentCore(listener: dup(socket.descriptor))
        self.core = core
        let thread = Thread { core.serve() }
        thread.name = "silent-http-server"
        thread.start()
    }

    deinit {
        core.stop()
    }

    /// Every request the server has read from the connections made before this call, in order.
    ///
    /// - Throws: When the server does not answer its own request.
    public func requestsSoFar() async throws -> [ScriptedHTTPServer.Request] {
        let reply = try await LoopbackHTTPClient.send(method: "GET", url: baseURL + Self.caughtUpPath, timeoutSeconds: 60)
        guard reply.status == 204 else { throw LoopbackHTTPClient.Failure(description: "the silent server answered \(reply.status)") }
        return core.requests
    }

    /// Stops accepting connections and lets go of the one held.
    public func stop() {
        core.stop()
    }
}

/// The listening socket and the record, shared with the serving thread.
private final class SilentCore: Sendable {
    private struct State {
        var requests: [ScriptedHTTPServer.Request] = []
        var stopped = false
    }

    private let listener: Int32
    private let state = Mutex(State())

    init(listener: Int32) {
        self.listener = listener
    }

    deinit {
        close(listener)
    }

    var requests: [ScriptedHTTPServer.Request] { state.withLock { $0.requests } }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { _ = shutdown(listener, Int32(SHUT_RDWR)) }
    }

    func serve() {
        while !isStopped {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let connection = LoopbackSocket(adopting: descriptor)
            connection.setTimeout(seconds: 60)
            guard let request = connection.readHTTPRequest() else { continue }
            if request.requestLine.hasPrefix("GET \(SilentHTTPServer.caughtUpPath) ") {
                try? connection.sendAll(Array("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".utf8))
                connection.shutdownBoth()
                continue
            }
            state.withLock { $0.requests.append(request) }
            connection.setTimeout(seconds: 1)
            // Silent until the client closes its end (a read of nothing) or the server stops.
            while !isStopped {
                do {
                    if try connection.receive().isEmpty { break }
                } catch {
                    if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                    break
                }
            }
            connection.shutdownBoth()
        }
    }
}
