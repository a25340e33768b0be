import Foundation
import Testing

/// `cache/objects` (docs/FORMAT.md §12.4): a long `log` takes the bytes of the messages past its
/// walk's budget from one packed file, verified against their ids, with the same output as from the
/// objects, whatever state the file is in; writers never use it.
@Suite("CLI: log of a long history from cache/objects")
struct PackedObjectsTests {
    let sandbox: CLISandbox
    /// The ids of thread `long`, oldest first: 1,400 messages, enough for a walk to read 1,000 past its budget.
    let long: [String]
    var packPath: String { sandbox.repository + "/cache/objects" }

    init() throws {
        sandbox = try CLISandbox.initialized()
        long = try LongHistoryTests.place(count: 1_400, thread: "long", after: nil, in: sandbox.repository)
        try Data(((long.last ?? "") + "\n").utf8).write(to: URL(fileURLWithPath: sandbox.repository + "/refs/threads/long"))
        try sandbox.succeed(["checkout", "long"])
    }

    func outputs(_ environment: [String: String] = [:]) throws -> [String] {
        try [["log"], ["log", "--json"], ["log", "--reverse", "-n", "1300"]].map { arguments in
            let result = try sandbox.run(arguments, environment: environment)
            return "\(arguments) → \(result.status)\n\(result.stdout)\(result.stderr)"
        }
    }

    @Test("the same output with no file, a new one, a current one and a damaged one; the damage is mended")
    func sameEveryWay() throws {
        let truth = try outputs(["THREADAI_NO_CACHE": "1"])
        #expect(truth[0].contains("Message 0 of long") && truth[0].hasPrefix("[\"log\"] → 0"), "\(truth[0].prefix(300))")
        try sandbox.succeed(["cache", "clear"])
        // With no message graph a walk reads 2,000 messages from the objects first (FORMAT §12 rule 7).
        try sandbox.succeed(["log", "--graph", "--all"])
        #expect(try outputs() == truth, "the first long log writes the file")
        #expect(FileManager.default.fileExists(atPath: packPath))
        #expect(try outputs() == truth, "from the file")
        for damage in CacheTests.Damage.allCases {
            try sandbox.succeed(["log", "--graph", "--all"])
            try sandbox.succeed(["log"])
            try damage.apply(to: packPath)
            #expect(try outputs() == truth, "\(damage)")
            // A file that is absent or damaged whole is written again by that log; a flip in one
            // record only costs that record (`damagedRecord`); with the folder gone, so is the graph,
            // and a walk of 1,400 messages reads the objects alone (FORMAT §12 rule 7).
            guard ![.folderInItsPlace, .flippedByte, .folderDeleted].contains(damage) else { continue }
            let verify = try sandbox.succeed(["cache", "verify"]).stdout
            #expect(verify.contains("cache/objects: 1200 messages, 0 wrong"), "\(damage): \(verify)")
        }
    }

    @Test("once gc packed the history, a long log reads the pack and writes no records; rebuild drops those a pack holds")
    func packedHistoryHasNoRecords() throws {
        let truth = try outputs(["THREADAI_NO_CACHE": "1"])
        try sandbox.succeed(["log", "--graph", "--all"])
        try sandbox.succeed(["log"])
        #expect(FileManager.default.fileExists(atPath: packPath), "a loose history gets records")
        try sandbox.succeed(["gc"])
        try sandbox.succeed(["cache", "rebuild"])
        let verify = try sandbox.succeed(["cache", "verify"]).stdout
        #expect(verify.contains("cache/objects: 0 messages"), "\(verify)")
        try FileManager.default.removeItem(atPath: packPath)
        #expect(try outputs() == truth)
        #expect(!FileManager.default.fileExists(atPath: packPath), "the pack is read instead")
    }

    @Test("a record whose bytes are not its object's is not used, and verify and rebuild name and mend it")
    func damagedRecord() throws {
        let truth = try outputs(["THREADAI_NO_CACHE": "1"])
        try sandbox.succeed(["log", "--graph", "--all"])
        try sandbox.succeed(["log"])
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: packPath)))
        bytes[100] ^= 0x20  // In the first record: OBJECTS is outside the file's check.
        try Data(bytes).write(to: URL(fileURLWithPath: packPath))
        #expect(try outputs() == truth)
        let verify = try sandbox.run(["cache", "verify"])
        #expect(verify.status == 3 && verify.stdout.contains("cache/objects: ") && verify.stdout.contains("1 wrong"), "\(verify)")
        try sandbox.succeed(["cache", "rebuild"])
        let mended = try sandbox.run(["cache", "verify"])
        #expect(mended.status == 0 && mended.stdout.contains("0 wrong"), "\(mended)")
        #expect(try outputs() == truth)
    }

    @Test("a damaged object past the budget: log shows its record, fsck and send find the damage; near the head log finds it too")
    func damagedObject() throws {
        try sandbox.succeed(["log", "--graph", "--all"])
        try sandbox.succeed(["log"])
        try RepositoryFiles.flipByte(of: long[10], in: sandbox.repository, at: 20)
        // Documented in FORMAT §12 rule 7: the record's bytes hash to the id, so they are the object's.
        #expect(try sandbox.run(["log"]).status == 0)
        #expect(try sandbox.run(["fsck"]).status == 3)
        let send = try sandbox.run(["send", "one more"])
        #expect(send.status == 3 && send.stderr.contains(long[10]), "a writer reads the objects: \(send)")
        try RepositoryFiles.flipByte(of: long[1_390], in: sandbox.repository, at: 20)
        let near = try sandbox.run(["log"])
        #expect(near.status == 3 && near.stderr.contains(long[1_390]), "\(near)")
    }
}
