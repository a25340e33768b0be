/// Fails a request whose server stays silent for longer than the timeouts allow.
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
                var silence = SilenceMeter(timeouts: timeouts, start: .now)
                while true {
                    let latest = monitor.latest
                    let limit = latest.bodyStarted ? timeouts.stall : timeouts.firstByte
                    guard let wake = silence.look(now: .now, lastActivity: latest.activity, limit: limit) else {
                        throw latest.bodyStarted
                            ? ProviderError.stalled(provider: provider, after: timeouts.stall)
                            : ProviderError.timeoutBeforeFirstByte(provider: provider, after: timeouts.firstByte)
                    }
                    try await Task.sleep(until: wake, clock: .continuous)
                }
            }
            // The first child to end decides: the operation finishing or failing, or the watchdog firing.
            try await group.next()
            group.cancelAll()
        }
    }
}

/// The server's silence as the watchdog measures it, look by look.
///
/// A timeout measures the server's silence, not the client's: when the process is too busy to run
/// its tasks on time (an app's executor full of other work, a loaded test run), the reader that
/// notes arriving bytes is held up as well, so time the watchdog itself spent waiting to run
/// proves nothing. Each look therefore counts at most one interval of silence, however late it
/// comes: on a process that keeps to time that is the clock's time, and a starved one gets as
/// many looks as the timeout has intervals before it gives up.
struct SilenceMeter {
    /// How often the watchdog looks: often enough to notice the switch from the long first-byte
    /// deadline to the shorter stall deadline once the body starts.
    let interval: Duration
    private var silence: Duration = .zero
    private var lastLook: ContinuousClock.Instant

    init(timeouts: StreamTimeouts, start: ContinuousClock.Instant) {
        interval = min(.seconds(1), timeouts.stall / 4, timeouts.firstByte / 4)
        lastLook = start
    }

    /// Counts the silence up to `now` and returns when to look next, or nil when it has
    /// reached `limit`.
    mutating func look(now: ContinuousClock.Instant, lastActivity: ContinuousClock.Instant, limit: Duration) -> ContinuousClock.Instant? {
        if lastActivity > lastLook {
            silence = min(now - lastActivity, interval)
        } else {
            silence += min(now - lastLook, interval)
        }
        lastLook = now
        if silence >= limit { return nil }
        return now + min(interval, limit - silence)
    }
}
