/// The fenced code blocks of Markdown content, as CommonMark opens and closes them (docs/FORMAT.md
/// §4.9): a line of three or more backticks or tildes (after at most three spaces) opens a block and
/// its info string follows; a line of at least as many of the same character, and nothing else but
/// spaces, closes it; a block never closed ends with the content. The parts of §4.6 and the attached
/// files of §4.7 are such blocks too, told apart by their info string.
struct FencedBlock {
    /// The info string, without the spaces around it.
    let info: Substring
    /// The info string exactly as the opening line has it (an attached file's path may begin with a space).
    let rawInfo: Substring
    /// The lines between the fences.
    let lines: ArraySlice<Substring>

    /// The body as one text, its lines joined by LF.
    var body: String { lines.joined(separator: "\n") }

    static func blocks(in content: Substring) -> [FencedBlock] {
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [FencedBlock] = []
        var index = 0
        while index < lines.count {
            guard let open = opening(lines[index]) else {
                index += 1
                continue
            }
            var close = index + 1
            while close < lines.count, !closes(lines[close], open) { close += 1 }
            blocks.append(FencedBlock(info: trimmed(open.rest), rawInfo: open.rest, lines: lines[(index + 1)..<close]))
            index = close + 1
        }
        return blocks
    }

    /// The fence `line` opens a block with: a backtick fence's info string holds no backtick.
    fileprivate static func opening(_ line: Substring) -> (character: Character, count: Int, rest: Substring)? {
        guard let open = fence(line), open.character == "~" || !open.rest.contains("`") else { return nil }
        return open
    }

    /// Whether `line` closes the block `open` opened: at least as many of the same character, and
    /// nothing else but spaces.
    fileprivate static func closes(_ line: Substring, _ open: (character: Character, count: Int, rest: Substring)) -> Bool {
        guard let fence = fence(line) else { return false }
        return fence.character == open.character && fence.count >= open.count && fence.rest.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The fence a line begins with: its character, its length, and what follows it.
    private static func fence(_ line: Substring) -> (character: Character, count: Int, rest: Substring)? {
        let indented = line.prefix { $0 == " " }
        guard indented.count <= 3, let character = line.dropFirst(indented.count).first, character == "`" || character == "~" else {
            return nil
        }
        let run = line.dropFirst(indented.count).prefix { $0 == character }
        guard run.count >= 3 else { return nil }
        return (character, run.count, line[run.endIndex...])
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text[start...].lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map { text.index(after: $0) } ?? start
        return text[start..<end]
    }
}

/// Whether a line read one at a time is inside a fenced code block, by the rules of `FencedBlock`: for
/// a reader that must tell a block's lines from the lines around it as they come (aider's chat
/// history, whose framing lines may appear inside a reply's code).
package struct FenceTracker {
    private var open: (character: Character, count: Int, rest: Substring)?

    package init() {}

    /// Whether the lines read so far left a block open.
    package var isOpen: Bool { open != nil }

    /// Reads the next line (without its line end).
    package mutating func read(_ line: Substring) {
        if let current = open {
            if FencedBlock.closes(line, current) { open = nil }
        } else {
            open = FencedBlock.opening(line)
        }
    }
}
