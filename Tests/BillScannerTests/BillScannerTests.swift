import BillScanner
import Testing

struct BillScannerTests {
    @Test func aDepositIsTotalledExactlyInCents() throws {
        let total = try BillScanner().scan([Bill(.twenty), Bill(.twenty), Bill(.five)])
        #expect(total == Money(cents: 4500))
        #expect(total.description == "$45.00")
    }

    @Test func everyDenominationIsAccepted() throws {
        let bills = try [1, 2, 5, 10, 20, 50, 100].map { try Bill(dollars: $0) }
        #expect(try BillScanner().scan(bills) == Money(cents: 18_800))
    }

    @Test(arguments: [0, 3, -5, 25, 1000])
    func aFaceValueThatIsNotABillIsRefused(dollars: Int) throws {
        let error = try #require(throws: ScanError.self) { try Bill(dollars: dollars) }
        #expect(error.kind == .unknownDenomination)
        #expect(error.message == "\(dollars) is not a US bill; accepted denominations are 1, 2, 5, 10, 20, 50 and 100")
    }

    @Test func anEmptyDepositIsRefused() throws {
        let error = try #require(throws: ScanError.self) { try BillScanner().scan([]) }
        #expect(error.kind == .emptyDeposit)
        #expect(error.message == "no bills to deposit; give at least one bill, such as 20")
    }

    @Test func theNoteLimitIsAcceptedAndOneMoreIsRefused() throws {
        let atLimit = Array(repeating: Bill(.one), count: BillScanner.maximumNoteCount)
        #expect(try BillScanner().scan(atLimit) == Money(dollars: 50))
        let error = try #require(throws: ScanError.self) { try BillScanner().scan(atLimit + [Bill(.one)]) }
        #expect(error.kind == .tooManyNotes)
        #expect(error.message == "51 notes is more than the 50 notes one deposit accepts")
    }

    @Test func theAmountLimitIsAcceptedAndOneDollarMoreIsRefused() throws {
        let atLimit = Array(repeating: Bill(.hundred), count: 25)
        #expect(try BillScanner().scan(atLimit) == BillScanner.maximumAmount)
        let error = try #require(throws: ScanError.self) { try BillScanner().scan(atLimit + [Bill(.one)]) }
        #expect(error.kind == .amountTooLarge)
        #expect(error.message == "$2,501.00 is more than the $2,500.00 one deposit accepts")
    }

    @Test func anAbsurdNoteCountIsRefusedBeforeTheBillsAreMade() throws {
        let error = try #require(throws: ScanError.self) { try BillScanner().checkNoteCount(1_000_000_000) }
        #expect(error.message == "1000000000 notes is more than the 50 notes one deposit accepts")
    }

    @Test(arguments: [
        (0, "$0.00"), (5, "$0.05"), (4500, "$45.00"), (104_599, "$1,045.99"), (123_456_789, "$1,234,567.89"), (-350, "-$3.50"),
    ])
    func moneyPrintsLikeADollarAmount(cents: Int, text: String) {
        #expect(Money(cents: cents).description == text)
    }
}
