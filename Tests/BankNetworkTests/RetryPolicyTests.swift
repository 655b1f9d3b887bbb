@testable import BankNetwork
import Network
import Testing

struct RetryPolicyTests {
    @Test func thePauseDoublesFromTheBaseDelay() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(200))
        #expect(policy.pause(afterAttempt: 1, retryAfter: nil, jitter: 1) == .milliseconds(200))
        #expect(policy.pause(afterAttempt: 2, retryAfter: nil, jitter: 1) == .milliseconds(400))
        #expect(policy.pause(afterAttempt: 3, retryAfter: nil, jitter: 1) == .milliseconds(800))
    }

    @Test func jitterSpreadsThePauseByTwentyPercent() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(200))
        #expect(policy.pause(afterAttempt: 2, retryAfter: nil, jitter: 0.8) == .milliseconds(320))
        #expect(policy.pause(afterAttempt: 2, retryAfter: nil, jitter: 1.2) == .milliseconds(480))
        for _ in 0..<100 {
            let pause = policy.pause(afterAttempt: 2, retryAfter: nil)
            #expect(pause >= .milliseconds(320) && pause <= .milliseconds(480))
        }
    }

    @Test func theBackoffStopsGrowingAtFiveSeconds() {
        let policy = RetryPolicy(maxAttempts: 100, baseDelay: .seconds(1))
        #expect(policy.pause(afterAttempt: 4, retryAfter: nil, jitter: 1.2) == .seconds(5))
        #expect(policy.pause(afterAttempt: 99, retryAfter: nil, jitter: 1) == .seconds(5))
    }

    @Test func retryAfterWinsWhenLongerAndIsCappedAtTenSeconds() {
        let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(200))
        #expect(policy.pause(afterAttempt: 1, retryAfter: .seconds(2), jitter: 1) == .seconds(2))
        #expect(policy.pause(afterAttempt: 1, retryAfter: .zero, jitter: 1) == .milliseconds(200))
        #expect(policy.pause(afterAttempt: 1, retryAfter: .seconds(3600), jitter: 1) == .seconds(10))
    }

    @Test func onlyFailuresWhereAnotherAttemptCanHelpAreRetried() {
        let bank = "http://127.0.0.1:1"
        let retried: [NetworkError] = [
            .connectionRefused(bank: bank),
            .connectTimedOut(bank: bank, after: .seconds(5)),
            .answerTimedOut(bank: bank, after: .seconds(15)),
            .connectionLost(bank: bank),
            .malformedReply(bank: bank, detail: "the body is empty"),
            .failed(bank: bank, status: 500, bankMessage: nil),
            .failed(bank: bank, status: 502, bankMessage: nil),
            .failed(bank: bank, status: 503, bankMessage: nil),
            .failed(bank: bank, status: 504, bankMessage: nil),
            .notTakenNow(bank: bank, status: 408, bankMessage: nil),
            .notTakenNow(bank: bank, status: 429, bankMessage: "slow down"),
        ]
        let final: [NetworkError] = [
            .failed(bank: bank, status: 501, bankMessage: nil),
            .refused(bank: bank, status: 400, bankMessage: nil),
            .refused(bank: bank, status: 401, bankMessage: nil),
            .refused(bank: bank, status: 409, bankMessage: nil),
            .refused(bank: bank, status: 404, bankMessage: nil),
            .redirectRefused(bank: bank, status: 302, location: "https://elsewhere.example"),
            .tlsFailed(bank: bank, detail: "SSL certificate problem"),
            .hostNotFound(bank: bank, host: "bank.example"),
            .responseTooLarge(bank: bank, limit: 10),
            .cancelled(bank: bank, mayHaveBeenCredited: true),
            .transferFailed(bank: bank, detail: "Unsupported protocol", mayHaveBeenCredited: false),
        ]
        for error in retried { #expect(RetryPolicy.isRetryable(error), "\(error)") }
        for error in final { #expect(!RetryPolicy.isRetryable(error), "\(error)") }
    }

    @Test(arguments: [
        (Duration.seconds(5), "5 s"),
        (.milliseconds(250), "250 ms"),
        (.milliseconds(1_500), "1.5 s"),
        (.milliseconds(1_250), "1.25 s"),
        (.milliseconds(10_005), "10.005 s"),
        (.seconds(90), "90 s"),
        (.milliseconds(1), "1 ms"),
        (.zero, "0 ms"),
    ])
    func durationsAreSpokenInSecondsOrMilliseconds(duration: Duration, spoken: String) {
        #expect(duration.spoken == spoken)
    }

    @Test func libcurlGetsWholeMillisecondsRoundedUp() {
        #expect(Duration.milliseconds(250).wholeMillisecondsRoundedUp == 250)
        #expect(Duration.microseconds(1).wholeMillisecondsRoundedUp == 1)
        #expect(Duration.seconds(5).wholeMillisecondsRoundedUp == 5_000)
        #expect(Duration.seconds(Int64.max).wholeMillisecondsRoundedUp == Int.max)
    }
}
