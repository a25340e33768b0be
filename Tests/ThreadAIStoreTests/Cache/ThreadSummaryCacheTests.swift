import Foundation
import Testing
@testable import ThreadAIStore

@Suite("cache/threads: the same summaries with and without it, kept up by writes (FORMAT §12.1)")
struct ThreadSummaryCacheTests {
    let conversation: ForkedConversation
    var repository: Repository { conversation.repository }
    var uncached: Repository {
        var repository = conversation.repository
        repository.usesCache = false
        return repository
    }
    var cachePath: String { repository.cache.path(of: "threads") }

    init() throws {
        conversation = try ForkedConversation()
    }

    @Test("summaries and fork points are the same with no cache, a fresh one and a current one")
    func sameWithAndWithout() throws {
        let truth = try uncached.threadSummaries()
        let forks = try uncached.forkPoints().map { "\($0.thread) \($0.forkPoint) \($0.parent)" }
        #expect(!FileManager.default.fileExists(atPath: cachePath), "a repository with caches off writes none")
        try repository.clearCache()
        #expect(try repository.threadSummaries() == truth, "computed, then written")
        #expect(FileManager.default.fileExists(atPath: cachePath))
        #expect(try repository.threadSummaries() == truth, "read back")
        #expect(try repository.forkPoints().map { "\($0.thread) \($0.forkPoint) \($0.parent)" } == forks)
        #expect(try repository.verifyCache() == CacheVerification(file: .readable, current: 3))
    }

    @Test("a current file is read, not computed again: a second listing leaves the file written by the first")
    func currentFileIsUsed() throws {
        _ = try repository.threadSummaries()
        let written = try FileManager.default.attributesOfItem(atPath: cachePath)[.systemFileNumber] as? Int
        #expect(written != nil)
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
        // A writer replaces the file by a rename, so a rewrite would show as another inode.
        #expect(try FileManager.default.attributesOfItem(atPath: cachePath)[.systemFileNumber] as? Int == written)
    }

    @Test("send keeps its thread's line current without a recomputation")
    func appendUpdatesTheLine() throws {
        _ = try repository.threadSummaries()
        try conversation.scratch.append("More?", on: "b")
        try conversation.scratch.append("Plus.", role: .assistant, on: "b")
        try conversation.scratch.append("And main?")
        #expect(try repository.verifyCache() == CacheVerification(file: .readable, current: 3), "nothing stale")
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
    }

    @Test("the first message of a new thread gives it a line at once")
    func firstMessage() throws {
        _ = try repository.threadSummaries()
        for role in [Role.system, .user] {
            let name = "new-\(role.rawValue)"
            let message = try conversation.scratch.message("Hello\nthere", role: role, on: name, parent: nil)
            try repository.append(message, to: ThreadName(name), reflogMessage: "test")
        }
        #expect(try repository.verifyCache() == CacheVerification(file: .readable, current: 5), "nothing stale")
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
    }

    @Test("a fork with no user message of its own takes its title from the first own user message it gets")
    func appendTakesTheOwnTitle() throws {
        try conversation.scratch.fork("c", at: conversation.a2)
        _ = try repository.threadSummaries()
        try conversation.scratch.append("Own question", on: "c")
        let summary = try #require(try repository.threadSummaries().first { $0.name.rawValue == "c" })
        #expect(summary.title == "Own question" && summary.ownMessageCount == 1 && summary.messageCount == 6)
        #expect(try repository.verifyCache().stale == 0)
    }

    @Test("forks of a fork are titled by their own messages: a fork just made by the question it left at, another answer by itself")
    func titlesFromOwnMessages() throws {
        try conversation.scratch.fork("mark", at: conversation.aa2)  // a's last answer: a's question "Why?"
        try conversation.scratch.fork("again", at: conversation.ub1)  // b's question, to answer it again
        _ = try repository.threadSummaries()
        try conversation.scratch.append("Encore, autrement.", role: .assistant, on: "again")
        func titles(_ repository: Repository) throws -> [String: String] {
            Dictionary(uniqueKeysWithValues: try repository.threadSummaries().map { ($0.name.rawValue, $0.title) })
        }
        let expected = ["main": "What is a fork?", "a": "Say it longer.", "b": "Encore ?", "mark": "Why?", "again": "Encore, autrement."]
        #expect(try titles(uncached) == expected)
        #expect(try titles(repository) == expected, "derived by append, without a recomputation")
        #expect(try repository.verifyCache() == CacheVerification(file: .readable, current: 5))
        try conversation.scratch.append("Une autre question", on: "again")
        #expect(try titles(repository)["again"] == "Une autre question")
        #expect(try titles(repository) == (try titles(uncached)))
    }

