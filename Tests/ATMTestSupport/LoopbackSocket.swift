import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket on 127.0.0.1, with blocking calls bounded by timeouts: the plumbing of the test
/// servers and clients in this module.
struct LoopbackSocket: ~Copyable {
    /// A socket call failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String

        init(_ call: String) {
            description = "\(call) failed: \(String(cString: strerror(errno)))"
        }
    }

    let descriptor: Int32

    /// A new, unconnected IPv4 stream socket.
    init() throws(Failure) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure("socket") }
        self.descriptor = descriptor
    }

    init(adopting descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Binds to 127.0.0.1:`port` (0 for any free port) and returns the port. With
    /// `reusingAddress`, the socket sets `SO_REUSEADDR`, as servers do.
    func bindToLoopback(port: UInt16 = 0, reusingAddress: Bool = true) throws(Failure) -> Int {
        if reusingAddress {
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = Self.loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw Failure("bind") }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw Failure("getsockname") }
        return Int(UInt16(bigEndian: local.sin_port))
    }

    /// Connects to 127.0.0.1:`port`.
    func connectToLoopback(port: Int) throws(Failure) {
        var address = Self.loopbackAddress(port: UInt16(port))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure("connect") }
    }

    /// Bounds every later `send` and `receive` by `seconds`.
    func setTimeout(seconds: Int) {
        var value = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`.
    func sendAll(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw Failure("send") }
            offset += sent
        }
    }

    /// Receives what is available, up to `limit` bytes; empty at the end of the stream.
    func receive(limit: Int = 65_536) throws(Failure) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        guard count >= 0 else { throw Failure("recv") }
        return Array(buffer.prefix(count))
    }

    /// Stops both directions, which also wakes a thread blocked in `accept` on Linux.
    func shutdownBoth() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// A TCP port on 127.0.0.1 that refuses connections for as long as this value lives.
///
/// A socket is bound to the port, without `SO_REUSEADDR`, and never listens: connecting to it is
/// refused, and no server started meanwhile (by a test running in parallel, say) can take the port.
/// Keep the value alive until the test is done with the port:
///
///     let closed = try RefusingLoopbackPort()
///     defer { withExtendedLifetime(closed) {} }
public final class RefusingLoopbackPort: Sendable {
    /// The reserved port.
    public let port: Int
    private let socket: LoopbackSocket

    public init() throws {
        let socket = try LoopbackSocket()
        port = try socket.bindToLoopback(reusingAddress: false)
        self.socket = socket
    }
}
