/// Draws a prompt and the line being edited, wrapped over as many rows as the terminal needs
/// (linenoise's "multi-line mode"): each change goes up to the first row of the last drawing, clears
/// from there to the end of the screen (so however many rows it took, even after the terminal was
/// resized and rewrapped it, none is left), writes the prompt and line again, letting the terminal
/// wrap them, then moves the cursor to its place. The
/// layout is computed the way terminals wrap — a wide character that does not fit in a row's last
/// column starts the next row — so the cursor lands on the character it stands before.
///
/// It returns the bytes to write rather than writing them, so tests can check them.
struct LineRenderer {
    /// The row (from the drawing's first) where the last drawing left the cursor.
    private var cursorRow = 0
    /// Whether the last drawing filled its last row exactly, and so already went on to a new one.
    private var endedOnNewRow = false

    /// What was drawn last, to find the cursor's row again after a resize.
    private var drawn: (prompt: String, text: String, cursor: Int)?

    /// Clears the last drawing and draws `prompt` then `text` with the cursor before its
    /// `cursor`-th character, in a terminal `columns` wide.
    mutating func draw(prompt: String, text: String, cursor: Int, columns: Int) -> String {
        let columns = max(1, columns)
        var output = clear()
        output += prompt + Self.shown(text)
        var (cursorAt, end) = Self.place(prompt: prompt, text: text, cursor: cursor, columns: columns)
        // A full last row leaves the terminal waiting to wrap: go to the next row, so the cursor
        // at the end of the line is drawn where the next character will go.
        endedOnNewRow = end.column >= columns
        if endedOnNewRow {
            output += "\r\n"
            end = (end.row + 1, 0)
            if cursor >= text.count { cursorAt = end }
        }
        if end.row > cursorAt.row { output += "\u{1B}[\(end.row - cursorAt.row)A" }
        output += "\r"
        if cursorAt.column > 0 { output += "\u{1B}[\(cursorAt.column)C" }
        cursorRow = cursorAt.row
        drawn = (prompt, text, cursor)
        return output
    }

    /// The terminal is now `columns` wide and has rewrapped what it shows (as tmux, VTE, iTerm2 and
    /// kitty do): the cursor stands on the row that the last drawing's cursor wraps to now, where
    /// the next drawing must start clearing from.
    mutating func resized(columns: Int) {
        guard let drawn else { return }
        cursorRow = Self.place(prompt: drawn.prompt, text: drawn.text, cursor: drawn.cursor, columns: max(1, columns)).cursor.row
    }

    /// Where the cursor and the end of the line fall, as the terminal wraps them.
    private static func place(prompt: String, text: String, cursor: Int, columns: Int)
        -> (cursor: (row: Int, column: Int), end: (row: Int, column: Int))
    {
        var layout = Layout(column: visibleWidth(prompt), columns: columns)
        var cursorAt = (row: 0, column: 0)
        for (offset, character) in text.enumerated() {
            layout.place(width: width(character))
            if offset == cursor { cursorAt = layout.start }
        }
        return (cursor >= text.count ? layout.end : cursorAt, layout.end)
    }

    /// Draws the line with the cursor at its end, leaving it on the screen for what follows (a
    /// reply, a new prompt): `suffix` (`^C`) is written after it, then a line end when `newline`.
    mutating func leave(prompt: String, text: String, columns: Int, suffix: String = "", newline: Bool) -> String {
        let output = draw(prompt: prompt, text: text, cursor: text.count, columns: columns)
        cursorRow = 0
        drawn = nil
        // A line that filled its last row already stands on the next one: no blank row after it.
        let lineEnd = newline && !(endedOnNewRow && suffix.isEmpty) ? "\r\n" : ""
        return output + suffix + lineEnd
    }

    /// Clears the screen: the next drawing starts at its top.
    mutating func clearScreen() -> String {
        cursorRow = 0
        drawn = nil
        return "\u{1B}[H\u{1B}[2J"
    }

    /// From the cursor of the last drawing: up to its first row, then everything from there down cleared.
    private func clear() -> String {
        (cursorRow > 0 ? "\u{1B}[\(cursorRow)A" : "") + "\r\u{1B}[J"
    }

    /// Where characters go as the terminal wraps them.
    private struct Layout {
        var row = 0
        var column: Int
        let columns: Int
        /// Where the last placed character starts.
        var start = (row: 0, column: 0)

        init(column: Int, columns: Int) {
            row = column / columns
            self.column = column % columns
            self.columns = columns
        }

        mutating func place(width: Int) {
            if column + width > columns {
                row += 1
                column = 0
            }
            start = (row, column)
            column += width
        }

        var end: (row: Int, column: Int) { (row, column) }
    }

    /// A tab is shown as one space (its place in the text is kept: what is stored is the tab).
    private static func shown(_ text: String) -> String {
        text.contains("\t") ? text.replacing("\t", with: " ") : text
    }

    private static func width(_ character: Character) -> Int {
        character == "\t" ? 1 : DisplayWidth.of(character)
    }

    /// The columns `prompt` takes, without its colour sequences (`ESC [ … m`).
    static func visibleWidth(_ prompt: String) -> Int {
        var width = 0
        var inEscape = false
        for character in prompt {
            if inEscape {
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += DisplayWidth.of(character)
            }
        }
        return width
    }
}
