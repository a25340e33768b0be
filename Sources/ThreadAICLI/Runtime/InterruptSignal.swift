import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal) into a call of `onInterrupt`
/// instead of killing the process, for as long as the value lives, so that a streaming reply can
/// stop cleanly and keep what arrived, whichever way it was stopped.
final class InterruptSignal {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private let sources: [any DispatchSourceSignal]
    private let received = ReceivedSignal()

    init(onInterrupt: @escaping @Sendable () -> Void) {
        let received = self.received
        sources = Self.handled.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.record(number)
                onInterrupt()
            }
            source.resume()
            return source
        }
    }

    /// The first signal that arrived, if any.
    var signalNumber: Int32? { received.first }

    deinit {
        for source in sources { source.cancel() }
        for number in Self.handled { signal(number, SIG_DFL) }
    }
}

/// The first signal received, shared between the signal handlers' queue and the command.
private final class ReceivedSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var number: Int32?

    func record(_ signal: Int32) {
        lock.withLock { if number == nil { number = signal } }
    }

    var first: Int32? { lock.withLock { number } }
}
