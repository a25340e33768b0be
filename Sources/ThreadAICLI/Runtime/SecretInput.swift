#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input that can read a line without showing it, for API keys typed at a terminal.
protocol SecretInput: TextInput {
    /// Shows `prompt` on `errors`, reads one line without echo, and restores the terminal.
    /// - Throws: `CLIError` when the terminal cannot be set up, or the user pressed Ctrl-C or Ctrl-D.
    func readSecretLine(prompt: String, errors: any TextOutput) throws -> String
}

extension StandardInput: SecretInput {
    func readSecretLine(prompt: String, errors: any TextOutput) throws -> String {
        errors.write(prompt)
        errors.flush()
        let descriptor: Int32 = 0
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else {
            throw CLIError("cannot switch off echo on this terminal; pipe the key instead: printf %s \"$KEY\" | threadai keys set PROVIDER")
        }
        var hidden = original
        // Echo off so the key never shows; canonical mode and signals off so that Ctrl-C arrives as
        // a byte and the terminal is restored below instead of being left silent by a killed process.
        hidden.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &hidden.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSAFLUSH, &hidden) == 0 else {
            throw CLIError("cannot switch off echo on this terminal; pipe the key instead: printf %s \"$KEY\" | threadai keys set PROVIDER")
        }
        defer {
            _ = tcsetattr(descriptor, TCSAFLUSH, &original)
            errors.write("\n")
            errors.flush()
        }
        var editor = HiddenLineEditor()
        while true {
            var byte: UInt8 = 0
            let count = read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            let outcome = count == 1 ? editor.feed(byte) : .endOfInput
            switch outcome {
            case nil: continue
            case .line(let line)?: return line
            case .cancelled?: throw CLIError("cancelled; no key was stored.", status: .interrupted)
            case .endOfInput?: throw CLIError("no key was typed; nothing was stored.")
            }
        }
    }
}
