#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

/// Wakes a thread blocked in `poll` when another thread cancels its request.
///
/// A flag alone would not do: the reader sleeps in `poll` until the server sends something,
/// which may be minutes away. So every wait also watches the read end of a pipe, and `trigger`
/// writes one byte to it. Closing the socket from the cancelling thread instead would race
/// with the reader reusing the descriptor number.
final class Interruption: Sendable {
    private struct State {
        var readEnd: Int32
        var writeEnd: Int32
        var triggered = false
        var closed = false
    }

    private let state: Locked<State>
    /// The pipe's read end, readable once `trigger` has run; fixed for the object's life.
    let descriptor: Int32

    /// - Throws: `HTTPTransportError.other` when the process is out of file descriptors.
    init() throws(HTTPTransportError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .other("could not create a pipe for the connection: \(SystemCalls.describe(errno))")
        }
        for end in ends { SystemCalls.markCloseOnExec(end) }
        descriptor = ends[0]
        state = Locked(State(readEnd: ends[0], writeEnd: ends[1]))
    }

    /// Whether the request was cancelled.
    var isTriggered: Bool { state.withLock { $0.triggered } }

    /// Cancels the request: the owning thread's next (or current) wait ends. Safe from any
    /// thread, any number of times, also after `close`.
    func trigger() {
        state.withLock { state in
            guard !state.triggered, !state.closed else {
                state.triggered = true
                return
            }
            state.triggered = true
            var byte: UInt8 = 1
            // One byte into an empty pipe never blocks; if it somehow failed, the flag still
            // stops the reader at its next wake-up.
            _ = write(state.writeEnd, &byte, 1)
        }
    }

    /// Releases the pipe; only the thread that waits on it calls this, once it stops waiting.
    func close() {
        let ends = state.withLock { state -> (Int32, Int32)? in
            guard !state.closed else { return nil }
            state.closed = true
            return (state.readEnd, state.writeEnd)
        }
        guard let (readEnd, writeEnd) = ends else { return }
        closeDescriptor(readEnd)
        closeDescriptor(writeEnd)
    }
}

/// `close(2)`, reachable from types that have a `close` method of their own.
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
