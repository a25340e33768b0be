/// A key typed at a terminal in raw mode, decoded from the bytes it sends.
enum Key: Equatable {
    /// Printable text: one or more Unicode scalars (a paste or fast typing can bring several).
    case text(String)
    /// Enter (CR, or LF not right after a CR).
    case enter
    case tab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// The Delete key (`ESC [ 3 ~`).
    case delete
    case left, right, up, down, home, end
    /// Ctrl- or Alt-arrow, Alt-B and Alt-F: a word back or forward.
    case wordLeft, wordRight
    /// Alt-Backspace: the word before the cursor.
    case deleteWordBack
    /// Alt-D: the word after the cursor.
    case deleteWordForward
    /// Another control byte (Ctrl-A is 0x01); the editor gives meaning to those it knows.
    case control(UInt8)
    /// The start and end of a bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`).
    case pasteStart, pasteEnd
    /// A sequence known to be a key but not one an editor acts on (F1, Insert, Page Up, a lone Escape).
    case ignored
}

/// Bytes from a terminal → keys, one decoder for every raw-mode prompt (the hidden key prompt and
/// the `chat` line editor), so that each encoding of a key is known in one place.
///
/// Terminals disagree on encodings: Home is `ESC [ H`, `ESC [ 1 ~`, `ESC [ 7 ~` (rxvt) or `ESC O H`
/// (application mode); Ctrl-Right is `ESC [ 1 ; 5 C` (xterm) or `ESC O c` (rxvt); Alt-Left is
/// `ESC [ 1 ; 3 D` or `ESC ESC [ D`. Bytes arrive in chunks that may cut a sequence or a UTF-8
/// character in two: what is incomplete waits for the next chunk. A lone Escape therefore waits for
/// the next key and prefixes it, as readline reads it (Escape then B is Alt-B).
struct KeyDecoder {
    private var pending: [UInt8] = []
    /// Whether the last byte was a CR, so that the LF of a CR LF pair is not a second Enter.
    private var afterCarriageReturn = false

    /// The longest escape sequence waited for; anything longer is garbage and dropped.
    private static let longestSequence = 32

    /// Decodes `bytes` (after what was left incomplete before) into keys.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var start = 0
        while start < pending.count {
            guard let (key, length) = Self.key(at: start, in: pending) else { break }
            start += length
            if key == .enter && pending[start - 1] == 0x0A && afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = key == .enter && pending[start - 1] == 0x0D
            if case .text(let new) = key, case .text(let old)? = keys.last {
                keys[keys.count - 1] = .text(old + new)
            } else {
                keys.append(key)
            }
        }
        pending.removeFirst(start)
        return keys
    }

    /// Whether bytes wait for the rest of their key.
    var isWaiting: Bool { !pending.isEmpty }

    /// The key that starts at `start` and how many bytes it takes, or nil when incomplete.
    private static func key(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let byte = bytes[start]
        switch byte {
        case 0x1B: return escape(at: start, in: bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x08, 0x7F: return (.backspace, 1)
        case 0x00..<0x20: return (.control(byte), 1)
        case 0x20..<0x80: return (.text(String(UnicodeScalar(byte))), 1)
        default: return utf8(at: start, in: bytes)
        }
    }

    /// One UTF-8 character, or `.ignored` for a byte that cannot start or continue one.
    private static func utf8(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let lead = bytes[start]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, lead < 0xF8 else { return (.ignored, 1) }
        var end = start + 1
        while end < start + length {
            guard end < bytes.count else { return nil }
            guard bytes[end] & 0xC0 == 0x80 else { return (.ignored, end - start) }
            end += 1
        }
        guard let text = String(validating: bytes[start..<end], as: UTF8.self) else { return (.ignored, length) }
        return (.text(text), length)
    }

    /// A key starting with ESC: a CSI (`ESC [`) or SS3 (`ESC O`) sequence, or Alt with a key.
    private static func escape(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        guard start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["): return controlSequence(at: start, in: bytes)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return nil }
            return (singleShift(bytes[start + 2]), 3)
        case UInt8(ascii: "b"), UInt8(ascii: "B"): return (.wordLeft, 2)
        case UInt8(ascii: "f"), UInt8(ascii: "F"): return (.wordRight, 2)
        case UInt8(ascii: "d"), UInt8(ascii: "D"): return (.deleteWordForward, 2)
        case 0x7F, 0x08: return (.deleteWordBack, 2)
        case 0x1B:
            // Alt with an arrow on terminals that prefix the arrow's own sequence with ESC.
            guard let (key, length) = escape(at: start + 1, in: bytes) else { return nil }
            switch key {
            case .left: return (.wordLeft, length + 1)
            case .right: return (.wordRight, length + 1)
            case .ignored: return (.ignored, length + 1)
            default: return (key, length + 1)
            }
        case let next where next < 0x20:
            // Escape then a control key (Enter): the Escape alone means nothing, the key its own.
            return (.ignored, 1)
        default: return (.ignored, 2)
        }
    }

    /// `ESC O` then one letter: arrows, Home and End in application mode; rxvt's Ctrl-arrows.
    private static func singleShift(_ final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter  // The keypad's Enter in application mode.
        case UInt8(ascii: "c"): return .wordRight
        case UInt8(ascii: "d"): return .wordLeft
        default: return .ignored
        }
    }

    /// `ESC [`, parameter bytes (digits, `;`), then a final byte (0x40–0x7E).
    private static func controlSequence(at start: Int, in bytes: [UInt8]) -> (Key, Int)? {
        var end = start + 2
        while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else {
            return end - start > longestSequence ? (.ignored, end - start) : nil
        }
        let final = bytes[end]
        guard (0x40...0x7E).contains(final) else { return (.ignored, end - start) }
        // The Linux console's F1–F5 are `ESC [ [ A`…: one more letter belongs to the key.
        if final == UInt8(ascii: "["), end == start + 2 {
            return end + 1 < bytes.count ? (.ignored, end + 2 - start) : nil
        }
        let numbers = String(decoding: bytes[(start + 2)..<end], as: UTF8.self).split(separator: ";").map { Int($0) ?? 0 }
        return (csiKey(final, numbers), end + 1 - start)
    }

    private static func csiKey(_ final: UInt8, _ numbers: [Int]) -> Key {
        // xterm's modifier parameter is 1 + (Shift 1, Alt 2, Ctrl 4): Alt or Ctrl on an arrow moves by words.
        let modifier = numbers.count > 1 ? max(0, numbers[1] - 1) : 0
        let byWord = modifier & 0b110 != 0
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return byWord ? .wordRight : .right
        case UInt8(ascii: "D"): return byWord ? .wordLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch numbers.first ?? 0 {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 200: return .pasteStart
            case 201: return .pasteEnd
            default: return .ignored
            }
        default: return .ignored
        }
    }
}
