#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The threads this working copy keeps out of git (docs/FORMAT.md §13): listed in `local-threads`,
/// their refs and own messages named in a block of git's exclude file, rewritten whole after every
/// change. Messages a shared thread's history needs are never excluded.
public struct LocalThreads: Sendable {
    public let repository: Repository

    public init(repository: Repository) {
        self.repository = repository
    }

    var listPath: String { repository.directory + "/local-threads" }

    /// The local threads by their current names (renames followed, names without a ref dropped), sorted.
    public func names() throws -> [ThreadName] {
        let recorded = try recordedNames()
        guard !recorded.isEmpty else { return [] }
        let renames = try repository.renames()
        return Set(recorded.compactMap { name -> ThreadName? in
            guard let current = try? ThreadName(renames.currentName(of: name)), repository.refs.exists(current) else { return nil }
            return current
        }).sorted()
    }

    private func recordedNames() throws(FileSystemError) -> [String] {
        (try FilePaths.readText(listPath) ?? "").split(separator: "\n").map(String.init)
    }

    /// Marks `name` local (`local: true`) or shared again, rewriting `local-threads`.
    public func set(_ name: ThreadName, local: Bool) throws {
        var names = Set(try names().map(\.rawValue))
        if local { names.insert(name.rawValue) } else { names.remove(name.rawValue) }
        try TempFile.write(Array(names.sorted().map { $0 + "\n" }.joined().utf8), to: listPath)
    }

    /// What `refresh` kept out of git.
    public struct Report: Sendable, Equatable {
        /// Paths from the top of the work tree, as written to the exclude file.
        public var excluded: [String]
        /// Own messages of local threads left in git because a shared thread's history needs them.
        public var published: [ObjectID]
    }

    /// Rewrites this repository's block in git's exclude file from the current threads.
    /// - Returns: nil when the repository is not inside a git work tree (nothing to keep out).
    @discardableResult
    public func refresh() throws -> Report? {
        let folder = URL(fileURLWithPath: repository.directory)
        guard let exclude = try GitExclude.locate(around: folder.deletingLastPathComponent()),
              let base = exclude.relative(repository.directory)
        else { return nil }
        let local = try names()
        var paths: [String] = []
        var published: [ObjectID] = []
        if FilePaths.exists(listPath) { paths.append("local-threads") }
        if !local.isEmpty {
            let (own, needed) = try ownMessages(of: Set(local))
            for name in local { paths.append("refs/threads/" + name.rawValue) }
            for id in own.sorted(by: { $0.hex < $1.hex }) {
                if needed.contains(id) { published.append(id); continue }
                paths.append("objects/" + id.hex.prefix(2) + "/" + id.hex.dropFirst(2) + ".md")
            }
        }
        let prefix = "/" + (base.isEmpty ? "" : base + "/")
        let patterns = paths.map { prefix + $0 }
        try exclude.replaceBlock(owner: repository.directory, patterns: patterns)
        return Report(excluded: patterns, published: published)
    }

    /// The messages the `local` threads own, and the messages every other thread's history reaches.
    private func ownMessages(of local: Set<ThreadName>) throws -> (own: Set<ObjectID>, needed: Set<ObjectID>) {
        let renames = try repository.renames()
        let walker = repository.walker()
        var own: Set<ObjectID> = []
        var needed: Set<ObjectID> = []
        for name in try repository.refs.names() {
            let isLocal = local.contains(name)
            for head in try repository.refs.heads(of: name) {
                for entry in try walker.messages(from: head) {
                    if !isLocal {
                        needed.insert(entry.id)
                    } else if renames.currentName(of: entry.message.thread.rawValue) == name.rawValue {
                        own.insert(entry.id)
                    }
                }
            }
        }
        return (own, needed)
    }
}
