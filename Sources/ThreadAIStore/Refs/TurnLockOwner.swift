#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who holds a turn lock: the line `PID SP HOST SP DATE LF` at the start of the lock file.
public struct TurnLockOwner: Sendable, Equatable, CustomStringConvertible {
    public var processID: Int32
    public var host: String
    public var since: Timestamp

    public init(processID: Int32, host: String, since: Timestamp) {
        self.processID = processID
        self.host = host
        self.since = since
    }

    static func current() -> TurnLockOwner {
        TurnLockOwner(processID: getpid(), host: hostName(), since: .now())
    }

    /// Parses the owner line; nil when the file holds no complete, valid line.
    init?(lockFileBytes bytes: [UInt8]) {
        guard let end = bytes.firstIndex(of: 0x0A),
              let line = String(validating: bytes[..<end], as: UTF8.self) else { return nil }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, let pid = Int32(parts[0]), pid > 0, !parts[1].isEmpty,
              let since = try? Timestamp(rfc3339: String(parts[2])) else { return nil }
        self.init(processID: pid, host: String(parts[1]), since: since)
    }

    var line: String { "\(processID) \(host) \(since.rfc3339)\n" }

    /// Whether this owner is a process of this machine that no longer exists.
    public var isDeadOnThisHost: Bool {
        host == Self.hostName() && kill(processID, 0) != 0 && errno == ESRCH
    }

    public var description: String { "process \(processID) on \(host), since \(since.rfc3339)" }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown-host" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let safe = name.filter { !$0.isWhitespace }
        return safe.isEmpty ? "unknown-host" : safe
    }
}
