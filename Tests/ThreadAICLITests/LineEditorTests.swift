import Testing
@testable import ThreadAICLI

/// The `chat` line editor's keys, by their effect on the line and the cursor.
@Suite("Line editor: keys and history")
struct LineEditorTests {
    /// Types `keys` into an editor with `history` and returns it with the last action.
    private func typed(_ keys: [Key], history: [String] = []) -> (LineEditor, LineEditor.Action?) {
        var editor = LineEditor(history: history)
        var last: LineEditor.Action?
        for key in keys { last = editor.handle(key) }
        return (editor, last)
    }

    private func line(_ keys: [Key], history: [String] = []) -> (text: String, cursor: Int) {
        let editor = typed(keys, history: history).0
        return (editor.buffer.text, editor.buffer.cursor)
    }

    @Test("left, right, Home, End and their Ctrl keys move the cursor; text goes in at the cursor")
    func movement() {
        #expect(line([.text("held"), .left, .text("l")]) == ("helld", 4))
        #expect(line([.text("ab"), .home, .text("x"), .end, .text("y")]) == ("xaby", 4))
        #expect(line([.text("ab"), .control(0x01), .text("x"), .control(0x05), .text("y")]) == ("xaby", 4))
        #expect(line([.text("ab"), .control(0x02), .control(0x02), .control(0x06), .text("-")]) == ("a-b", 2))
        #expect(line([.text("a"), .right, .right, .left, .left, .left]) == ("a", 0), "the cursor stays within the line")
    }

    @Test("Backspace and Delete remove one character; at the edges they ring the bell")
    func deletion() {
        #expect(line([.text("abc"), .left, .backspace]) == ("ac", 1))
        #expect(line([.text("abc"), .home, .delete]) == ("bc", 0))
        #expect(typed([.backspace]).1 == .bell)
        #expect(typed([.text("a"), .delete]).1 == .bell)
    }

    @Test("an emoji with its modifier, a flag, e with a combining accent and CJK are one step and one deletion each")
    func graphemes() {
        #expect(line([.text("a👋🏽b"), .left, .left, .backspace]) == ("👋🏽b", 0))
        #expect(line([.text("🇫🇷x"), .left, .backspace]) == ("x", 0))
        #expect(line([.text("cafe\u{301}!"), .left, .backspace]) == ("caf!", 3))
        #expect(line([.text("漢字"), .left, .delete]) == ("漢", 1))
        #expect(line([.text("cafe"), .text("\u{301}")]) == ("cafe\u{301}", 4), "a combining mark typed after joins its letter")
    }

    @Test("Ctrl-W deletes the space-separated word back, Alt-Backspace the alphanumeric word, Ctrl-U to the start, Ctrl-K to the end, Alt-D the word after")
    func killing() {
        #expect(line([.text("git log --all  "), .control(0x17)]) == ("git log ", 8))
        #expect(line([.text("path/to/file"), .deleteWordBack]) == ("path/to/", 8))
        #expect(line([.text("one two three"), .left, .left, .control(0x15)]) == ("ee", 0))
        #expect(line([.text("one two three"), .home, .wordRight, .control(0x0B)]) == ("one", 3))
        #expect(line([.text("one two"), .home, .deleteWordForward]) == (" two", 0))
    }

    @Test("Ctrl-Y puts back what the last deleting key deleted, at the cursor, on this line or the next; with nothing deleted it rings the bell")
    func yank() {
        #expect(line([.text("one two"), .control(0x17), .home, .control(0x19)]) == ("twoone ", 3))
        #expect(line([.text("abc"), .left, .control(0x0B), .control(0x19), .control(0x19)]) == ("abcc", 4))
        var editor = LineEditor()
        for key: Key in [.text("keep me"), .control(0x15)] { _ = editor.handle(key) }
        editor.reset(history: [])
        #expect(editor.handle(.control(0x19)) == .redraw && editor.buffer.text == "keep me")
        #expect(typed([.control(0x19)]).1 == .bell)
    }

    @Test("word moves: Alt-B/Ctrl-Left to a word's start, Alt-F/Ctrl-Right past its end")
    func wordMoves() {
        #expect(line([.text("one two  three"), .wordLeft]).cursor == 9)
        #expect(line([.text("one two  three"), .wordLeft, .wordLeft]).cursor == 4)
        #expect(line([.text("one two"), .home, .wordRight]).cursor == 3)
        #expect(line([.text("one two"), .home, .wordRight, .wordRight]).cursor == 7)
    }

