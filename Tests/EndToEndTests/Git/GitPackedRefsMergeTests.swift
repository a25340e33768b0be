import Foundation
import Testing
import ThreadAITestSupport

/// Packed refs through git (docs/FORMAT.md §5.7): clones that each pack their new threads' refs,
/// then move and pack each other's, merge with the `union` driver and nothing to resolve; every
/// thread keeps exactly the head it should, none reads as diverged, and `fsck` is clean.
@Suite("Sharing packed refs through git", .slow)
struct GitPackedRefsMergeTests {
    /// Each thread's heads in clone `name`, from `threads --json`.
    static func heads(_ clones: GitClones, _ name: String) throws -> [String: [String]] {
        var heads: [String: [String]] = [:]
        for item in try JSON.array(try clones.threadai(["threads", "--json"], in: name)) {
            if let thread = item["name"] as? String { heads[thread] = item["heads"] as? [String] ?? [] }
        }
        return heads
    }

    static func packed(_ clones: GitClones, _ name: String) throws -> String {
        try String(contentsOfFile: clones.path(name) + "/.threadai/refs/threads/.packed", encoding: .utf8)
    }

    @Test("two clones pack new threads, then move and pack each other's: merges in both orders keep one head each",
          arguments: [true, false])
    func packedRefsMerge(aPushesFirst: Bool) throws {
        let clones = try GitClones()
        try clones.start("a", sending: ["root question"])
        try clones.clone("b")
        for name in ["a", "b"] {
            try clones.threadai(["checkout", "-b", "topic-\(name)"], in: name)
            try clones.threadai(["send", "first on topic-\(name)"], in: name)
            let gc = try clones.threadai(["gc"], in: name)
            #expect(gc.stdout.contains("Packed 1 thread ref"), "\(name): \(gc)")
            #expect(!FileManager.default.fileExists(atPath: clones.path(name) + "/.threadai/refs/threads/topic-\(name)"))
        }
        try GitPackMergeTests.mergeBothWays(clones, first: aPushesFirst ? "a" : "b", holding: ["first on topic-a", "first on topic-b"])
        #expect(try Self.packed(clones, "a").contains(" topic-a\n") && Self.packed(clones, "a").contains(" topic-b\n"))

        // Each clone extends the other's packed thread (its ref file shadows the packed line) and
        // packs again: both rewrite neighbouring lines of `.packed`, which the union driver keeps
        // side by side with the old ones.
        for (name, other) in [("a", "b"), ("b", "a")] {
            try clones.threadai(["checkout", "topic-\(other)"], in: name)
            try clones.threadai(["send", "second on topic-\(other), from \(name)"], in: name)
            try clones.threadai(["gc"], in: name)
        }
        try GitPackMergeTests.mergeBothWays(clones, first: aPushesFirst ? "b" : "a",
                                            holding: ["second on topic-a, from b", "second on topic-b, from a"])
        // The union driver kept both sides' neighbouring lines: the old ids are still in `.packed`,
        // and read as no heads because the new ones contain them.
        let packed = try Self.packed(clones, "a")
        #expect(packed.split(separator: "\n").count > 3, "\(packed)")
        let heads = try Self.heads(clones, "a")
        #expect(try heads == Self.heads(clones, "b"))
        for thread in ["main", "topic-a", "topic-b"] { #expect(heads[thread]?.count == 1, "\(thread): \(heads)") }
        for name in ["a", "b"] {
            for (thread, text) in [("topic-a", "second on topic-a, from b"), ("topic-b", "second on topic-b, from a")] {
                let shown = try clones.threadai(["log", "-n", "1", thread], in: name).stdout
                #expect(shown.contains(text), "\(name) \(thread): \(shown)")
            }
        }
    }
}
