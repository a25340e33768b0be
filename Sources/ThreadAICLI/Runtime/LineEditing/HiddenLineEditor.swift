/// The line editing of a hidden prompt, byte by byte: what a terminal's own line discipline would
/// do, done by hand because echo, canonical mode and signals are switched off while a key is typed.
///
/// Printable text is collected, Backspace removes the last character, Ctrl-U clears the line,
/// Enter ends it, Ctrl-C cancels, Ctrl-D ends input on an empty line, and every other key (arrows:
/// nothing shows where a cursor would be) is skipped; `KeyDecoder` tells the keys apart.
struct HiddenLineEditor {
    enum Outcome: Equatable {
        /// Enter, or Ctrl-D after some text: the line is complete.
        case line(String)
        /// Ctrl-C.
        case cancelled
        /// Ctrl-D on an empty line, or the end of input.
        case endOfInput
    }

    private var typed = ""
    private var decoder = KeyDecoder()

    /// Takes one byte typed; returns an outcome when the line is over, nil to keep reading.
    mutating func feed(_ byte: UInt8) -> Outcome? {
        for key in decoder.feed(CollectionOfOne(byte)) {
            switch key {
            case .text(let text): typed += text
            case .enter: return .line(typed)
            case .control(0x03): return .cancelled
            case .control(0x04): return typed.isEmpty ? .endOfInput : .line(typed)
            case .control(0x15): typed = ""
            case .backspace: if !typed.isEmpty { typed.unicodeScalars.removeLast() }
            default: break
            }
        }
        return nil
    }

    /// What was typed so far, for the end of input.
    var text: String { typed }
}
