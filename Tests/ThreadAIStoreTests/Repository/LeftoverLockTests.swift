import Foundation
import Testing
@testable import ThreadAIStore

@Suite("Leftover locks: owner, liveness and when they may be cleared")
struct LeftoverLockTests {
    private static let host = LeftoverLock.hostName()

    @Test("owner lines are read; anything else (a ref value, nothing) gives no owner")
    func parseOwner() {
        #expect(LeftoverLock.parseOwner("pid: 42\nhost: box\nstarted: 2026-11-21T09:00:00Z\n") == .init(processID: 42, host: "box"))
        #expect(LeftoverLock.parseOwner(String(repeating: "a", count: 64) + "\n") == nil)
        #expect(LeftoverLock.parseOwner("pid: 0\nhost: box\n") == nil)
        #expect(LeftoverLock.parseOwner("pid: 42\n") == nil)
    }

    @Test("only a dead owner on this host allows clearing without force; force needs age; a live owner never")
    func clearing() {
        let mine = LeftoverLock(path: "x.lock", ageSeconds: 0, owner: .init(processID: getpid(), host: Self.host))
        #expect(mine.liveness == .alive)
        #expect(!mine.mayBeCleared(force: true))
        let elsewhere = LeftoverLock(path: "x.lock", ageSeconds: 0, owner: .init(processID: 1, host: Self.host + "-other"))
        #expect(elsewhere.liveness == .unknown)
        #expect(!elsewhere.mayBeCleared(force: true))
        var old = elsewhere
        old.ageSeconds = LeftoverLock.forceAge
        #expect(!old.mayBeCleared(force: false) && old.mayBeCleared(force: true))
        let ownerless = LeftoverLock(path: "x.lock", ageSeconds: LeftoverLock.forceAge - 1, owner: nil)
        #expect(!ownerless.mayBeCleared(force: true))
    }

    @Test("a lock someone holds a flock on is alive whatever its owner lines say, and is never cleared")
    func flockedIsAlive() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/main.lock"
        try Data("pid: 999999\nhost: \(Self.host)\n".utf8).write(to: URL(fileURLWithPath: path))
        let holder = open(path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        let lock = try #require(LeftoverLock.read(path, now: Int64(Date().timeIntervalSince1970) + 3600))
        #expect(lock.isFlocked == true && lock.liveness == .alive)
        #expect(!lock.mayBeCleared(force: true))
        _ = flock(holder, LOCK_UN)
        #expect(LeftoverLock.read(path, now: 0)?.isFlocked == false)
    }
}
