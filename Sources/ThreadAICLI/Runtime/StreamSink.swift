/// Carries a streaming reply from the task that receives it to the terminal.
///
/// `@unchecked Sendable` because the reply task is its only user while the command awaits that
/// task; the command touches it again (`finish`) only after the task has ended.
final class StreamSink: @unchecked Sendable {
    private let output: any TextOutput
    private let live: Bool
    private var endsWithNewline = true
    private var wroteAnything = false

    init(output: any TextOutput, live: Bool) {
        self.output = output
        self.live = live
    }

    /// Writes a piece of the reply, its control characters made visible as every view of message
    /// text shows them (`TerminalSafe`): a model's reply must not drive the terminal either. A piece
    /// is whole scalars, so escaping it alone escapes the reply exactly.
    func write(_ piece: String) {
        guard !piece.isEmpty else { return }
        output.write(TerminalSafe.text(piece))
        wroteAnything = true
        endsWithNewline = piece.hasSuffix("\n")
        if live { output.flush() }
    }

    /// Ends the reply on a line of its own.
    func finish() {
        if wroteAnything && !endsWithNewline { output.write("\n") }
        output.flush()
    }
}
