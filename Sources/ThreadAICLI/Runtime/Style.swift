import ThreadAI

/// Terminal colours, applied only when the output is a terminal and `NO_COLOR` is not set.
struct Style: Sendable {
    let enabled: Bool

    static let plain = Style(enabled: false)

    /// `text` in the colour `code`, line by line as git colours: a line shown alone (a pager scrolled to
    /// it, `grep` over the output) has its colour, and none runs on past a line break.
    func apply(_ code: String, _ text: String) -> String {
        guard enabled, !text.isEmpty else { return text }
        guard text.utf8.contains(0x0A) else { return "\u{1B}[\(code)m\(text)\u{1B}[0m" }
        // Split on the scalar, not the `Character`: CR LF is one character, and its LF a line end too.
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.isEmpty ? "" : "\u{1B}[\(code)m\(String(line))\u{1B}[0m" }
            .joinedText(separator: "\n")
    }

    func id(_ text: String) -> String { apply("33", text) }
    func thread(_ text: String) -> String { apply("1;32", text) }
    func dim(_ text: String) -> String { apply("2", text) }
    func bold(_ text: String) -> String { apply("1", text) }
    func removed(_ text: String) -> String { apply("31", text) }
    func added(_ text: String) -> String { apply("32", text) }
    func removedSpace(_ text: String) -> String { apply("41", text) }
    func addedSpace(_ text: String) -> String { apply("42", text) }
    func heading(_ text: String) -> String { apply("1;36", text) }
    func role(_ text: String) -> String { apply("35", text) }
    func match(_ text: String) -> String { apply("1;31", text) }
}
