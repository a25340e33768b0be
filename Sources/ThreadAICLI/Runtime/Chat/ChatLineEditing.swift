#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The line editor of a `chat` session at a terminal, and what it carries from one line to the
/// next: the history, keys typed ahead or the rest of a paste, and where the last drawing left the
/// cursor. The terminal is raw only while a line is read (`ChatLineReader.nextEdited`), so a reply
/// streams, and Ctrl-C stops it, in the terminal's usual mode.
final class ChatLineEditing {
    let output: any TextOutput
    let history: ChatHistoryKeeper
    /// The descriptor the prompt is drawn on, whose width wraps the line.
    let descriptor: Int32
    fileprivate var editor = LineEditor()
    fileprivate var renderer = LineRenderer()
    fileprivate var decoder = KeyDecoder()
    /// Keys decoded and not yet handled: typed ahead, or the lines of a paste after the one submitted.
    fileprivate var keys: [Key] = []

    init(output: any TextOutput, history: ChatHistoryKeeper, descriptor: Int32 = 2) {
        self.output = output
        self.history = history
        self.descriptor = descriptor
    }

    /// Whether a person at this terminal gets the editor: standard input and the prompt's output are
    /// terminals, and TERM names one that understands cursor movement (not `dumb`, not unset, as
    /// Emacs's shell buffers say).
    static func available(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return isatty(0) == 1 && isatty(2) == 1 && !term.isEmpty && term != "dumb"
    }

    fileprivate func draw(_ prompt: String) {
        let buffer = editor.buffer
        write(renderer.draw(prompt: editor.promptOverride ?? prompt, text: buffer.text, cursor: buffer.cursor, columns: columns))
    }

    fileprivate func leave(_ prompt: String, suffix: String = "", newline: Bool) {
        write(renderer.leave(prompt: prompt, text: editor.buffer.text, columns: columns, suffix: suffix, newline: newline))
    }

    fileprivate func resized() {
        renderer.resized(columns: columns)
    }

    fileprivate func write(_ text: String) {
        output.write(text)
        output.flush()
    }

    private var columns: Int { RawTerminalMode.columns(of: descriptor) }
}

extension ChatLineReader {
    /// The next line, typed with the line editor after `prompt`, or what ended the wait for it.
    /// Without a terminal that goes raw, the prompt is written and the line read as `next()` does.
    func nextEdited(prompt: String) throws -> Event {
        guard let editing, let raw = RawTerminalMode(output: editing.output) else {
            editing?.write(prompt)
            editing = nil
            return try next()
        }
        let event = try readEdited(prompt: prompt, editing, raw)
        raw.restore()
        // Kept once the terminal is back, so that a note about it reads as a note.
        if case .line(let line) = event { editing.history.record(line) }
        return event
    }

    private func readEdited(prompt: String, _ editing: ChatLineEditing, _ raw: RawTerminalMode) throws -> Event {
        editing.editor.reset(history: editing.history.entries)
        // Drawn when no more input is waiting: a paste of a long line is drawn once, not once per read.
        var needsDrawing = true
        while true {
            while !editing.keys.isEmpty {
                switch editing.editor.handle(editing.keys.removeFirst()) {
                case .none: continue
                case .bell: editing.write("\u{07}")
                case .redraw: needsDrawing = true
                case .clearScreen:
                    editing.write(editing.renderer.clearScreen())
                    needsDrawing = true
                case .suspend:
                    // Below the line, as a shell leaves a stopped job's prompt; drawn anew after `fg`.
                    editing.leave(prompt, newline: true)
                    raw.suspend()
                    needsDrawing = true
                case .submit(let line):
                    editing.leave(prompt, newline: true)
                    return .line(line)
                case .cancel:
                    editing.leave(prompt, suffix: "^C", newline: false)
                    return .interrupted
                case .endOfInput:
                    return .endOfInput
                }
            }
            if atEnd {
                // The terminal hung up or the input closed: nothing more will come.
                atEnd = false
                return .endOfInput
            }
            if needsDrawing && !Self.inputWaiting() {
                editing.draw(prompt)
                needsDrawing = false
            }
            if let signal = try waitForInput() {
                if signal == SIGWINCH {
                    editing.resized()
                    needsDrawing = true
                    continue
                }
                editing.leave(prompt, suffix: signal == SIGINT ? "^C" : "", newline: false)
                return signal == SIGINT ? .interrupted : .stopped(Self.status(stoppedBy: signal))
            }
            readAvailable()
            editing.keys += editing.decoder.feed(pending)
            pending.removeAll()
        }
    }

    /// Whether standard input can be read at once.
    private static func inputWaiting() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
