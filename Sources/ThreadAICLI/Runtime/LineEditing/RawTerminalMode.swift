#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal at standard input in raw mode — no echo, no line discipline, no signals from keys,
/// bracketed paste on — for as long as the value lives; `restore()` (or the end of its life) puts
/// back exactly what was there. Both raw-mode prompts use it: `chat`'s line editor and the hidden
/// key prompt (`SecretInput`). Ctrl-C then arrives as a byte and the editor answers it, so the
/// terminal is never left raw by a key; SIGTERM and SIGHUP are caught by `ChatLineReader`'s
/// `InterruptSignal`, which wakes the read, so this value's end restores the terminal then too.
final class RawTerminalMode {
    private let descriptor: Int32
    private var original: termios
    private var raw: termios
    private let output: any TextOutput
    private var isRaw = true

    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"

    /// Switches the terminal at `descriptor` to raw mode; nil when it is not a terminal that can.
    init?(descriptor: Int32 = 0, output: any TextOutput) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        original = settings
        self.output = output
        // As linenoise does: bytes as typed (no CR→LF, no flow control, no stripping), 8 bits, and
        // no echo, canonical mode or signals. Output processing stays, so "\n" still starts a row.
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_cflag |= tcflag_t(CS8)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        raw = settings
        // TCSADRAIN, not TCSAFLUSH: what was typed ahead (during a reply) is kept for the prompt.
        guard tcsetattr(descriptor, TCSADRAIN, &settings) == 0 else { return nil }
        output.write(Self.bracketedPasteOn)
        output.flush()
    }

    /// Ctrl-Z: the terminal as it was, the process stopped as the shell's job control expects;
    /// raw again when the shell continues it (`fg`).
    func suspend() {
        restore()
        kill(0, SIGTSTP)  // The whole foreground group, as the terminal's own Ctrl-Z would.
        guard tcsetattr(descriptor, TCSADRAIN, &raw) == 0 else { return }
        isRaw = true
        output.write(Self.bracketedPasteOn)
        output.flush()
    }

    func restore() {
        guard isRaw else { return }
        isRaw = false
        output.write(Self.bracketedPasteOff)
        output.flush()
        _ = tcsetattr(descriptor, TCSADRAIN, &original)
    }

    deinit { restore() }

    /// The width of the terminal at `descriptor`, 80 when it cannot say.
    static func columns(of descriptor: Int32) -> Int {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        return result == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }
}
