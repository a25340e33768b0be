/// The line editing of a hidden prompt, byte by byte: what a terminal's own line discipline would
/// do, done by hand because echo, canonical mode and signals are switched off while a key is typed.
///
/// Printable bytes are collected, backspace and delete remove the last character, Ctrl-U clears
/// the line, Enter ends it, Ctrl-C cancels, Ctrl-D ends input on an empty line, and escape
/// sequences (arrow keys) are skipped.
struct HiddenLineEditor {
    enum Outcome: Equatable {
        /// Enter, or Ctrl-D after some text: the line is complete.
        case line(String)
        /// Ctrl-C.
        case cancelled
        /// Ctrl-D on an empty line, or the end of input.
        case endOfInput
    }

    private var bytes: [UInt8] = []
    /// Where we are in an escape sequence (arrow keys and the like send `ESC [ … letter`).
    private var escape: EscapeState = .none

    private enum EscapeState {
        case none
        case started
        case controlSequence
    }

    /// Takes one byte typed; returns an outcome when the line is over, nil to keep reading.
    mutating func feed(_ byte: UInt8) -> Outcome? {
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") ? .controlSequence : .none
            return nil
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return nil
        case .none:
            break
        }
        switch byte {
        case 0x1B: escape = .started
        case 0x0A, 0x0D: return .line(text)
        case 0x03: return .cancelled
        case 0x04: return bytes.isEmpty ? .endOfInput : .line(text)
        case 0x08, 0x7F: removeLastCharacter()
        case 0x15: bytes.removeAll()
        case 0x00..<0x20: break  // Other control keys mean nothing here.
        default: bytes.append(byte)
        }
        return nil
    }

    /// What was typed so far, for the end of input.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Removes one whole UTF-8 character (its continuation bytes are 10xxxxxx).
    private mutating func removeLastCharacter() {
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
    }
}
