import BillScanner

/// Reads bills as people write them on the command line: `20 20 5` or `20x2 5`.
enum BillArguments {
    /// The bills the arguments describe.
    ///
    /// - Throws: ``CommandLineFailure`` with ``ExitCode/dataError`` for anything that is not a
    ///   bill (`abc`, `0`, `-5`, `20x0`) and for bills the scanner refuses: none, more notes or a
    ///   larger amount than a deposit accepts.
    static func parse(_ arguments: [String]) throws(CommandLineFailure) -> [Bill] {
        var bills: [Bill] = []
        for argument in arguments {
            let (faceValue, count) = try split(argument)
            let bill: Bill
            do throws(ScanError) {
                guard let dollars = Int(faceValue) else { throw ScanError.unknownDenomination(faceValue) }
                bill = try Bill(dollars: dollars)
                let (total, overflow) = bills.count.addingReportingOverflow(count)
                try BillScanner().checkNoteCount(overflow ? Int.max : total)
            } catch {
                throw .data(TerminalText.escaped(error.message))
            }
            bills.append(contentsOf: repeatElement(bill, count: count))
        }
        do throws(ScanError) {
            _ = try BillScanner().scan(bills)
        } catch {
            throw .data(TerminalText.escaped(error.message))
        }
        return bills
    }

    /// Splits `20x2` into its face value and count; `20` counts once. Anything else, such as
    /// `20xX2` or `x2`, is not a bill.
    private static func split(_ argument: String) throws(CommandLineFailure) -> (faceValue: String, count: Int) {
        let notABill = CommandLineFailure.data("'\(TerminalText.escaped(argument))' is not a bill; write a face value such as 20, or 20x2 for two of them")
        guard let separator = argument.firstIndex(where: { $0 == "x" || $0 == "X" }) else {
            guard isInteger(argument) else { throw notABill }
            return (argument, 1)
        }
        let faceValue = String(argument[..<separator])
        let countText = String(argument[argument.index(after: separator)...])
        guard isInteger(faceValue), !countText.isEmpty, countText.allSatisfy(\.isASCIIDigit) else { throw notABill }
        guard let count = Int(countText) else {
            throw .data(ScanError.tooManyNotes(countText).message)
        }
        guard count > 0 else {
            throw .data("'\(TerminalText.escaped(argument))' holds no notes; give a count of 1 or more, such as \(faceValue)x2")
        }
        return (faceValue, count)
    }

    /// Whether the text is an integer, possibly negative: `20`, `-5`, `99999999999999999999`.
    private static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    /// `0` to `9`.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
