import Network
import Testing

/// The accounts a deposit request may name: they go into a URL path as they are.
struct DepositRequestTests {
    @Test(arguments: ["", "al ice", "alice/../bob", "..", String(repeating: "a", count: 65), "zoë"])
    func invalidAccountsAreRefused(account: String) throws {
        let error = try #require(throws: NetworkError.self) { try DepositRequest.validatedAccount(account) }
        #expect(error.kind == .invalidAccount)
        #expect(error.message == "the account '\(account)' is not valid: use 1 to 64 letters, digits, '.', '_' or '-' (but not '.' or '..' alone)")
    }

    @Test func validAccountsAreAccepted() throws {
        let account = "Alice_01.savings-" + String(repeating: "x", count: 47)
        #expect(account.count == 64)
        #expect(try DepositRequest.validatedAccount(account) == account)
    }
}
