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

    /// Binds to 127.0.0.1:`port` (0 for any free port) and returns the port.
    func bindToLoopback(port: UInt16 = 0) throws(Failure) -> Int {
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
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

/// A TCP port on 127.0.0.1 that nothing listens on: connecting to it is refused.
///
/// It binds a socket to port 0, reads the port the system chose, and closes the socket. Another
/// process could take the port in between, but on a test machine that is vanishingly rare.
///
/// - Returns: The port.
public func closedLoopbackPort() -> Int {
    do {
        let socket = try LoopbackSocket()
        return try socket.bindToLoopback()
    } catch {
        // Port 1 needs root to listen on and nothing does on a test machine: refused as well.
        return 1
    }
}
