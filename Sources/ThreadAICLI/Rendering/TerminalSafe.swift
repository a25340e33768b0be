/// Message text reaches a terminal from other people (through `git pull`) and from models. Written
/// raw, an escape sequence in it would be executed by the terminal: it could retitle the window,
/// rewrite what was printed before it, or hide text. Every human-readable view therefore shows
/// control characters visibly instead; `--raw` and `--json` keep the exact bytes.
///
/// Shown visibly: C0 controls other than line feed and tab in caret notation (`ESC` as `^[`, `CR`
/// as `^M`), `DEL` as `^?`, and C1 controls and the bidirectional overrides and isolates, which
/// can reorder what a reader sees, as `<U+XXXX>`.
enum TerminalSafe {
    static func text<S: StringProtocol>(_ text: S) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var safe = ""
        safe.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { safe += visible(scalar) } else { safe.unicodeScalars.append(scalar) }
        }
        return safe
    }

    /// Writes `text` made safe, each non-empty line indented by four spaces, then a blank line:
    /// the body of a message in `log`, `show` and `context`.
    static func writeIndented(_ text: String, to output: any TextOutput) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            output.line(line.isEmpty ? "" : "    " + Self.text(line))
        }
        output.line()
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: return "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        case 0x7F: return "^?"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
    }
}
