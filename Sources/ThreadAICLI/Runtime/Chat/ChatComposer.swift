#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Turns the lines typed in a `chat` session into what they ask for: a message (one line, or a
/// block between `"""` lines), an in-session command (`/fork NAME`), or leaving (`exit`, `quit`).
struct ChatComposer {
    enum Input: Equatable {
        case message(String)
        /// `/name argument`: the name without its slash, the argument trimmed (empty when none).
        case command(name: String, argument: String)
        case leave
    }

    static let fence = "\"\"\""

    /// The lines of the block being typed, nil outside a block.
    private var block: [String]?

    /// Whether a `"""` block is open (the prompt shows that more is expected).
    var isInBlock: Bool { block != nil }

    /// Takes one line; returns what it completes, or nil while a block is open or for a blank line.
    ///
    /// A line starting with `"""` opens a block (what follows on that line is its first line); a
    /// line ending with `"""` closes it (what precedes is its last line), so `"""one line"""` is a
    /// block too. Inside a block nothing is a command: that is how a message starting with `/` or
    /// reading `exit` is sent.
    mutating func feed(_ line: String) -> Input? {
        if var lines = block {
            if let last = Self.closing(line) {
                block = nil
                if !last.isEmpty { lines.append(last) }
                return Self.message(lines)
            }
            lines.append(line)
            block = lines
            return nil
        }
        let trimmed = line.trimmingSpaces()
        if trimmed.hasPrefix(Self.fence) {
            let rest = String(trimmed.dropFirst(Self.fence.count))
            if let only = Self.closing(rest) { return Self.message(only.isEmpty ? [] : [only]) }
            block = rest.isEmpty ? [] : [rest]
            return nil
        }
        if trimmed.isEmpty { return nil }
        if trimmed == "exit" || trimmed == "quit" { return .leave }
        if trimmed.hasPrefix("/") {
            let words = trimmed.dropFirst().split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let name = words.first.map(String.init) ?? ""
            let argument = words.count > 1 ? words[1].trimmingSpaces() : ""
            return .command(name: name, argument: argument)
        }
        return .message(line)
    }

    /// Forgets the block being typed (Ctrl-C at the prompt).
    mutating func reset() {
        block = nil
    }

    /// At the end of input: the open block as a message, if one is open (a pipe that ends without the
    /// closing `"""` still meant to send it).
    mutating func finish() -> Input? {
        guard let lines = block else { return nil }
        block = nil
        return Self.message(lines)
    }

    /// The text before a closing `"""` at the end of `line`, or nil when `line` does not close.
    private static func closing(_ line: String) -> String? {
        var trimmed = Substring(line)
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        guard trimmed.hasSuffix(fence) else { return nil }
        return String(trimmed.dropLast(fence.count))
    }

    private static func message(_ lines: [String]) -> Input? {
        let text = lines.joined(separator: "\n")
        return text.allSatisfy(\.isWhitespace) ? nil : .message(text)
    }
}
