import Testing
@testable import ThreadAIProviders

@Suite("The watchdog counts the server's silence, not time the client could not run")
struct SilenceMeterTests {
    let start = ContinuousClock.now
    let timeouts = StreamTimeouts(firstByte: .seconds(8), stall: .seconds(4))

    @Test("looks every quarter of the shorter timeout, at most every second")
    func interval() {
        #expect(SilenceMeter(timeouts: timeouts, start: start).interval == .seconds(1))
        #expect(SilenceMeter(timeouts: StreamTimeouts(firstByte: .seconds(20), stall: .milliseconds(300)), start: start).interval
            == .milliseconds(75))
    }

    /// Looks at each instant the meter asks for, with no activity, until it gives up; the instants are offsets from `start`.
    func looksUntilSilent(_ meter: inout SilenceMeter, from first: ContinuousClock.Instant, limit: Duration) -> [Duration] {
        var looks: [Duration] = []
        var now = first
        while let wake = meter.look(now: now, lastActivity: start, limit: limit), looks.count < 100 {
            looks.append(now - start)
            now = wake
        }
        looks.append(now - start)
        return looks
    }

    @Test("on time, it gives up once the silence reaches the limit, not before")
    func onTime() {
        var meter = SilenceMeter(timeouts: timeouts, start: start)
        #expect(looksUntilSilent(&meter, from: start, limit: .milliseconds(2500))
            == [.zero, .seconds(1), .seconds(2), .milliseconds(2500)])
    }

    @Test("a look that comes late counts one interval, so a starved client is not timed out by its own delay")
    func starved() {
        var meter = SilenceMeter(timeouts: timeouts, start: start)
        #expect(meter.look(now: start, lastActivity: start, limit: .seconds(3)) == start + .seconds(1))
        // The process was starved for 30 s: the look planned for 1 s came at 31 s.
        let late = start + .seconds(31)
        #expect(meter.look(now: late, lastActivity: start, limit: .seconds(3)) == late + .seconds(1))
        // Bytes noted meanwhile start the count again.
        #expect(meter.look(now: late + .seconds(1), lastActivity: late + .milliseconds(500), limit: .seconds(3)) == late + .seconds(2))
        // Without them, silence is counted look by look, one interval each, until it reaches the limit.
        var silent = SilenceMeter(timeouts: timeouts, start: start)
        _ = silent.look(now: start, lastActivity: start, limit: .seconds(3))
        #expect(looksUntilSilent(&silent, from: late, limit: .seconds(3)) == [.seconds(31), .seconds(32), .seconds(33)])
    }

    @Test("activity between two looks starts the count again")
    func activity() {
        var meter = SilenceMeter(timeouts: timeouts, start: start)
        for second in 0..<3 { _ = meter.look(now: start + .seconds(second), lastActivity: start, limit: .seconds(4)) }
        let noted = start + .milliseconds(2900)
        #expect(meter.look(now: start + .seconds(3), lastActivity: noted, limit: .seconds(4)) == start + .seconds(4))
        #expect(meter.look(now: start + .seconds(6), lastActivity: noted, limit: .seconds(4)) == start + .seconds(7))
    }

    @Test("bytes noted between a look's reading of the activity and of the clock are counted at the next look")
    func activityBetweenReads() {
        var meter = SilenceMeter(timeouts: timeouts, start: start)
        for second in 0...7 { #expect(meter.look(now: start + .seconds(second), lastActivity: start, limit: .seconds(8)) != nil) }
        // The first byte arrived a moment before the 7 s look read the clock, but after it read the activity.
        let firstByte = start + .seconds(7) - .nanoseconds(1)
        #expect(meter.look(now: start + .seconds(8), lastActivity: firstByte, limit: .seconds(4)) == start + .seconds(9))
    }
}
