import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// Marks a suite whose tests take seconds each (a real terminal, a browser, a server, crashes at
    /// every write step, many clones): `THREADAI_TESTS=fast swift test` skips them, for a quick run
    /// while working; CI and a plain `swift test` run everything.
    public static var slow: Self {
        .enabled(if: ProcessInfo.processInfo.environment["THREADAI_TESTS"] != "fast", "a slow suite, skipped under THREADAI_TESTS=fast")
    }
}
