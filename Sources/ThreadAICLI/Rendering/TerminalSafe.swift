#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard let base = bytes.baseAddress else { return false }
        // Eight bytes at a time: only a word that holds a control byte other than tab and line feed,
        // 0x7F, 0xC2 or 0xE2 is looked at byte by byte.
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if mayHoldEscapeStart(word), escapeStarts(in: bytes, from: index, to: index + 8) { return true }
            index += 8
        }
        return escapeStarts(in: bytes, from: index, to: bytes.count)
    }

    /// Whether one of the eight bytes of `word` is a control byte other than tab and line feed, 0x7F,
    /// 0xC2 or 0xE2. Each test is exact byte by byte: no carry crosses from one byte into the next,
    /// since the top bit of each byte is set aside before adding.
    private static func mayHoldEscapeStart(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, high: UInt64 = 0x8080_8080_8080_8080
        /// The top bit of each byte of `value` that is zero.
        func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & low7) &+ low7) | value) & high }
        let below0x20 = ~(((word & low7) &+ ones &* 0x60) | word) & high
        let controls = below0x20 & ~zeroBytes(word ^ (ones &* 0x09)) & ~zeroBytes(word ^ (ones &* 0x0A))
        return controls | zeroBytes(word ^ (ones &* 0x7F)) | zeroBytes(word ^ (ones &* 0xC2)) | zeroBytes(word ^ (ones &* 0xE2)) != 0
    }

    /// Whether a scalar that `needsEscape` accepts starts at one of the bytes `start..<end`.
    private static func escapeStarts(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let count = bytes.count
        var index = start
        while index < end {
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
        var text = text
        let written = text.withUTF8 { bytes in
            // Most bodies have nothing to escape: those are indented byte by byte in one buffer
            // (a body of a long `log` is most of its output).
            guard !mayNeedEscape(bytes) else { return false }
            output.write(bytes: indented(bytes))
            return true
        }
        guard !written else { return }
        for line in TextLines.split(text) {
            output.line(line.isEmpty ? "" : "    " + Self.text(line))
        }
        output.line()
    }

    /// `bytes` with four spaces before each non-empty line and a line feed after each line, then a
    /// blank line: what the line-by-line form of `writeIndented` writes for text with nothing to escape.
    private static func indented(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let indent: [UInt8] = [0x20, 0x20, 0x20, 0x20]
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16 + 8)
        var lineStart = 0
        while true {
            let lineEnd = lineFeed(in: bytes, from: lineStart) ?? bytes.count
            if lineEnd > lineStart {
                result.append(contentsOf: indent)
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
            }
            result.append(0x0A)
            guard lineEnd < bytes.count else { break }
            lineStart = lineEnd + 1
        }
        result.append(0x0A)
        return result
    }

    /// The offset of the first line feed in `bytes` at or after `start`.
    private static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
              let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: return "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
        case 0x7F: return "^?"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
    }
}
