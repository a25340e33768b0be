/// The text of a line being edited and its cursor, counted in characters (grapheme clusters), so an
/// emoji with its modifiers or an `é` typed as `e` and a combining accent is one step, one deletion.
struct LineBuffer: Equatable {
    private(set) var text: String
    /// How many characters stand before the cursor.
    private(set) var cursor: Int

    init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    var isEmpty: Bool { text.isEmpty }
    var atEnd: Bool { cursor == text.count }

    /// Inserts at the cursor, which ends after the insertion. A combining mark joins the character
    /// before it, as on the screen: the cursor is counted again from the text.
    mutating func insert(_ typed: String) {
        let split = index(cursor)
        let before = String(text[..<split]) + typed
        text = before + text[split...]
        cursor = before.count
    }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    mutating func moveHome() { cursor = 0 }
    mutating func moveEnd() { cursor = text.count }

    /// Backspace: the character before the cursor. Returns false when there is none.
    @discardableResult
    mutating func deleteBack() -> Bool {
        guard cursor > 0 else { return false }
        remove(cursor - 1..<cursor)
        return true
    }

    /// Delete: the character under the cursor. Returns false when there is none.
    @discardableResult
    mutating func deleteForward() -> Bool {
        guard cursor < text.count else { return false }
        remove(cursor..<cursor + 1)
        return true
    }

    /// Ctrl-U: everything before the cursor. The deleting keys return what they deleted, for Ctrl-Y.
    @discardableResult
    mutating func deleteToStart() -> String { remove(0..<cursor) }
    /// Ctrl-K: everything from the cursor on.
    @discardableResult
    mutating func deleteToEnd() -> String { remove(cursor..<text.count) }

    /// Ctrl-W: back to the start of the space-separated word before the cursor (bash's unix-word-rubout).
    @discardableResult
    mutating func deleteSpacedWordBack() -> String {
        remove(start(ofWordBefore: cursor, isWord: { !$0.isWhitespace })..<cursor)
    }

    /// Alt-Backspace: back to the start of the word (letters and digits) before the cursor.
    @discardableResult
    mutating func deleteWordBack() -> String { remove(start(ofWordBefore: cursor, isWord: Self.isWordCharacter)..<cursor) }
    /// Alt-D: to the end of the word after the cursor.
    @discardableResult
    mutating func deleteWordForward() -> String { remove(cursor..<end(ofWordAfter: cursor)) }
    /// Alt-B, Ctrl-Left: to the start of this word or the one before.
    mutating func moveWordLeft() { cursor = start(ofWordBefore: cursor, isWord: Self.isWordCharacter) }
    /// Alt-F, Ctrl-Right: to the end of this word or the next.
    mutating func moveWordRight() { cursor = end(ofWordAfter: cursor) }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    private func start(ofWordBefore position: Int, isWord: (Character) -> Bool) -> Int {
        let characters = Array(text)
        var position = position
        while position > 0 && !isWord(characters[position - 1]) { position -= 1 }
        while position > 0 && isWord(characters[position - 1]) { position -= 1 }
        return position
    }

    private func end(ofWordAfter position: Int) -> Int {
        let characters = Array(text)
        var position = position
        while position < characters.count && !Self.isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count && Self.isWordCharacter(characters[position]) { position += 1 }
        return position
    }

    @discardableResult
    private mutating func remove(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let span = index(range.lowerBound)..<index(range.upperBound)
        let removed = String(text[span])
        text.removeSubrange(span)
        cursor = range.lowerBound
        // Removing a character can join what was on either side (a combining mark after it).
        cursor = min(cursor, text.count)
        return removed
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
