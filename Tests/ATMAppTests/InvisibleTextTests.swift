import ATMCLI
import Foundation
import Network
import Testing

/// Characters a terminal does not show (format characters, zero-width ones, variation selectors)
/// are escaped like the controls, and a genuine character of the range that stands for raw bytes
/// is told apart from a raw byte, in text and in JSON.
struct InvisibleTextTests {
    @Test(arguments: [
        ("\u{200B}", #"\u{200B}"#, #"\u200b"#), ("\u{200C}", #"\u{200C}"#, #"\u200c"#), ("\u{200D}", #"\u{200D}"#, #"\u200d"#),
        ("\u{2060}", #"\u{2060}"#, #"\u2060"#), ("\u{2061}", #"\u{2061}"#, #"\u2061"#), ("\u{2065}", #"\u{2065}"#, #"\u2065"#),
        ("\u{206F}", #"\u{206F}"#, #"\u206f"#), ("\u{00AD}", #"\u{AD}"#, #"\u00ad"#), ("\u{FEFF}", #"\u{FEFF}"#, #"\ufeff"#),
        ("\u{180E}", #"\u{180E}"#, #"\u180e"#), ("\u{034F}", #"\u{34F}"#, #"\u034f"#), ("\u{FE00}", #"\u{FE00}"#, #"\ufe00"#),
        ("\u{FE0F}", #"\u{FE0F}"#, #"\ufe0f"#), ("\u{E0001}", #"\u{E0001}"#, #"\udb40\udc01"#),
        ("\u{E0100}", #"\u{E0100}"#, #"\udb40\udd00"#), ("\u{0600}", #"\u{600}"#, #"\u0600"#),
    ])
    func everyInvisibleCharacterIsEscaped(character: String, inText: String, inJSON: String) throws {
        #expect(TerminalText.escaped("a" + character + "b") == "a" + inText + "b")
        #expect(TerminalText.escaped("a" + character + "b", as: .json) == "a" + inJSON + "b")
        // A JSON parser reads the escape back as the character.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(#"["a\#(inJSON)b"]"#.utf8)) as? [String])
        #expect(document == ["a" + character + "b"])
    }

    @Test func visibleTextIsLeftAsItIs() {
        let text = "café Ｂａｎｋ ❤ \u{0301}é 日本"
        #expect(TerminalText.escaped(text) == text)
        #expect(TerminalText.escaped(text, as: .json) == text)
    }

    @Test func aGenuineCharacterOfTheRawByteRangeIsNotARawByte() {
        let raw = SystemBytes.text([0x64, 0xE9])
        let genuine = SystemBytes.text(Array("d\u{10FEE9}".utf8))
        #expect(TerminalText.escaped(raw) == #"d\x{E9}"#)
        #expect(TerminalText.escaped(raw, as: .json) == #"d\\x{E9}"#)
        #expect(TerminalText.escaped(genuine) == #"d\u{10FEE9}"#)
        #expect(TerminalText.escaped(genuine, as: .json) == #"d\udbff\udee9"#)
        // Both at once, the raw byte first and last, and bytes that are UTF-8 of another character.
        let mixed = SystemBytes.text([0xE9] + Array("\u{10FE80}".utf8) + [0xC3] + Array("x\u{10FEFF}".utf8) + [0xFF])
        #expect(TerminalText.escaped(mixed) == #"\x{E9}\u{10FE80}\x{C3}x\u{10FEFF}\x{FF}"#)
        #expect(TerminalText.escaped(mixed, as: .json) == #"\\x{E9}\udbff\ude80\\x{C3}x\udbff\udeff\\x{FF}"#)
        // Two raw bytes that happen to spell é stay two raw bytes.
        #expect(TerminalText.escaped(SystemBytes.text([0xC3]) + SystemBytes.text([0xA9])) == #"\x{C3}\x{A9}"#)
    }
}