    @Test("an older writer's 'chain' title (the root's question) is never shown: the file is computed again")
    func olderChainTitleIsNotUsed() throws {
        try conversation.scratch.fork("mark", at: conversation.aa2)
        _ = try repository.threadSummaries()
        let text = String(decoding: try Files.read(cachePath), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("thread mark ") })
        #expect(line.hasSuffix(" fork \"Why?\""), "\(line)")
        // The line as an older writer wrote it, under a valid checksum.
        let older = text.split(separator: "\n").filter { !$0.hasPrefix("checksum ") }
            .map { $0 == line ? line.replacingOccurrences(of: " fork \"Why?\"", with: " chain \"What is a fork?\"") : String($0) }
            .joined(separator: "\n") + "\n"
        try Files.write(Array((older + "checksum " + SHA256.hexDigest(Array(older.utf8)) + "\n").utf8), to: cachePath)
        let mark = try ThreadName("mark")
        #expect(String(decoding: try Files.read(cachePath), as: UTF8.self).contains(" chain "))
        #expect(try repository.threadSummaries().first { $0.name == mark }?.title == "Why?")
    }

    @Test("refs moved behind the cache's back, renames and deleted threads are recomputed, never served stale")
    func staleLines() throws {
        _ = try repository.threadSummaries()
        // Another process (or a pull) moves a ref without touching the cache.
        try uncached.append(
            conversation.scratch.message("Behind its back", on: "a", parent: conversation.aa2), to: ThreadName("a"),
            reflogMessage: "test")
        #expect(try repository.verifyCache().stale == 1)
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
        try uncached.renameThread(ThreadName("a"), to: ThreadName("renamed"))
        #expect(try repository.verifyCache().file == .renamesChanged)
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
        _ = try uncached.deleteThread(ThreadName("b"), force: true)
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
        #expect(try repository.verifyCache() == CacheVerification(file: .readable, current: 2))
    }

    @Test("verify finds a line that is wrong for the heads it names, and rebuild replaces it")
    func verifyFindsWrongLines() throws {
        _ = try repository.threadSummaries()
        var file = try #require(ThreadSummaryFile.decode(Files.read(cachePath)))
        let main = try ThreadName("main")
        file.entries[main]?.summary.messageCount += 1
        try Files.write(file.encoded(), to: cachePath)
        let report = try repository.verifyCache()
        #expect(report.wrong == [main] && !report.isSound)
        #expect(try repository.rebuildCache() == 3)
        #expect(try repository.verifyCache().isSound)
    }

    @Test("writers racing on the cache lose work, never correctness")
    func racingWriters() throws {
        for index in 0..<6 { try conversation.scratch.fork("t\(index)", at: conversation.a1) }
        let repository = repository
        let failures = runConcurrently(6) { index -> String? in
            do {
                let name = try ThreadName("t\(index)")
                for turn in 0..<5 {
                    let parent = try repository.singleHead(of: name)
                    let message = try Message(
                        parent: parent, thread: name, role: turn % 2 == 0 ? .user : .assistant,
                        date: Timestamp(rfc3339: "2026-11-21T10:00:0\(turn)Z"), content: "turn \(turn) of t\(index)")
                    try repository.append(message, to: name, reflogMessage: "test")
                    _ = try repository.threadSummaries()
                }
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(failures.compactMap { $0 }.isEmpty)
        #expect(try repository.verifyCache().isSound)
        #expect(try repository.threadSummaries() == (try uncached.threadSummaries()))
    }

    @Test("Fixtures/cache/threads is the threads cache of Fixtures/golden, byte for byte")
    func fixture() throws {
        let folder = try TemporaryDirectory("cache-fixture")
        let golden = try GoldenRepository.build(in: folder.path).repository
        try golden.rebuildCache()
        let built = try Files.read(golden.cache.path(of: "threads"))
        let fixture = GoldenRepository.fixtureDirectory.replacingOccurrences(of: "/golden", with: "/cache/threads")
        if ProcessInfo.processInfo.environment["THREADAI_REGENERATE_FIXTURES"] == "1" {
            try Files.write(built, to: fixture)
        }
        #expect(try Files.read(fixture) == built)
    }

    @Test("Fixtures/renames: a shared and a local rename of the golden repository, and its threads cache after them")
    func renamesFixture() throws {
        let folder = try TemporaryDirectory("renames-fixture")
        let golden = try GoldenRepository.build(in: folder.path).repository
        try golden.renameThread(try ThreadName("alt"), to: try ThreadName("short"))
        try golden.renameThread(try ThreadName("experiments/deeper"), to: try ThreadName("experiments/french"), locally: true)
        try golden.rebuildCache()
        let fixtures = GoldenRepository.fixtureDirectory.replacingOccurrences(of: "/golden", with: "/renames")
        let built = [
            "renames": try Files.read(golden.directory + "/renames"),
            "local-renames": try Files.read(golden.directory + "/local-renames"),
            "threads": try Files.read(golden.cache.path(of: "threads")),
        ]
        for (name, bytes) in built {
            if ProcessInfo.processInfo.environment["THREADAI_REGENERATE_FIXTURES"] == "1" {
                try Files.write(bytes, to: fixtures + "/" + name)
            }
            #expect(try Files.read(fixtures + "/" + name) == bytes, "\(name)")
        }
        let threads = try Files.readText(fixtures + "/threads")
        #expect(threads.contains("thread experiments/french ") && threads.contains(" short 8 3 "), "owned under the old names still")
    }
}
