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
        // Listings call this for every line they print: most text has nothing to escape, which a
        // pass over its UTF-8 bytes tells without decoding a scalar.
        guard mayNeedEscape(text.utf8) else { return String(text) }
        return scalarwise(text)
    }

    /// `text` with every scalar that `needsEscape` accepts made visible, judged scalar by scalar:
    /// what `text(_:)` returns for every input.
    static func scalarwise<S: StringProtocol>(_ text: S) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var safe = ""
        safe.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { safe += visible(scalar) } else { safe.unicodeScalars.append(scalar) }
        }
        return safe
    }

    /// Whether the UTF-8 `bytes` hold a scalar that `needsEscape` accepts. String views are always
    /// valid UTF-8, so the scalars are recognised by their encodings: a byte below 0x20 other than
    /// tab and line feed, 0x7F, `C2 80`–`C2 9F` (C1 controls), `E2 80 AA`–`E2 80 AE` and
    /// `E2 81 A6`–`E2 81 A9` (the bidirectional overrides and isolates).
    static func mayNeedEscape(_ bytes: some Collection<UInt8>) -> Bool {
        if let answer = bytes.withContiguousStorageIfAvailable(mayNeedEscape) { return answer }
        return mayNeedEscape(Array(bytes))
    }

    private static func mayNeedEscape(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { mayNeedEscape($0) }
    }

    private static func mayNeedEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x09, 0x0A:
                break
            case 0x00...0x1F, 0x7F:
                return true
            case 0xC2:
                if index + 1 < count, bytes[index + 1] <= 0x9F { return true }
            case 0xE2:
                if index + 2 < count {
                    let second = bytes[index + 1], third = bytes[index + 2]
                    if second == 0x80 && (0xAA...0xAE).contains(third) || second == 0x81 && (0xA6...0xA9).contains(third) {
                        return true
                    }
                }
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// Writes `text` made safe, each non-empty line indented by four spaces, then a blank line:
    /// the body of a message in `log`, `show` and `context`.
    static func writeIndented(_ text: String, to output: any TextOutput) {
        for line in TextLines.split(text) {
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
