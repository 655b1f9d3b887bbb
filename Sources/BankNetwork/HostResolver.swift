import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Resolves the bank's host name before libcurl connects, and waits for the answer no longer
/// than the connect timeout.
///
/// libcurl's threaded resolver joins its thread when a transfer ends, so a name server that never
/// answers held each attempt for the system resolver's own timeouts (30 s and more) whatever
/// `--connect-timeout` said. Here the lookup (`getaddrinfo`) runs on a thread of its own; the
/// attempt waits for it at most its limit and then goes on without it, leaving the thread to
/// finish in its own time. The addresses found are handed to libcurl (`CURLOPT_RESOLVE`), so
/// libcurl never resolves the name itself, and TLS still checks the certificate against the name.
///
/// One lookup of a name runs at a time: an attempt that finds one under way waits for it instead
/// of starting another, so retries and a `sync` of many deposits never pile up blocked threads.
final class HostResolver: Sendable {
    /// What a lookup found.
    enum Answer: Sendable, Equatable {
        /// The host's addresses, numeric (`127.0.0.1`, `::1`).
        case addresses([String])
        /// The name does not resolve (or resolves to no address).
        case notFound
    }

    /// What waiting for a lookup came to.
    enum Resolution: Sendable, Equatable {
        /// The lookup answered in time.
        case answered(Answer)
        /// The limit passed first; the lookup goes on without the caller.
        case timedOut
        /// The caller's task was cancelled.
        case cancelled
    }

    /// A blocking lookup of a host name: `getaddrinfo` unless a test gives another.
    typealias Lookup = @Sendable (_ host: String) -> Answer

    /// The process's resolver.
    static let shared = HostResolver(lookup: systemLookup)

    private let lookup: Lookup
    private let inFlight = Mutex<[String: PendingLookup]>([:])

    /// A resolver whose lookups are `lookup`'s.
    init(lookup: @escaping Lookup) {
        self.lookup = lookup
    }

    /// Whether `host` is an IP address (IPv6 with or without brackets), which needs no lookup.
    static func isAddress(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, bare, &v4) == 1 || inet_pton(AF_INET6, bare, &v6) == 1
    }

    /// The addresses of `host`, waiting at most `limit` for them.
    func resolve(_ host: String, within limit: Duration) async -> Resolution {
        let pending = lookUp(host)
        let waiter = Waiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Resolution, Never>) in
                waiter.start(continuation)
                pending.notify(waiter)
                Task {
                    try? await Task.sleep(for: limit)
                    waiter.finish(.timedOut)
                }
            }
        } onCancel: {
            waiter.finish(.cancelled)
        }
    }

    /// The lookup of `host` under way, or a new one.
    private func lookUp(_ host: String) -> PendingLookup {
        let (pending, isNew) = inFlight.withLock { inFlight -> (PendingLookup, Bool) in
            if let pending = inFlight[host] { return (pending, false) }
            let pending = PendingLookup()
            inFlight[host] = pending
            return (pending, true)
        }
        if isNew {
            let lookup = self.lookup
            let thread = Thread { [self] in
                let answer = lookup(host)
                inFlight.withLock { inFlight in
                    if inFlight[host] === pending { inFlight[host] = nil }
                }
                pending.answer(answer)
            }
            thread.name = "bank-name-lookup"
            thread.start()
        }
        return pending
    }

    // MARK: - getaddrinfo

    /// `getaddrinfo` for a TCP connection, with its addresses in the order it gave them.
    static let systemLookup: Lookup = { host in
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return .notFound }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let text = numericHost(current.pointee), !addresses.contains(text) { addresses.append(text) }
            entry = current.pointee.ai_next
        }
        return addresses.isEmpty ? .notFound : .addresses(addresses)
    }

    private static func numericHost(_ info: addrinfo) -> String? {
        guard let address = info.ai_addr else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let code = getnameinfo(address, info.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST)
        guard code == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// One lookup under way, and the callers waiting for it.
private final class PendingLookup: Sendable {
    private struct State {
        var answer: HostResolver.Answer?
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    /// Tells `waiter` the answer, now if there is one, or when it comes.
    func notify(_ waiter: Waiter) {
        let answer = state.withLock { state -> HostResolver.Answer? in
            if state.answer == nil { state.waiters.append(waiter) }
            return state.answer
        }
        if let answer { waiter.finish(.answered(answer)) }
    }

    /// Records the answer and tells everyone waiting.
    func answer(_ answer: HostResolver.Answer) {
        let waiters = state.withLock { state -> [Waiter] in
            state.answer = answer
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.finish(.answered(answer)) }
    }
}

/// A caller waiting for a lookup: resumed once, by the answer, its time limit or cancellation,
/// whichever comes first.
private final class Waiter: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HostResolver.Resolution, Never>?
        var early: HostResolver.Resolution?
        var finished = false
    }

    private let state = Mutex(State())

    func start(_ continuation: CheckedContinuation<HostResolver.Resolution, Never>) {
        let early = state.withLock { state -> HostResolver.Resolution? in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func finish(_ resolution: HostResolver.Resolution) {
        let continuation = state.withLock { state -> CheckedContinuation<HostResolver.Resolution, Never>? in
            guard !state.finished else { return nil }
            state.finished = true
            guard let continuation = state.continuation else {
                state.early = resolution
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: resolution)
    }
}
