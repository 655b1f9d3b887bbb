import Foundation

/// Takes a secret (the bearer token) out of text that came from the bank or from libcurl, in
/// every form in which a bank could echo it, before anything is cut or printed.
///
/// The forms are the secret itself (also inside text whose `%XX` escapes are decoded, so any
/// percent-encoding of it), its base64 and base64url encodings (standing alone, with or without
/// padding, and at each of the three alignments it can have inside a longer encoded text), and
/// the base64 of the `Authorization` header's value, `Bearer TOKEN`. The text is searched as a
/// reader sees it (``FoldedText``): invisible characters between the secret's characters, accents
/// over them, fullwidth look-alikes and another letter case hide nothing.
///
/// A whole form is replaced by `<redacted>` whatever its length. So is any run of at least
/// ``fragmentLength`` characters of one of the secret's own forms: a prefix left by a bank that
/// cut its text, a suffix, or a piece of the middle. So no more than `fragmentLength - 1`
/// consecutive characters of a form can ever reach a message.
struct SecretRedactor: Sendable {
    /// The shortest run of a form that is redacted on its own when it is not the whole form:
    /// 8 characters. A shorter run would redact ordinary text, which shares short runs with any
    /// token (`2026`, `abc`, `oken`); the whole of a form is redacted at any length, since it
    /// spells the secret out.
    static let fragmentLength = 8

    /// What replaces each secret run.
    static let replacement = "<redacted>"

    /// What is searched for, folded, grouped by length: every window of ``fragmentLength``
    /// characters of each of the secret's own forms, each whole form shorter than that, and, for
    /// a secret shorter than that, each whole `Bearer` form.
    private let windows: [Int: Set<ArraySlice<UInt8>>]

    /// A redactor of `secret`; nil or empty redacts nothing.
    init(secret: String?) {
        guard let secret, !secret.isEmpty else {
            windows = [:]
            return
        }
        var windows: [Int: Set<ArraySlice<UInt8>>] = [:]
        let raw = Array(secret.utf8)
        for form in Self.forms(of: raw).map(Self.folded) where !form.isEmpty {
            let length = min(Self.fragmentLength, form.count)
            for start in 0...(form.count - length) {
                windows[length, default: []].insert(form[start..<(start + length)])
            }
        }
        // The `Bearer` forms are searched whole: a run of them may be `Bearer` alone. A longer
        // secret's are taken out, but for the encoded `Bearer `, by the windows of its own forms.
        if raw.count < Self.fragmentLength {
            for form in Self.base64Forms(of: Array("Bearer ".utf8) + raw).map(Self.folded) {
                windows[form.count, default: []].insert(form[...])
            }
        }
        self.windows = windows
    }

    /// Whether this redactor changes nothing.
    var isEmpty: Bool { windows.isEmpty }

    /// Whether `text` holds anything ``redact(_:)`` takes out.
    func reveals(_ text: String) -> Bool {
        !windows.isEmpty && marks(in: Array(text.utf8)).contains(true)
    }

    /// `text` with every run of a form of the secret replaced by `<redacted>`: the run as the
    /// text spells it, with the invisible characters and accents inside and right after it. The
    /// text is also read with its `%XX` escapes decoded, so that a secret percent-encoded in any
    /// way (every byte, or only some) is found too.
    func redact(_ text: String) -> String {
        guard !windows.isEmpty else { return text }
        let bytes = Array(text.utf8)
        let secret = marks(in: bytes)
        guard secret.contains(true) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if secret[index] {
                result += Self.replacement.utf8
                while index < bytes.count, secret[index] { index += 1 }
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Which bytes of `bytes` belong to a run of a form, in the text as it is and in the text
    /// with its percent escapes decoded.
    private func marks(in bytes: [UInt8]) -> [Bool] {
        var secret = [Bool](repeating: false, count: bytes.count)
        mark(FoldedText(bytes), in: &secret)
        // The same text with its percent escapes decoded, each decoded byte remembering the
        // bytes of the text it came from.
        var decoded: [UInt8] = []
        var origins: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = Self.hexValue(bytes[index + 1]), let low = Self.hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                origins.append(index..<(index + 3))
                index += 3
            } else {
                decoded.append(bytes[index])
                origins.append(index..<(index + 1))
                index += 1
            }
        }
        if decoded.count < bytes.count {
            mark(FoldedText(decoded, origins: origins), in: &secret)
        }
        return secret
    }

    /// Marks in `secret` the original bytes of every window found in `folded`: all of them from
    /// the window's first character to its last, whatever the folding dropped between them.
    private func mark(_ folded: FoldedText, in secret: inout [Bool]) {
        let bytes = folded.bytes
        for (length, set) in windows where length <= bytes.count {
            for start in 0...(bytes.count - length) where set.contains(bytes[start..<(start + length)]) {
                for index in folded.origins[start].lowerBound..<folded.origins[start + length - 1].upperBound {
                    secret[index] = true
                }
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Forms

    /// The forms a bank could echo the secret in: itself, percent-encoded with upper- and
    /// lowercase hexadecimal digits, and in base64 (``base64Forms(of:)``).
    static func forms(of secret: [UInt8]) -> [[UInt8]] {
        [secret, percentEncoded(secret, hex: Array("0123456789ABCDEF".utf8)), percentEncoded(secret, hex: Array("0123456789abcdef".utf8))]
            + base64Forms(of: secret)
    }

    /// `bytes` in base64 and base64url: standing alone, with and without padding, and the
    /// characters that depend on `bytes` alone at each alignment inside a longer encoded text.
    static func base64Forms(of bytes: [UInt8]) -> [[UInt8]] {
        let alone = Array(Data(bytes).base64EncodedString().utf8)
        let unpadded = Array(alone.prefix { $0 != UInt8(ascii: "=") })
        var forms: [[UInt8]] = []
        for form in [alone, unpadded] + (0..<3).map({ base64Core(of: bytes, offset: $0) }) where !form.isEmpty {
            forms.append(form)
            forms.append(form.map(urlSafe))
        }
        return forms
    }

    /// A form as ``FoldedText`` reads it: the forms are ASCII, so it is lowercased.
    private static func folded(_ form: [UInt8]) -> [UInt8] {
        form.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 0x20 : $0 }
    }

    /// Every byte outside RFC 3986's unreserved set as `%XX`.
    private static func percentEncoded(_ bytes: [UInt8], hex: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        for byte in bytes {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return result
    }

    /// The base64 characters that depend on the secret's bytes alone when the secret starts
    /// `offset` bytes into a 3-byte group of a longer encoded text.
    private static func base64Core(of secret: [UInt8], offset: Int) -> [UInt8] {
        let padded = [UInt8](repeating: 0, count: offset) + secret
        let encoded = Array(Data(padded).base64EncodedString().utf8)
        // Character i covers bits [6i, 6i + 6) of the padded bytes; keep those wholly inside
        // the secret's bits [8 * offset, 8 * (offset + count)).
        let firstBit = 8 * offset
        let endBit = 8 * (offset + secret.count)
        var result: [UInt8] = []
        for (index, character) in encoded.enumerated() where 6 * index >= firstBit && 6 * index + 6 <= endBit {
            result.append(character)
        }
        return result
    }

    private static func urlSafe(_ character: UInt8) -> UInt8 {
        switch character {
        case UInt8(ascii: "+"): UInt8(ascii: "-")
        case UInt8(ascii: "/"): UInt8(ascii: "_")
        default: character
        }
    }
}
