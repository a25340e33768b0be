import Testing
@testable import ThreadAICLI

struct KeyCase: CustomTestStringConvertible, Sendable {
    var why: String
    var bytes: [UInt8]
    var keys: [Key]
    var testDescription: String { why }
}

private func esc(_ rest: String) -> [UInt8] { [0x1B] + Array(rest.utf8) }

@Suite("Key decoder: terminal bytes to keys")
struct KeyDecoderTests {
    static let cases: [KeyCase] = [
        .init(why: "printable ASCII is text, run together", bytes: Array("abc".utf8), keys: [.text("abc")]),
        .init(why: "UTF-8: accented, CJK, emoji with a modifier", bytes: Array("é漢👋🏽".utf8), keys: [.text("é漢👋🏽")]),
        .init(why: "CR and LF are Enter; CR LF is one Enter", bytes: Array("a\rb\nc\r\n".utf8), keys: [.text("a"), .enter, .text("b"), .enter, .text("c"), .enter]),
        .init(why: "DEL and Ctrl-H are Backspace; tab is Tab", bytes: [0x7F, 0x08, 0x09], keys: [.backspace, .backspace, .tab]),
        .init(why: "control bytes keep their value", bytes: [0x01, 0x03, 0x04, 0x0B, 0x0C, 0x15, 0x17], keys: [.control(1), .control(3), .control(4), .control(0x0B), .control(0x0C), .control(0x15), .control(0x17)]),
        .init(why: "arrows, CSI and SS3", bytes: esc("[A") + esc("[B") + esc("[C") + esc("[D") + esc("OA") + esc("OD"), keys: [.up, .down, .right, .left, .up, .left]),
        .init(why: "Home in its encodings", bytes: esc("[H") + esc("[1~") + esc("[7~") + esc("OH"), keys: [.home, .home, .home, .home]),
        .init(why: "End in its encodings", bytes: esc("[F") + esc("[4~") + esc("[8~") + esc("OF"), keys: [.end, .end, .end, .end]),
        .init(why: "Delete", bytes: esc("[3~"), keys: [.delete]),
        .init(why: "Ctrl- and Alt-arrows (xterm), rxvt's Ctrl-arrows, ESC-prefixed Alt-arrows move by words", bytes: esc("[1;5C") + esc("[1;5D") + esc("[1;3C") + esc("[1;3D") + esc("Oc") + esc("Od") + esc("\u{1B}[C") + esc("\u{1B}[D"), keys: [.wordRight, .wordLeft, .wordRight, .wordLeft, .wordRight, .wordLeft, .wordRight, .wordLeft]),
        .init(why: "Shift-arrow is an arrow", bytes: esc("[1;2C"), keys: [.right]),
        .init(why: "Alt-B, Alt-F, Alt-D, Alt-Backspace", bytes: esc("b") + esc("f") + esc("d") + [0x1B, 0x7F], keys: [.wordLeft, .wordRight, .deleteWordForward, .deleteWordBack]),
        .init(why: "bracketed paste markers", bytes: esc("[200~") + Array("x".utf8) + esc("[201~"), keys: [.pasteStart, .text("x"), .pasteEnd]),
        .init(why: "function keys and the Linux console's F1 are ignored, not typed", bytes: esc("[15~") + esc("OP") + esc("[[A") + Array("z".utf8), keys: [.ignored, .ignored, .ignored, .text("z")]),
        .init(why: "Escape then Enter is Enter; the keypad's Enter in application mode is Enter", bytes: [0x1B, 0x0D] + esc("OM"), keys: [.ignored, .enter, .enter]),
        .init(why: "an invalid UTF-8 byte is ignored, the rest kept", bytes: [0x61, 0xFF, 0x62, 0xC3, 0x28], keys: [.text("a"), .ignored, .text("b"), .ignored, .text("(")]),
    ]

    @Test("decodes", arguments: cases)
    func decodes(_ example: KeyCase) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(example.bytes) == example.keys)
        #expect(!decoder.isWaiting)
    }

    @Test("a sequence or a character cut between two reads waits for its rest", arguments: [
        esc("[1;5C"), Array("👋🏽".utf8), esc("[200~"), esc("OH"), [0x1B, 0x62],
    ])
    func split(_ bytes: [UInt8]) {
        var whole = KeyDecoder()
        let expected = whole.feed(bytes)
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let first = decoder.feed(bytes[..<cut])
            #expect(decoder.isWaiting || !first.isEmpty)
            let keys = first + decoder.feed(bytes[cut...])
            // Text may arrive in pieces; joined, it is the same.
            #expect(Self.joined(keys) == Self.joined(expected), "cut at \(cut)")
        }
    }

    @Test("a CR at the end of one read and an LF at the start of the next are one Enter")
    func crlfAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("a\r".utf8)) == [.text("a"), .enter])
        #expect(decoder.feed(Array("\nb".utf8)) == [.text("b")])
    }

    private static func joined(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        for key in keys {
            if case .text(let new) = key, case .text(let old)? = result.last {
                result[result.count - 1] = .text(old + new)
            } else {
                result.append(key)
            }
        }
        return result
    }
}
