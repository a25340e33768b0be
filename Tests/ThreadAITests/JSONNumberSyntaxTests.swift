import Testing
@testable import ThreadAI

/// The JSON reader's number check, byte by byte, against RFC 8259's grammar written as a regular
/// expression: every string of up to five characters over the characters numbers are made of.
@Suite("JSON reader: what is a number")
struct JSONNumberSyntaxTests {
    @Test("the byte check accepts exactly what RFC 8259's number grammar accepts")
    func matchesTheGrammar() {
        let alphabet = Array("-+.01eE9".utf8)
        var strings: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 1...5 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
            strings += frontier
        }
        var accepted = 0
        for bytes in strings {
            let text = String(decoding: bytes, as: UTF8.self)
            let grammar = text.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil
            #expect(JSONReader.isNumber(bytes) == grammar, "\(text)")
            if grammar { accepted += 1 }
        }
        #expect(accepted > 100)  // the alphabet does make numbers: 0, -9, 1.0e+9, …
    }
}
