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
        // Raw, as the chat editor's prompt: no echo, so the key never shows, and no canonical mode
        // or signals, so that Ctrl-C arrives as a byte and the terminal is restored below instead of
        // being left silent by a killed process.
        guard let raw = RawTerminalMode(descriptor: descriptor, output: errors) else {
            throw CLIError("cannot switch off echo on this terminal; pipe the key instead: printf %s \"$KEY\" | threadai keys set PROVIDER")
        }
        defer {
            raw.restore()
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
