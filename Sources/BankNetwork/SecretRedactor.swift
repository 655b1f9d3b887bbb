import Foundation

/// Takes a secret (the bearer token) out of text that came from the bank or from libcurl, in
/// every form in which a bank could echo it, before anything is cut or printed.
///
/// The forms are the secret itself (also inside text whose `%XX` escapes are decoded, so any
/// percent-encoding of it), and its base64 and base64url encodings at each of the three
/// alignments it can have inside a longer encoded text. Any run of at least ``fragmentLength`` bytes of one of those forms (or the whole
/// form, when it is shorter) is replaced by `<redacted>`: a whole occurrence, and also a prefix
/// left by a bank that cut its text, a suffix, or a piece of the middle. So no more than
/// `fragmentLength - 1` consecutive characters of a form can ever reach a message.
struct SecretRedactor: Sendable {
    /// The shortest piece of a form that is redacted on its own: 8 bytes. A shorter secret is
    /// redacted only whole.
    static let fragmentLength = 8

    /// What replaces each secret run.
    static let replacement = "<redacted>"

    /// Every window of each form, grouped by length: the forms shorter than
    /// ``fragmentLength`` are windows of their own length.
    private let windows: [Int: Set<[UInt8]>]

    /// A redactor of `secret`; nil or empty redacts nothing.
    init(secret: String?) {
        guard let secret, !secret.isEmpty else {
            windows = [:]
            return
        }
        var windows: [Int: Set<[UInt8]>] = [:]
        let raw = Array(secret.utf8)
        // An encoded form shorter than a fragment would match ordinary text: only the secret
        // itself is redacted whole whatever its length.
        for form in Self.forms(of: raw) where form == raw || form.count >= Self.fragmentLength {
            let length = min(Self.fragmentLength, form.count)
            for start in 0...(form.count - length) {
                windows[length, default: []].insert(Array(form[start..<(start + length)]))
            }
        }
        self.windows = windows
    }

    /// Whether this redactor changes nothing.
    var isEmpty: Bool { windows.isEmpty }

    /// `text` with every run of a form of the secret replaced by `<redacted>`. The text is also
    /// read with its `%XX` escapes decoded, so that a secret percent-encoded in any way (every
    /// byte, or only some) is found too.
    func redact(_ text: String) -> String {
        guard !windows.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var secret = marks(in: bytes)
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
            for (position, isSecret) in marks(in: decoded).enumerated() where isSecret {
                for original in origins[position] { secret[original] = true }
            }
        }
        guard secret.contains(true) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        index = 0
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

    /// Which bytes of `bytes` belong to a window of a form.
    private func marks(in bytes: [UInt8]) -> [Bool] {
        var secret = [Bool](repeating: false, count: bytes.count)
        for (length, set) in windows where length <= bytes.count {
            for start in 0...(bytes.count - length) where set.contains(Array(bytes[start..<(start + length)])) {
                for index in start..<(start + length) { secret[index] = true }
            }
        }
        return secret
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

    /// The forms a bank could echo the secret in.
    static func forms(of secret: [UInt8]) -> [[UInt8]] {
        var forms = [secret, percentEncoded(secret, hex: Array("0123456789ABCDEF".utf8)), percentEncoded(secret, hex: Array("0123456789abcdef".utf8))]
        for offset in 0..<3 {
            let aligned = base64Core(of: secret, offset: offset)
            forms.append(aligned)
            forms.append(aligned.map(urlSafe))
        }
        return forms
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
