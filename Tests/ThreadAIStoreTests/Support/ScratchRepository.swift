import ThreadAIStore

/// A repository in a temporary folder, with helpers that write messages at fixed, increasing dates,
/// so every id a test sees is the same on every run.
final class ScratchRepository {
    let folder: TemporaryDirectory
    let repository: Repository
    /// Seconds since the epoch of the next message's date; each message is 5 seconds after the last.
    private var nextSecond: Int64

    /// 2026-11-21T09:00:00Z, the first date of the examples in docs/FORMAT.md.
    static let firstDate: Int64 = 1_795_251_600

    init() throws {
        folder = try TemporaryDirectory()
        repository = try Repository.initialize(in: folder.path).repository
        nextSecond = Self.firstDate
    }

    /// The `.threadai` folder.
    var root: String { repository.directory }

    func nextDate() throws -> Timestamp {
        defer { nextSecond += 5 }
        return try Timestamp(secondsSinceEpoch: nextSecond)
    }

    /// A message after `parent` on `thread`, not stored.
    func message(
        _ content: String, role: Role = .user, on thread: String = "main", parent: ObjectID?,
        fields: [String: String] = [:]
    ) throws -> Message {
        try Message(parent: parent, thread: ThreadName(thread), role: role, date: nextDate(), fields: fields, content: content)
    }

    /// Stores a message after the current head of `thread` and advances the thread to it.
    @discardableResult
    func append(
        _ content: String, role: Role = .user, on thread: String = "main", fields: [String: String] = [:]
    ) throws -> ObjectID {
        let name = try ThreadName(thread)
        let parent = try repository.singleHead(of: name)
        let message = try message(content, role: role, on: thread, parent: parent, fields: fields)
        return try repository.append(message, to: name, reflogMessage: "test: \(role)")
    }

    /// Appends alternating user and assistant messages `"<prefix> 1"`, `"<prefix> 2"`, … and returns their ids.
    @discardableResult
    func appendTurns(_ count: Int, prefix: String, on thread: String = "main") throws -> [ObjectID] {
        try (1...count).map { index in
            try append("\(prefix) \(index)", role: index % 2 == 1 ? .user : .assistant, on: thread)
        }
    }

    /// Creates thread `name` at message `start`.
    func fork(_ name: String, at start: ObjectID) throws {
        try repository.createThread(ThreadName(name), at: start, reflogMessage: "test: fork")
    }

    func checkout(_ name: String) throws {
        try repository.checkout(.thread(ThreadName(name)), reflogMessage: "test: checkout")
    }

    func head(of thread: String) throws -> ObjectID? {
        try repository.singleHead(of: ThreadName(thread))
    }

    /// The path of ref `thread`.
    func refPath(_ thread: String) throws -> String {
        repository.refs.path(of: try ThreadName(thread))
    }
}
