import Network

/// Text from the bank as the app carries it: in the form ``Network/SystemBytes`` gives text from
/// the system, where a scalar of the range U+10FE00–U+10FEFF stands for a raw byte that is not
/// UTF-8.
///
/// The bank's text is UTF-8, so a character of that range it sends is a genuine one: it is
/// carried as the stand-ins of its four UTF-8 bytes, as a path holding it is. Left as it is, it
/// would be printed as the raw byte it looks like (`\x{E9}` for U+10FEE9), and a reader could not
/// tell what the bank sent; carried so, it is printed `\u{10FEE9}` (``SystemBytes/bytes(_:)``
/// gives back the bank's very bytes).
enum BankText {
    /// `text`, received from the bank, in the form the app carries it.
    static func carried(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { SystemBytes.rawByte($0) != nil }) else { return text }
        return SystemBytes.text(Array(text.utf8))
    }
}
