/// Text that stands for the exact bytes the system gave: a command-line argument, an environment
/// variable, a file name. Linux names are bytes, not UTF-8, and a Swift `String` repairs what is
/// not UTF-8, so `caf\xE9.json` (a Latin-1 name) would become `caf\u{FFFD}.json`, another file.
///
/// ``text(_:)`` keeps every valid UTF-8 sequence as its character, and writes each other byte
/// `b` as the private-use scalar U+10FE00 + `b`; ``bytes(_:)`` reverses it exactly. A valid
/// character in that private range is itself written byte by byte, so the mapping is one to one
/// for every byte string. Code that hands such text to the system goes through
/// ``withCString(_:_:)``, and code that shows it writes the raw bytes as ``rawByte(_:)`` finds them.
///
/// ```swift
/// let path = SystemBytes.text([0x63, 0x61, 0x66, 0xE9])   // "caf" + U+10FEE9
/// SystemBytes.bytes(path) == [0x63, 0x61, 0x66, 0xE9]      // true
/// ```
public enum SystemBytes {
    /// The first scalar of the range that stands for raw bytes.
    private static let base: UInt32 = 0x10_FE00

    /// Text for `bytes`: their UTF-8 characters, and a stand-in scalar for each other byte.
    ///
    /// - Parameter bytes: Bytes from the system.
    /// - Returns: The text, which ``bytes(_:)`` turns back into exactly `bytes`.
    public static func text(_ bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        var result = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = array.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if rawByte(scalar) != nil {
                    for byte in encoded { result.append(stand(for: byte)) }
                } else {
                    result.append(scalar)
                }
                position += encoded.count
            case let .error(length):
                for byte in array[position..<(position + length)] { result.append(stand(for: byte)) }
                position += length
            case .emptyInput:
                return String(result)
            }
        }
    }

    /// The bytes `text` stands for: its UTF-8, with each stand-in scalar turned back into its byte.
    ///
    /// - Parameter text: Text from ``text(_:)``, or any text.
    /// - Returns: The bytes.
    public static func bytes(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = rawByte(scalar) {
                result.append(byte)
            } else {
                result += String(scalar).utf8
            }
        }
        return result
    }

    /// Calls `body` with the NUL-terminated bytes `text` stands for, as a system call wants a path.
    ///
    /// - Parameters:
    ///   - text: A path from ``text(_:)``, or any text.
    ///   - body: Called with the C string.
    /// - Returns: What `body` returns.
    public static func withCString<Result>(_ text: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        // Plain text (the usual case) needs no copy.
        guard text.unicodeScalars.contains(where: { rawByte($0) != nil }) else { return try text.withCString(body) }
        let bytes = bytes(text).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return try "".withCString(body) }
            return try body(start)
        }
    }

    /// The byte a stand-in scalar stands for; nil for any other scalar.
    ///
    /// - Parameter scalar: A scalar of text from ``text(_:)``.
    /// - Returns: The raw byte, or nil.
    public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= base, value <= base + 0xFF else { return nil }
        return UInt8(value - base)
    }

    private static func stand(for byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(base + UInt32(byte)) ?? "\u{FFFD}"
    }
}
