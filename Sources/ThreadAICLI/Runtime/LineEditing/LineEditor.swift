/// What a key does to a line being typed at the `chat` prompt: the editing keys of readline and
/// linenoise, and ↑/↓ through the history. It only changes state; `TerminalLineEditor` reads the
/// keys and draws the result.
struct LineEditor {
    enum Action: Equatable {
        /// The line changed (or the cursor moved): draw it again.
        case redraw
        /// Nothing to do (an ignored key), or a key that cannot act here: ring the bell.
        case none, bell
        /// Enter: the line is complete.
        case submit(String)
        /// Ctrl-C: the line is dropped.
        case cancel
        /// Ctrl-D on an empty line.
        case endOfInput
        /// Ctrl-L: clear the screen, then draw the line.
        case clearScreen
        /// Ctrl-Z: stop the process (job control), then draw the line again.
        case suspend
    }

    private(set) var buffer = LineBuffer()
    /// Earlier lines, oldest first, then the line being typed, with the edits made to each while
    /// walking through them (as readline keeps them until Enter).
    private var entries: [String]
    private var entry: Int
    /// Inside a bracketed paste: keys are text, a line end submits, nothing else acts.
    private(set) var isPasting = false
    /// What the last deleting key (Ctrl-W, Ctrl-U, Ctrl-K, Alt-D, Alt-Backspace) deleted, for Ctrl-Y;
    /// kept from one line to the next, as readline keeps it.
    private var killed = ""
    /// Ctrl-R's search, while it runs.
    private var search: HistorySearch?

    /// What stands in place of the prompt: the search's, while Ctrl-R searches.
    var promptOverride: String? { search?.prompt }

    init(history: [String] = []) {
        entries = history + [""]
        entry = history.count
    }

    mutating func handle(_ key: Key) -> Action {
        if isPasting { return paste(key) }
        if search != nil, let action = searching(key) { return action }
        switch key {
        case .text(let text):
            buffer.insert(text)
        case .tab:
            buffer.insert("\t")
        case .enter:
            return .submit(buffer.text)
        case .backspace, .control(0x08):
            return buffer.deleteBack() ? .redraw : .bell
        case .delete:
            return buffer.deleteForward() ? .redraw : .bell
        case .left, .control(0x02):
            buffer.moveLeft()
        case .right, .control(0x06):
            buffer.moveRight()
        case .home, .control(0x01):
            buffer.moveHome()
        case .end, .control(0x05):
            buffer.moveEnd()
        case .wordLeft:
            buffer.moveWordLeft()
        case .wordRight:
            buffer.moveWordRight()
        case .control(0x17):
            kill(buffer.deleteSpacedWordBack())
        case .deleteWordBack:
            kill(buffer.deleteWordBack())
        case .deleteWordForward:
            kill(buffer.deleteWordForward())
        case .control(0x15):
            kill(buffer.deleteToStart())
        case .control(0x0B):
            kill(buffer.deleteToEnd())
        case .control(0x19):
            guard !killed.isEmpty else { return .bell }
            buffer.insert(killed)
        case .up, .control(0x10):
            return walk(by: -1)
        case .down, .control(0x0E):
            return walk(by: 1)
        case .control(0x03):
            return .cancel
        case .control(0x04):
            if buffer.isEmpty { return .endOfInput }
            return buffer.deleteForward() ? .redraw : .bell
        case .control(0x0C):
            return .clearScreen
        case .control(0x12):
            search = HistorySearch(original: buffer)
        case .control(0x1A):
            return .suspend
        case .pasteStart:
            isPasting = true
            return .none
        case .pasteEnd, .ignored, .control:
            return .none
        }
        return .redraw
    }

    /// A key while Ctrl-R searches: the action, or nil when the search ends and the key then acts
    /// on the line found as on any line (an arrow, Ctrl-A, …), as readline does.
    private mutating func searching(_ key: Key) -> Action? {
        guard var running = search else { return nil }
        // The history without the line being typed, which is the search's starting point.
        let history = Array(entries.dropLast())
        var found: LineBuffer?
        switch key {
        case .text(let text): found = running.type(text, in: history)
        case .control(0x12): found = running.older(in: history)
        case .backspace: found = running.deleteBack(in: history)
        case .control(0x07):
            buffer = running.original
            search = nil
            return .redraw
        case .pasteStart, .pasteEnd, .ignored:
            return Action.none
        default:
            search = nil
            return nil
        }
        search = running
        if let found { buffer = found }
        return .redraw
    }

    private mutating func kill(_ text: String) {
        if !text.isEmpty { killed = text }
    }

    /// A key inside a bracketed paste: what was pasted goes in as it is, each line end submits the
    /// line (as if typed and entered), and control keys do nothing.
    private mutating func paste(_ key: Key) -> Action {
        switch key {
        case .text(let text): buffer.insert(text)
        case .tab: buffer.insert("\t")
        case .enter: return .submit(buffer.text)
        case .pasteEnd: isPasting = false
        default: return .none
        }
        return .redraw
    }

    /// ↑ (-1) or ↓ (+1): the line being shown is kept as edited, and the one before or after shown.
    private mutating func walk(by step: Int) -> Action {
        let target = entry + step
        guard entries.indices.contains(target) else { return .bell }
        entries[entry] = buffer.text
        entry = target
        buffer = LineBuffer(entries[target])
        return .redraw
    }

    /// Starts a new line after one was submitted or dropped: `history` is what ↑ walks now.
    mutating func reset(history: [String]) {
        entries = history + [""]
        entry = history.count
        buffer = LineBuffer()
        search = nil
    }
}
