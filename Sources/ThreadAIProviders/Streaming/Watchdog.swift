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
