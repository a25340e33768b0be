import ThreadAISupport

/// How long the harness waits on a silent server, enforced by the harness itself rather than
/// left to the transport.
public struct StreamTimeouts: Sendable, Equatable {
    /// From sending the request until the first byte of the response body. Generous, because
    /// a reasoning model may think for a long time before it says anything.
    public var firstByte: Duration
    /// The longest silence between two pieces of the body once it has started.
    public var stall: Duration

    public init(firstByte: Duration = .seconds(120), stall: Duration = .seconds(60)) {
        self.firstByte = firstByte
        self.stall = stall
    }

    public static let standard = StreamTimeouts()
}

/// Remembers when the body last moved, for the watchdog.
final class ActivityMonitor: Sendable {
    private struct State {
        var lastActivity: ContinuousClock.Instant
        var bodyStarted = false
    }

    private let state: Locked<State>

    init() {
        state = Locked(State(lastActivity: .now))
    }

    /// Notes that body bytes arrived just now.
    func touch() {
        state.withLock {
            $0.lastActivity = .now
            $0.bodyStarted = true
        }
    }

    /// When body bytes last arrived (or the request started), and whether the body had started.
    var latest: (activity: ContinuousClock.Instant, bodyStarted: Bool) {
        state.withLock { ($0.lastActivity, $0.bodyStarted) }
    }
}
