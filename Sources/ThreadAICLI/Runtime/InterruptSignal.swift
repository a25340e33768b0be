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
import ThreadAISupport
import ThreadAIStore

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP (a closed terminal) into a call of `onInterrupt` (with
/// the signal's number) instead of killing the process, for as long as the value lives, so that a
/// streaming reply can stop cleanly and keep what arrived, whichever way it was stopped.
///
/// Several may live at once (a `chat` session's and its current reply's): each hears every signal.
/// The signals' dispositions change only when the first comes (ignored, so that only the dispatch
/// sources see them) and when the last goes (default again): setting them again while sources
/// listen would silence those sources.
final class InterruptSignal {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    private static let living = LivingCount()
    private let sources: [any DispatchSourceSignal]
    private let received = ReceivedSignal()

    init(onInterrupt: @escaping @Sendable (Int32) -> Void) {
        let received = self.received
        Self.living.enter { for number in Self.handled { signal(number, SIG_IGN) } }
        sources = Self.handled.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.record(number)
                onInterrupt(number)
            }
            source.resume()
            return source
        }
    }

    /// The first signal that arrived, if any.
    var signalNumber: Int32? { received.first }

    deinit {
        for source in sources { source.cancel() }
        // Back to what the process does without one: remove the files it holds and die of the signal.
        Self.living.leave { SignalCleanup.restoreDispositions() }
    }
}

/// How many `InterruptSignal`s live, shared by every thread that makes or drops one.
private final class LivingCount: Sendable {
    private let count = Locked(0)

    /// Counts one more, calling `first` (under the lock) when it is the only one.
    func enter(_ first: () -> Void) {
        count.withLock {
            $0 += 1
            if $0 == 1 { first() }
        }
    }

    /// Counts one less, calling `last` (under the lock) when none is left.
    func leave(_ last: () -> Void) {
        count.withLock {
            $0 -= 1
            if $0 == 0 { last() }
        }
    }
}

/// The first signal received, shared between the signal handlers' queue and the command.
private final class ReceivedSignal: Sendable {
    private let number = Locked<Int32?>(nil)

    func record(_ signal: Int32) {
        number.withLock { if $0 == nil { $0 = signal } }
    }

    var first: Int32? { number.current }
}
