import Dispatch
import Foundation
import Synchronization

/// An HTTP server on 127.0.0.1 that answers each connection with the next scripted reply and
/// records every request: for the replies the bank simulator cannot send (redirects, replies
/// without `Content-Length`, odd statuses), and to check what the client sent, byte for byte.
///
/// Connections are served one at a time, on a thread of the server's own; after the script runs
/// out every request gets `500`. ``stop()`` (also run by `deinit`) ends it.
public final class ScriptedHTTPServer: Sendable {
    /// What the server does with one connection.
    public enum Step: Sendable {
        /// Send these bytes (a whole raw HTTP reply, head and body), then close.
        case reply(String)
        /// Close the connection without a reply.
        case close
        /// Hold the connection open without answering, for at most this long, then close.
        case hang(Duration)
        /// Close the connection without a reply and stop listening: later connections are refused.
        case closeAndStopListening
        /// Hold the request until the test opens the gate (at most ``Gate/patience``), then take the step.
        indirect case holdUntilOpened(Gate, then: Step)

        /// A complete reply with a `Content-Length`.
        public static func status(_ code: Int, headers: [String] = [], body: String = "") -> Step {
            let lines = ["HTTP/1.1 \(code) Scripted"] + headers + ["Content-Length: \(body.utf8.count)", "Connection: close"]
            return .reply(lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
        }
    }

    /// Where a request waits until the test lets the server answer it: the test awaits
    /// ``arrival()`` (the request is at the server, so the client has done all it does first),
    /// looks at the world, then calls ``open()``.
    public final class Gate: Sendable {
        private let arrived = DispatchSemaphore(value: 0)
        private let opened = DispatchSemaphore(value: 0)

        /// Creates a closed gate.
        public init() {}

        /// How long a side waits for the other: far beyond what any machine needs, so that it only
        /// ends a wait for a client that will never come (which the test then reports), never
        /// decides a test on a loaded machine. A client starting a process took over 60 s at a
        /// load of 16 on two cores.
        static let patience = DispatchTimeInterval.seconds(15 * 60)

        /// Returns once a request waits at the gate, or after ``patience``; whether one does.
        public func arrival() async -> Bool {
            await withCheckedContinuation { continuation in
                let thread = Thread { continuation.resume(returning: self.arrived.wait(timeout: .now() + Self.patience) == .success) }
                thread.start()
            }
        }

        /// Lets the server answer the held request.
        public func open() {
            opened.signal()
        }

        func hold() {
            arrived.signal()
            _ = opened.wait(timeout: .now() + Self.patience)
        }
    }

    /// One request as the server received it.
    public struct Request: Sendable, Equatable {
        /// The request line, such as `POST /v1/accounts/alice/deposits HTTP/1.1`.
        public let requestLine: String
        /// The header lines, as sent.
        public let headerLines: [String]
        /// The body.
        public let body: String

        /// The value of the first header named `name` (case-insensitive).
        public func header(_ name: String) -> String? {
            for line in headerLines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                if line[..<colon].lowercased() == name.lowercased() {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// The server's URL: `http://127.0.0.1:PORT`.
    public let baseURL: String
    private let core: Core

    /// Starts a server that follows `script`.
    ///
    /// - Parameter script: What to do with each connection, in order.
    /// - Throws: When no socket can be opened.
    public init(script: [Step]) throws {
        let socket = try LoopbackSocket()
        let port = try socket.bindToLoopback()
        guard listen(socket.descriptor, 16) == 0 else { throw LoopbackSocket.Failure("listen") }
        baseURL = "http://127.0.0.1:\(port)"
        let core = Core(listener: dup(socket.descriptor), script: script)
        self.core = core
        // The thread holds the core, not the server, so dropping the server stops the thread.
        let thread = Thread { core.serve() }
        thread.name = "scripted-http-server"
        thread.start()
    }

    deinit {
        core.stop()
    }

    /// Every request so far, in order.
    public var requests: [Request] { core.requests }

    /// Stops accepting connections (later ones are refused) and ends a `hang` in progress.
    public func stop() {
        core.stop()
    }
}

/// The listening socket, the script and the record, shared with the serving thread.
private final class Core: Sendable {
    private struct State {
        var script: [ScriptedHTTPServer.Step]
        var requests: [ScriptedHTTPServer.Request] = []
        var stopped = false
    }

    private let listener: Int32
    private let state: Mutex<State>

    init(listener: Int32, script: [ScriptedHTTPServer.Step]) {
        self.listener = listener
        state = Mutex(State(script: script))
    }

    deinit {
        close(listener)
    }

    var requests: [ScriptedHTTPServer.Request] { state.withLock { $0.requests } }

    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { _ = shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    func serve() {
        while !isStopped {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let connection = LoopbackSocket(adopting: descriptor)
            connection.setTimeout(seconds: 5)
            guard let request = connection.readHTTPRequest() else { continue }
            let step = state.withLock { state in
                state.requests.append(request)
                return state.script.isEmpty
                    ? ScriptedHTTPServer.Step.status(500, body: #"{"error":"the script ran out"}"#)
                    : state.script.removeFirst()
            }
            var next = step
            while case let .holdUntilOpened(gate, then) = next {
                gate.hold()
                next = then
            }
            switch next {
            case .holdUntilOpened:
                connection.shutdownBoth()
            case let .reply(text):
                try? connection.sendAll(Array(text.utf8))
                connection.shutdownBoth()
            case .close:
                connection.shutdownBoth()
            case .closeAndStopListening:
                connection.shutdownBoth()
                stop()
            case let .hang(duration):
                let deadline = ContinuousClock.now + duration
                while ContinuousClock.now < deadline, !isStopped { usleep(10_000) }
                connection.shutdownBoth()
            }
        }
    }
}
