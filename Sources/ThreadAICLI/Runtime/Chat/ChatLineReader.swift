import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a `chat` session, one at a time, from standard input — a person at a terminal or a
/// pipe — and the signals that arrive while it waits for one.
///
/// Ctrl-C at the prompt must not end the session (a shell clears the line instead), and SIGTERM or
/// SIGHUP must end it cleanly: for as long as the reader lives the signals are caught
/// (`InterruptSignal`) and written to a pipe that `poll` watches beside standard input, so a
/// signal wakes the wait without racing it.
final class ChatLineReader {
    enum Event: Equatable {
        case line(String)
        /// Ctrl-C while waiting: the terminal dropped the line being typed.
        case interrupted
        /// SIGTERM or SIGHUP: the session must end, with this status.
        case stopped(ExitStatus)
        case endOfInput
    }

    private let input: any TextInput
    var pending: [UInt8] = []
    var atEnd = false
    /// Whether the last line ended at an end of input instead of a line end: at a terminal, text
    /// typed and then Ctrl-D twice (the cursor still stands after it).
    private(set) var lastLineUnterminated = false
    private let wake: SignalPipe?
    private var interrupt: InterruptSignal?
    /// SIGWINCH, while the line editor may need to draw the line again for a new width.
    private var resize: (any DispatchSourceSignal)?
    /// Lines of input held in memory (a test's input), read all at once.
    private var memoryLines: [String]?
    /// The line editor, when a person types at a terminal that can show one (`nextEdited`).
    var editing: ChatLineEditing?

    init(input: any TextInput, editing: ChatLineEditing? = nil) throws {
        self.input = input
        self.editing = input is StandardInput ? editing : nil
        if input is StandardInput {
            let wake = try SignalPipe()
            self.wake = wake
            interrupt = InterruptSignal { [wake] signal in wake.post(signal) }
            if self.editing != nil {
                // Its default is to be ignored, which leaves the dispatch source alone to hear it.
                let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
                resize.setEventHandler { [wake] in wake.post(SIGWINCH) }
                resize.resume()
                self.resize = resize
            }
        } else {
            wake = nil
            memoryLines = try input.readAll().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if memoryLines?.last == "" { memoryLines?.removeLast() }
        }
    }

    /// The next line (without its line end), or what interrupted the wait for it.
    func next() throws -> Event {
        if var lines = memoryLines {
            guard !lines.isEmpty else { return .endOfInput }
            let line = lines.removeFirst()
            memoryLines = lines
            return .line(line)
        }
        lastLineUnterminated = false
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let bytes = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return .line(try decode(bytes))
            }
            if atEnd {
                // A terminal can be read again after Ctrl-D (the session goes on after a line ended
                // so); a pipe ends again at once.
                atEnd = false
                guard !pending.isEmpty else { return .endOfInput }
                defer { pending.removeAll() }
                lastLineUnterminated = true
                return .line(try decode(pending))
            }
            if let signal = try waitForInput() {
                if signal == SIGWINCH { continue }
                if signal == SIGINT {
                    pending.removeAll()
                    return .interrupted
                }
                return .stopped(Self.status(stoppedBy: signal))
            }
            readAvailable()
        }
    }

    /// Forgets the signals that came while something else (a reply) handled them, and returns the
    /// exit status of the first that must end the session, if any.
    func takeStopSignal() -> ExitStatus? {
        wake?.drain().first { $0 != SIGINT && $0 != SIGWINCH }.map(Self.status(stoppedBy:))
    }

    static func status(stoppedBy signal: Int32) -> ExitStatus {
        signal == SIGHUP ? .hungUp : .terminated
    }

    private func decode(_ bytes: [UInt8]) throws -> String {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return try decodeUTF8(bytes, from: "the line typed")
    }

    /// Waits until standard input can be read (nil) or a signal arrives (its number).
    func waitForInput() throws -> Int32? {
        guard let wake else { return nil }
        var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { throw CLIError("could not wait for input: \(String(cString: strerror(errno))).") }
            // A resize told with a stop at once must not hide the stop.
            let signals = descriptors[1].revents != 0 ? wake.drain() : []
            if let signal = signals.first(where: { $0 != SIGWINCH }) ?? signals.first { return signal }
            if descriptors[0].revents != 0 { return nil }
        }
    }

    deinit {
        resize?.cancel()
    }

    func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return }
        if count <= 0 {
            atEnd = true
            return
        }
        pending += chunk[0..<count]
    }
}

/// A pipe that signal handlers write their signal's number to, so a `poll` wakes up.
private final class SignalPipe: @unchecked Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw CLIError("could not create a pipe: \(String(cString: strerror(errno))).") }
        (readEnd, writeEnd) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    /// Called on the signal handlers' queue: only `write`, which a handler may call.
    func post(_ signal: Int32) {
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(writeEnd, &byte, 1)
    }

    /// The signals posted since the last drain.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) == 1 { signals.append(Int32(byte)) }
        return signals
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
