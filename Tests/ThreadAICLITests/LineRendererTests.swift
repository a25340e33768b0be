import Testing
@testable import ThreadAICLI

/// What the line editor writes to draw a line: the bytes, checked against how a terminal wraps.
@Suite("Line editor: drawing wrapped lines")
struct LineRendererTests {
    let clearRow = "\r\u{1B}[J"

    @Test("a short line: clear the row, prompt and text, cursor put back in its column")
    func shortLine() {
        var renderer = LineRenderer()
        #expect(renderer.draw(prompt: "> ", text: "hello", cursor: 5, columns: 80) == clearRow + "> hello\r\u{1B}[7C")
        #expect(renderer.draw(prompt: "> ", text: "hello", cursor: 1, columns: 80) == clearRow + "> hello\r\u{1B}[3C")
        #expect(renderer.draw(prompt: "> ", text: "", cursor: 0, columns: 80) == clearRow + "> \r\u{1B}[2C")
    }

    @Test("colour sequences in the prompt take no columns")
    func colouredPrompt() {
        #expect(LineRenderer.visibleWidth("\u{1B}[1;36mmain\u{1B}[0m> ") == 6)
        var renderer = LineRenderer()
        #expect(renderer.draw(prompt: "\u{1B}[36mm\u{1B}[0m> ", text: "", cursor: 0, columns: 80).hasSuffix("\r\u{1B}[3C"))
    }

    @Test("a line longer than the terminal wraps; the next drawing goes up to its first row and clears from there down")
    func wrapped() {
        var renderer = LineRenderer()
        // "> " + 12 characters in 10 columns: rows "> abcdefgh" and "ijkl"; cursor after "b" is row 0, column 4.
        let first = renderer.draw(prompt: "> ", text: "abcdefghijkl", cursor: 2, columns: 10)
        #expect(first == clearRow + "> abcdefghijkl" + "\u{1B}[1A\r\u{1B}[4C")
        let second = renderer.draw(prompt: "> ", text: "abcdefghijkl", cursor: 12, columns: 10)
        #expect(second == clearRow + "> abcdefghijkl" + "\r\u{1B}[4C", "the cursor was on the first row: no move up")
        let third = renderer.draw(prompt: "> ", text: "ab", cursor: 2, columns: 10)
        #expect(third == "\u{1B}[1A" + clearRow + "> ab\r\u{1B}[4C", "from the cursor's row, the second, up one")
    }

    @Test("a line that fills its last row exactly moves to a new row, so the cursor at its end shows where typing goes")
    func exactlyFull() {
        var renderer = LineRenderer()
        #expect(renderer.draw(prompt: "> ", text: "abcdefgh", cursor: 8, columns: 10) == clearRow + "> abcdefgh\r\n\r")
    }

    @Test("a wide character that does not fit in a row's last column starts the next row, as terminals wrap it")
    func wideWrap() {
        // "> " + "abcdefg" fills 9 columns; "漢" (2 columns) goes to the next row, column 0; cursor before it.
        var again = LineRenderer()
        let output = again.draw(prompt: "> ", text: "abcdefg漢x", cursor: 7, columns: 10)
        #expect(output == clearRow + "> abcdefg漢x\r", "cursor at row 1, column 0: the end's row, so no move up")
        var atEnd = LineRenderer()
        #expect(atEnd.draw(prompt: "> ", text: "abcdefg漢x", cursor: 9, columns: 10) == clearRow + "> abcdefg漢x\r\u{1B}[3C")
    }

    @Test("leaving draws the whole line with the cursor at its end, then the suffix and the line end")
    func leave() {
        var renderer = LineRenderer()
        _ = renderer.draw(prompt: "> ", text: "abc", cursor: 0, columns: 80)
        #expect(renderer.leave(prompt: "> ", text: "abc", columns: 80, suffix: "^C", newline: false) == clearRow + "> abc\r\u{1B}[5C^C")
        #expect(renderer.leave(prompt: "> ", text: "", columns: 80, newline: true) == clearRow + "> \r\u{1B}[2C\r\n")
    }

    @Test("leaving a line that filled its last row exactly adds no blank row")
    func leaveFullRow() {
        var renderer = LineRenderer()
        #expect(renderer.leave(prompt: "> ", text: "abcdefgh", columns: 10, newline: true) == clearRow + "> abcdefgh\r\n\r")
        #expect(renderer.leave(prompt: "> ", text: "abcdefgh", columns: 10, suffix: "^C", newline: false) == clearRow + "> abcdefgh\r\n\r^C")
    }

    @Test("after a resize, the next drawing starts from the row the terminal's rewrapping put the cursor on")
    func resized() {
        var renderer = LineRenderer()
        let text = String(repeating: "a", count: 25)
        _ = renderer.draw(prompt: "> ", text: text, cursor: 25, columns: 20)  // Rows of 20 and 7: the cursor on row 1.
        renderer.resized(columns: 10)  // Rewrapped: rows of 10, 10, 7; the cursor on row 2.
        #expect(renderer.draw(prompt: "> ", text: text, cursor: 25, columns: 10).hasPrefix("\u{1B}[2A" + clearRow))
        renderer.resized(columns: 80)  // One row.
        #expect(renderer.draw(prompt: "> ", text: text, cursor: 25, columns: 80).hasPrefix(clearRow))
    }

    @Test("a tab is drawn as one space")
    func tab() {
        var renderer = LineRenderer()
        #expect(renderer.draw(prompt: "", text: "a\tb", cursor: 3, columns: 80) == clearRow + "a b\r\u{1B}[3C")
    }
}
