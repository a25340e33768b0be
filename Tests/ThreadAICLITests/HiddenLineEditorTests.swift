import Testing
@testable import ThreadAICLI

struct HiddenLineCase: CustomTestStringConvertible, Sendable {
    var why: String
    var typed: [UInt8]
    var expected: HiddenLineEditor.Outcome?
    var testDescription: String { why }
}

@Suite("Hidden key prompt: line editing with echo off")
struct HiddenLineEditorTests {
    static let cases: [HiddenLineCase] = [
        .init(why: "Enter ends the line", typed: Array("sk-abc\n".utf8), expected: .line("sk-abc")),
        .init(why: "a terminal's CR ends it too", typed: Array("sk-abc\r".utf8), expected: .line("sk-abc")),
        .init(why: "backspace removes one character", typed: Array("sk-abx".utf8) + [0x7F] + Array("c\n".utf8), expected: .line("sk-abc")),
        .init(why: "backspace removes a whole multi-byte character", typed: Array("ké".utf8) + [0x08] + Array("e\n".utf8), expected: .line("ke")),
        .init(why: "backspace on nothing is harmless", typed: [0x7F, 0x7F] + Array("a\n".utf8), expected: .line("a")),
        .init(why: "Ctrl-U clears the line", typed: Array("wrong".utf8) + [0x15] + Array("right\n".utf8), expected: .line("right")),
        .init(why: "Ctrl-C cancels", typed: Array("sk-ab".utf8) + [0x03], expected: .cancelled),
        .init(why: "Ctrl-D on an empty line ends input", typed: [0x04], expected: .endOfInput),
        .init(why: "Ctrl-D after text ends the line", typed: Array("key".utf8) + [0x04], expected: .line("key")),
        .init(why: "arrow keys are skipped", typed: Array("k".utf8) + [0x1B] + Array("[D".utf8) + [0x1B] + Array("[1;5Cey\n".utf8), expected: .line("key")),
        .init(why: "no line end yet: keep reading", typed: Array("sk-".utf8), expected: nil),
    ]

    @Test("edits", arguments: cases)
    func edits(_ example: HiddenLineCase) {
        var editor = HiddenLineEditor()
        var outcome: HiddenLineEditor.Outcome?
        for byte in example.typed where outcome == nil {
            outcome = editor.feed(byte)
        }
        #expect(outcome == example.expected)
    }
}
