import Network

/// When a failed attempt is tried again, and how long to wait first.
///
/// Every attempt carries the same idempotency key, so the bank credits a deposit at most once
/// however often it is sent; retries are still limited to failures where trying again can help:
/// a connection that was refused, timed out or lost, a 500, 502, 503 or 504, a 408 (the bank
/// timed out reading the request) or 429 (too many requests), and a malformed reply. A refusal
/// (any other 4xx), a redirect, a TLS failure, an unknown host, an oversized reply and a reply
/// that cannot be read as HTTP are final.
struct RetryPolicy: Sendable {
    /// The longest backoff, before `Retry-After` is considered.
    static let maxBackoff = Duration.seconds(5)
    /// The longest pause at all, even when the bank's `Retry-After` asks for more.
    static let maxPause = Duration.seconds(10)
    /// The spread of the random jitter: ±20 %.
    static let jitterSpread = 0.2
    /// The HTTP statuses that are worth another attempt.
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// How many attempts in all.
    let maxAttempts: Int
    /// The pause after the first attempt, before jitter.
    let baseDelay: Duration

    /// Whether an attempt that failed with `error` is worth repeating.
    static func isRetryable(_ error: NetworkError) -> Bool {
        switch error.kind {
        case .connectionRefused, .timedOut, .connectionLost, .malformedReply:
            return true
        case .httpStatus:
            return error.statusCode.map(retryableStatuses.contains) ?? false
        default:
            return false
        }
    }

    /// The pause after attempt `attempt` (1 for the first) failed.
    ///
    /// - Parameters:
    ///   - attempt: The number of the attempt that failed, from 1.
    ///   - retryAfter: The bank's `Retry-After`, if it sent one.
    ///   - jitter: A factor in `0.8...1.2`; random unless a test fixes it.
    /// - Returns: `baseDelay * 2^(attempt-1) * jitter`, at most ``maxBackoff``; then at least
    ///   `retryAfter`, and at most ``maxPause``.
    func pause(afterAttempt attempt: Int, retryAfter: Duration?, jitter: Double) -> Duration {
        let exponent = Double(min(max(attempt - 1, 0), 62))
        let backoffSeconds = min(baseDelay.secondsValue * Double(sign: .plus, exponent: Int(exponent), significand: 1) * jitter,
                                 Self.maxBackoff.secondsValue)
        let seconds = min(max(backoffSeconds, retryAfter?.secondsValue ?? 0), Self.maxPause.secondsValue)
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// The pause after attempt `attempt` failed, with random jitter.
    func pause(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        pause(afterAttempt: attempt, retryAfter: retryAfter,
              jitter: Double.random(in: (1 - Self.jitterSpread)...(1 + Self.jitterSpread)))
    }
}
