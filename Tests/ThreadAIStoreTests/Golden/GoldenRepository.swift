import Foundation
import ThreadAIStore

/// Builds the golden fixture repository, `Fixtures/golden/`, from fixed dates and contents through the
/// library, so rebuilding it anywhere gives the same bytes:
///
///     main:                 1 system, 2 user, 3 assistant, 4 user, 5 assistant
///     alt:                  forked at 3: 6 user, 7 assistant, 8 user
///     experiments/deeper:   forked at 7: 9 system, 10 user, 11 assistant
///
/// Messages 1–3 are the examples of docs/FORMAT.md §4.5. (A thread cannot be called `alt/deeper`
/// while `alt` exists: `alt` would have to be a file and a folder at once, FORMAT.md §5.2.)
enum GoldenRepository {
    struct Entry {
        var number: Int
        var id: ObjectID
        var parent: ObjectID?
        var thread: String
        var role: Role
        var content: String
    }

    /// The files of a `.threadai` folder that the fixture holds: everything git would keep.
    static func isFixtureFile(_ relative: String) -> Bool {
        relative.hasPrefix("objects/") || relative.hasPrefix("refs/") || relative == ".gitattributes"
            || relative == ".gitignore"
    }

    static let fixtureDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Golden, ThreadAIStoreTests, Tests, the package.
        return url.path + "/Fixtures/golden"
    }()

    /// Builds the repository in `folder/.threadai` and returns its messages in the order written.
    static func build(in folder: String) throws -> (repository: Repository, entries: [Entry]) {
        let repository = try Repository.initialize(in: folder).repository
        var entries: [Entry] = []

        func add(
            _ thread: String, _ role: Role, _ date: String, _ content: String, after parent: Int?,
            fields: [String: String] = [:]
        ) throws {
            let parentID = parent.map { entries[$0 - 1].id }
            let message = try Message(
                parent: parentID, thread: ThreadName(thread), role: role, date: Timestamp(rfc3339: date),
                fields: fields, content: content)
            let id = try repository.append(message, to: ThreadName(thread), reflogMessage: "golden: \(role)")
            entries.append(Entry(number: entries.count + 1, id: id, parent: parentID, thread: thread, role: role, content: content))
        }

        let replyFields = ["provider": "offline", "model": "offline", "finish": "end_turn"]
        try add("main", .system, "2026-11-21T09:00:00Z", "You are a concise assistant.", after: nil)
        try add("main", .user, "2026-11-21T09:00:05Z", "What is a Merkle chain?", after: 1)
        try add("main", .assistant, "2026-11-21T09:00:09Z",
                "A chain where each link names the **hash** of the one before it:\n\n---\nchange any link and every later name changes.",
                after: 2, fields: ["finish": "end_turn", "input-tokens": "18", "model": "claude-sonnet-4-5",
                                   "output-tokens": "41", "provider": "anthropic", "x-rating": "5 stars"])
        try add("main", .user, "2026-11-21T09:01:00Z", "Why does git use one?", after: 3)
        try add("main", .assistant, "2026-11-21T09:01:04Z", "So that one commit id vouches for the whole history.",
                after: 4, fields: replyFields)

        try repository.createThread(ThreadName("alt"), at: entries[2].id, reflogMessage: "golden: fork")
        try add("alt", .user, "2026-11-21T09:02:00Z", "Answer again, in one short sentence.", after: 3)
        try add("alt", .assistant, "2026-11-21T09:02:03Z", "Each link hashes the one before it.", after: 6, fields: replyFields)
        try add("alt", .user, "2026-11-21T09:02:30Z", "Thanks.", after: 7)

        try repository.createThread(ThreadName("experiments/deeper"), at: entries[6].id, reflogMessage: "golden: fork")
        try add("experiments/deeper", .system, "2026-11-21T09:03:00Z", "Réponds en français.", after: 7)
        try add("experiments/deeper", .user, "2026-11-21T09:03:05Z", "Encore une fois,\r\ns'il te plaît.", after: 9)
        try add("experiments/deeper", .assistant, "2026-11-21T09:03:09Z",
                "Chaque maillon contient l'empreinte du précédent.", after: 10,
                fields: replyFields.merging(["error": "stopped: \"enough\"", "finish": "error"]) { $1 })
        return (repository, entries)
    }

    /// `Fixtures/golden/README.md`: every message, so a person can check the fixture by eye.
    static func readme(_ entries: [Entry], heads: [(String, ObjectID)]) -> String {
        var text = """
            # Golden repository

            A small `.threadai` repository (its `objects/`, `refs/` and git files), built by
            `Tests/ThreadAIStoreTests/Golden/GoldenRepository.swift` from fixed dates and contents.
            `GoldenFixtureTests` rebuilds it in a temporary folder and compares every object and ref
            byte for byte, so any change to the on-disk format shows up as a failing test.

            Threads: `main` → `alt` (forked at message 3) → `experiments/deeper` (forked at message 7).
            Messages 1–3 are the examples of `docs/FORMAT.md` §4.5. Message 10 has a CRLF line end;
            message 11 has a quoted `error` value; message 3 has a `---` line in its content.

            After an intended format change, regenerate it (then review the diff):

                THREADAI_REGENERATE_FIXTURES=1 swift test --filter GoldenFixtureTests

            | # | id | parent | thread | role | first line |
            |---|---|---|---|---|---|

            """
        for entry in entries {
            let parent = entry.parent.flatMap { id in entries.first { $0.id == id } }.map { "\($0.number)" } ?? "—"
            let firstLine = entry.content.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            text += "| \(entry.number) | `\(entry.id.hex)` | \(parent) | \(entry.thread) | \(entry.role) | \(firstLine) |\n"
        }
        text += "\n| thread | head |\n|---|---|\n"
        for (thread, head) in heads {
            let number = entries.first { $0.id == head }.map { " (\($0.number))" } ?? ""
            text += "| \(thread) | `\(head.hex)`\(number) |\n"
        }
        return text
    }
}