    @Test("Enter submits; Ctrl-C cancels; Ctrl-D ends input on an empty line and deletes under the cursor otherwise; Ctrl-L clears the screen")
    func outcomes() {
        #expect(typed([.text("hi"), .left, .enter]).1 == .submit("hi"))
        #expect(typed([.text("hi"), .control(0x03)]).1 == .cancel)
        #expect(typed([.control(0x04)]).1 == .endOfInput)
        #expect(line([.text("abc"), .home, .control(0x04)]) == ("bc", 0))
        #expect(typed([.text("abc"), .control(0x04)]).1 == .bell, "at the end of a line there is nothing to delete")
        #expect(typed([.text("x"), .control(0x0C)]).1 == .clearScreen)
        #expect(typed([.control(0x1A)]).1 == .suspend, "Ctrl-Z stops the job, as at a shell")
        #expect(typed([.control(0x07)]).1 == LineEditor.Action.none, "other control keys do nothing")
    }

    @Test("↑ and Ctrl-P walk back through the history, ↓ and Ctrl-N forward; the line being typed is kept, and edits to a recalled line until Enter")
    func history() {
        let history = ["first", "second"]
        #expect(line([.up], history: history).text == "second")
        #expect(line([.control(0x10), .control(0x10)], history: history).text == "first")
        #expect(typed([.up, .up, .up], history: history).1 == .bell, "nothing before the oldest")
        #expect(line([.text("draft"), .up, .down], history: history) == ("draft", 5))
        #expect(line([.text("draft"), .up, .control(0x0E)], history: history).text == "draft")
        #expect(line([.up, .text("!"), .up, .down], history: history).text == "second!")
        #expect(typed([.up, .enter], history: history).1 == .submit("second"))
        #expect(typed([.down], history: history).1 == .bell)
    }

    @Test("Ctrl-R searches the history back as the query is typed, Ctrl-R again goes older, Enter submits the line found, another key edits it, Ctrl-G puts the line back")
    func reverseSearch() {
        let history = ["git status", "send hello", "git log --all", "other"]
        var editor = LineEditor(history: history)
        _ = editor.handle(.text("draft"))
        #expect(editor.handle(.control(0x12)) == .redraw)
        #expect(editor.promptOverride == "(reverse-i-search)`': ")
        #expect(editor.handle(.text("git")) == .redraw)
        #expect(editor.buffer.text == "git log --all" && editor.buffer.cursor == 0)
        #expect(editor.handle(.text(" s")) == .redraw)
        #expect(editor.buffer.text == "git status" && editor.promptOverride == "(reverse-i-search)`git s': ")
        #expect(editor.handle(.text("x")) == .redraw)
        #expect(editor.buffer.text == "git status" && editor.promptOverride == "(failed reverse-i-search)`git sx': ")
        #expect(editor.handle(.backspace) == .redraw && editor.promptOverride == "(reverse-i-search)`git s': ")
        _ = editor.handle(.backspace)
        #expect(editor.handle(.backspace) == .redraw && editor.buffer.text == "git log --all", "narrowed less, from the newest again")
        #expect(editor.handle(.control(0x07)) == .redraw)
        #expect(editor.buffer.text == "draft" && editor.promptOverride == nil, "Ctrl-G: the line as it was")

        #expect(line([.control(0x12), .text("log"), .control(0x12), .end, .text("!")], history: history).text == "git log --all!",
                "nothing older holds 'log': the line found stays; End leaves the search and acts")
        #expect(typed([.control(0x12), .text("hel"), .enter], history: history).1 == .submit("send hello"))
        #expect(line([.control(0x12), .text("git"), .control(0x12)], history: history) == ("git status", 0))
        #expect(typed([.control(0x12), .text("hello"), .control(0x03)], history: history).1 == .cancel)
    }

    @Test("a bracketed paste is text: its line ends submit line by line, control keys inside do nothing, and what follows the last line end stays to edit")
    func paste() {
        var editor = LineEditor()
        #expect(editor.handle(.pasteStart) == LineEditor.Action.none)
        #expect(editor.handle(.text("one")) == .redraw)
        #expect(editor.handle(.control(0x03)) == LineEditor.Action.none, "a pasted Ctrl-C cancels nothing")
        #expect(editor.handle(.enter) == .submit("one"))
        editor.reset(history: ["one"])
        #expect(editor.isPasting)
        #expect(editor.handle(.tab) == .redraw)
        #expect(editor.handle(.text("two")) == .redraw)
        #expect(editor.handle(.up) == LineEditor.Action.none, "a pasted arrow walks no history")
        #expect(editor.handle(.pasteEnd) == .redraw)
        #expect(!editor.isPasting && editor.buffer.text == "\ttwo")
        #expect(editor.handle(.up) == .redraw && editor.buffer.text == "one")
    }
}

@Suite("Line editor: display widths")
struct DisplayWidthTests {
    @Test("ASCII and accented letters take 1 column, CJK and emoji 2, a combining mark joins its letter")
    func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("한") == 2)
        #expect(DisplayWidth.of("ｱ") == 1, "halfwidth katakana")
        #expect(DisplayWidth.of("Ａ") == 2, "fullwidth Latin")
        #expect(DisplayWidth.of("👋🏽") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    }
}
