import Dispatch

/// Writes parts of a long output on a thread of its own, in order, so that the next part is
/// rendered while a pipe or a terminal takes the last one: writing ten megabytes of `log` into a
/// pipe costs about as much as rendering them, and the two need not wait for each other.
///
/// At most `depth` parts wait at a time, so memory stays a few parts whatever the reader's speed.
/// Between `init` and `finish()` only this writer touches `output`; the caller writes nothing else to
/// it meanwhile (nor notes to standard error, which flushes standard output first).
final class BackgroundWriter: @unchecked Sendable {
    // Unchecked: `output` is used only by the blocks of the serial `queue` until `finish()` has
    // waited for the last of them; the caller promises not to touch it meanwhile.
    private let output: any TextOutput
    private let queue = DispatchQueue(label: "threadai.output")
    private let room: DispatchSemaphore

    init(_ output: any TextOutput, depth: Int = 2) {
        self.output = output
        room = DispatchSemaphore(value: depth)
    }

    /// Queues `bytes` after the parts before it, first waiting while `depth` parts are queued.
    func write(_ bytes: [UInt8]) {
        room.wait()
        queue.async {
            self.output.write(bytes: bytes)
            self.room.signal()
        }
    }

    /// Returns once every queued part has been handed to `output`.
    func finish() {
        queue.sync {}
    }
}
