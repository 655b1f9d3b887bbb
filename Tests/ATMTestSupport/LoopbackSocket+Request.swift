import Foundation

extension LoopbackSocket {
    /// Reads one HTTP request: its head, then as many body bytes as its `Content-Length` says.
    ///
    /// - Returns: The request, or nil when the connection ends (or a read times out) first, or
    ///   the head passes 1 MB.
    func readHTTPRequest() -> ScriptedHTTPServer.Request? {
        var received: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        while received.firstRange(of: separator) == nil {
            guard let chunk = try? receive(), !chunk.isEmpty, received.count < 1_000_000 else { return nil }
            received += chunk
        }
        guard let split = received.firstRange(of: separator) else { return nil }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        let request = ScriptedHTTPServer.Request(requestLine: requestLine, headerLines: lines, body: "")
        let length = Int(request.header("Content-Length") ?? "0") ?? 0
        var body = Array(received[split.upperBound...])
        while body.count < length {
            guard let chunk = try? receive(), !chunk.isEmpty else { return nil }
            body += chunk
        }
        return ScriptedHTTPServer.Request(requestLine: requestLine, headerLines: lines, body: String(decoding: body, as: UTF8.self))
    }
}
