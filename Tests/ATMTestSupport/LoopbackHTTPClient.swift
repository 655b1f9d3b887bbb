import Foundation

/// A minimal HTTP/1.1 client for `http://127.0.0.1:PORT`: enough to drive the simulator's
/// control endpoint without the code under test. Each request runs on a thread of its own with
/// a bounded socket timeout, so no test hangs and no cooperative thread blocks.
public enum LoopbackHTTPClient {
    /// A complete reply.
    public struct Reply: Sendable {
        /// The HTTP status.
        public let status: Int
        /// The body.
        public let body: [UInt8]
        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The request failed, or the reply is not HTTP.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Sends one request and reads the whole reply (the connection is closed after it).
    ///
    /// - Parameters:
    ///   - method: `GET`, `POST`, `DELETE`, …
    ///   - url: An `http://127.0.0.1:PORT/path` URL.
    ///   - body: A JSON body, if any.
    ///   - timeoutSeconds: The bound on each socket call.
    /// - Returns: The reply.
    /// - Throws: ``Failure``.
    public static func send(method: String, url: String, body: [UInt8]? = nil, timeoutSeconds: Int = 5) async throws -> Reply {
        guard let components = URLComponents(string: url), components.scheme == "http",
              components.host == "127.0.0.1", let port = components.port
        else { throw Failure(description: "\(url) is not an http://127.0.0.1:PORT URL") }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body {
            head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        }
        let request = Array((head + "\r\n").utf8) + (body ?? [])
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { () throws(Failure) -> Reply in
                    try exchange(request, port: port, timeoutSeconds: timeoutSeconds)
                })
            }
            thread.name = "loopback-http-client"
            thread.start()
        }
    }

    private static func exchange(_ request: [UInt8], port: Int, timeoutSeconds: Int) throws(Failure) -> Reply {
        var received: [UInt8] = []
        do {
            let socket = try LoopbackSocket()
            socket.setTimeout(seconds: timeoutSeconds)
            try socket.connectToLoopback(port: port)
            try socket.sendAll(request)
            while true {
                let chunk = try socket.receive()
                if chunk.isEmpty { break }
                received += chunk
            }
        } catch {
            throw Failure(description: "request to 127.0.0.1:\(port): \(error)")
        }
        guard let split = received.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "incomplete reply from 127.0.0.1:\(port)")
        }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n", maxSplits: 1).first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw Failure(description: "not an HTTP reply from 127.0.0.1:\(port): \(statusLine)")
        }
        return Reply(status: status, body: Array(received[split.upperBound...]))
    }
}
