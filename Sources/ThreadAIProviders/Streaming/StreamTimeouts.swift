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

    /// When the watchdog should fire if nothing else arrives, and whether the body had started.
    func deadline(_ timeouts: StreamTimeouts) -> (ContinuousClock.Instant, bodyStarted: Bool) {
        state.withLock { state in
            (state.lastActivity + (state.bodyStarted ? timeouts.stall : timeouts.firstByte), state.bodyStarted)
        }
    }
}

enum Watchdog {
    /// Runs `operation`, failing it with `.timeoutBeforeFirstByte` or `.stalled` when the
    /// monitor it is handed goes quiet for longer than the timeouts allow. The operation is
    /// cancelled then, which aborts its request.
    static func run(
        _ timeouts: StreamTimeouts, provider: String,
        operation: @escaping @Sendable (ActivityMonitor) async throws -> Void
    ) async throws {
        let monitor = ActivityMonitor()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await operation(monitor) }
            group.addTask {
                // Wake up often enough to notice the switch from the long first-byte deadline
                // to the shorter stall deadline once the body starts.
                let checkEvery = min(.seconds(1), timeouts.stall / 4, timeouts.firstByte / 4)
                while true {
                    let (deadline, bodyStarted) = monitor.deadline(timeouts)
                    let now = ContinuousClock.now
                    if now >= deadline {
                        throw bodyStarted
                            ? ProviderError.stalled(provider: provider, after: timeouts.stall)
                            : ProviderError.timeoutBeforeFirstByte(provider: provider, after: timeouts.firstByte)
                    }
                    try await Task.sleep(until: min(deadline, now + checkEvery), clock: .continuous)
                }
            }
            // The first child to end decides: the operation finishing or failing, or the watchdog firing.
            try await group.next()
            group.cancelAll()
        }
    }
}
