#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAIStore

/// Arms the store's fault seam from `THREADAI_TEST_FAULT`, for the crash and fault tests
/// (docs/DESIGN.md, "Testing faults"): `N:kill` ends the process with `_exit(86)` just before write
/// step N, as a `kill -9` would leave it; `N:ERRNO` makes step N fail with that errno (`3:28` is
/// ENOSPC); `N:pause` waits before step N until a signal stops it. Anything else arms nothing.
enum TestFault {
    /// The exit status of a process the seam ended.
    static let killedStatus: Int32 = 86

    static func arm(from value: String?) {
        guard let parts = value?.split(separator: ":"), parts.count == 2, let step = Int(parts[0]), step > 0 else { return }
        switch parts[1] {
        case "kill": FaultSeam.arm(step: step, .kill(end: { _exit(killedStatus) }))
        case "pause": FaultSeam.arm(step: step, .pause)
        default: if let code = Int32(parts[1]), code > 0 { FaultSeam.arm(step: step, .fail(code)) }
        }
    }
}
