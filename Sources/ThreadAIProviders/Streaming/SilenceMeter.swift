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
    /// The newest activity a look was given: activity is new when it is newer than this, not when it
    /// is newer than the last look, since bytes may be noted after the watchdog read the activity
    /// and before it read the clock.
    private var seenActivity: ContinuousClock.Instant

    init(timeouts: StreamTimeouts, start: ContinuousClock.Instant) {
        interval = min(.seconds(1), timeouts.stall / 4, timeouts.firstByte / 4)
        lastLook = start
        seenActivity = start
    }

    /// Counts the silence up to `now` and returns when to look next, or nil when it has
    /// reached `limit`.
    mutating func look(now: ContinuousClock.Instant, lastActivity: ContinuousClock.Instant, limit: Duration) -> ContinuousClock.Instant? {
        if lastActivity > seenActivity {
            silence = min(max(.zero, now - lastActivity), interval)
        } else {
            silence += min(now - lastLook, interval)
        }
        lastLook = now
        seenActivity = lastActivity
        if silence >= limit { return nil }
        return now + min(interval, limit - silence)
    }
}
