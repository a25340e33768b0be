#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who holds a turn lock: the owner lines `pid: N`, `host: NAME` and `started: DATE` that every
/// lock naming its owner carries (docs/FORMAT.md §10), read with the same parser `fsck` uses.
public struct TurnLockOwner: Sendable, Equatable, CustomStringConvertible {
    public var processID: Int32
    public var host: String

    public init(processID: Int32, host: String) {
        self.processID = processID
        self.host = host
    }

    static func current() -> TurnLockOwner {
        TurnLockOwner(processID: getpid(), host: LeftoverLock.hostName())
    }

    /// Parses the owner lines; nil when the file does not (yet) name a complete owner.
    init?(lockFileBytes bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n"),
              let owner = LeftoverLock.parseOwner(text) else { return nil }
        self.init(processID: owner.processID, host: owner.host)
    }

    func lines(started: Timestamp) -> String {
        "pid: \(processID)\nhost: \(host)\nstarted: \(started.rfc3339)\n"
    }

    public var description: String { "process \(processID) on \(host)" }
}
