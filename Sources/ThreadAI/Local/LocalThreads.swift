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
        (try FilePaths.readText(listPath) ?? "").linesAtLineFeeds().map(String.init)
    }

    /// Marks `name` local (`local: true`) or shared again, rewriting `local-threads`. A thread shared
    /// again takes its local renames to `renames`, so that its clones know its older names.
    public func set(_ name: ThreadName, local: Bool) throws {
        var names = Set(try names())
        // A packed thread becomes a file first: git's exclude file can keep out a file, not a line.
        if local { try repository.refs.unpack(name) }
        if local { names.insert(name) } else { names.remove(name) }
        try writeList(names)
        if !local { try repository.shareRenames(of: name) }
    }

    /// Renames thread `old` to `new`, recording the rename in `local-renames` when `old` is local
    /// (docs/FORMAT.md §13): a local thread's names stay out of git.
    public func renameThread(_ old: ThreadName, to new: ThreadName) throws {
        try repository.renameThread(old, to: new, locally: try names().contains(old))
    }

    /// Writes `local-threads` whole: the names sorted, one a line.
    private func writeList(_ names: Set<ThreadName>) throws {
        try TempFile.write(Array(names.map(\.rawValue).sorted().map { $0 + "\n" }.joined().utf8), to: listPath)
    }

    /// What `refresh` kept out of git.
    public struct Report: Sendable, Equatable {
        /// Patterns anchored at the top of the work tree, as written to the exclude file.
        public var excluded: [String]
        /// Own messages of local threads left in git because a shared thread's history needs them.
        public var published: [ObjectID]
        /// New threads made local because their history holds messages kept out of git.
        public var adopted: [ThreadName]
        /// Tags kept out of git because the message they name is (FORMAT §13), sorted.
        public var localTags: [ThreadName]
    }

    /// Rewrites this repository's block in git's exclude file from the current threads.
    ///
    /// A message once kept out of git stays out until a shared thread's history needs it: a local
    /// thread deleted (its messages on no thread now), or a partial reply a retry replaced, is not
    /// published by the next `git add -A`. A thread in `newThreads` (created by the command that just
    /// ran) whose history holds such a message is made local too: forking, editing or regenerating
    /// in a local thread must not publish it.
    /// - Returns: nil when the repository is not inside a git work tree (nothing to keep out).
    @discardableResult
    public func refresh(adopting newThreads: Set<ThreadName> = []) throws -> Report? {
        let folder = URL(fileURLWithPath: repository.directory)
        guard let exclude = try GitExclude.locate(around: folder.deletingLastPathComponent()),
              let base = exclude.relative(repository.directory)
        else { return nil }
        let prefix = base.isEmpty ? "" : base + "/"
        let keptOut = try previouslyExcluded(exclude, prefix: prefix)
        var local = Set(try names())
        let hasLocalRenames = FilePaths.exists(repository.localRenamesPath)
        guard !local.isEmpty || !keptOut.isEmpty || FilePaths.exists(listPath) || hasLocalRenames else {
            try exclude.replaceBlock(owner: repository.directory, patterns: [])
            return Report(excluded: [], published: [], adopted: [], localTags: [])
        }
        let walk = try histories(local: local, new: newThreads)
        var needed = walk.needed
        var own = walk.own
        var adopted: [ThreadName] = []
        for (name, history) in walk.newHistories.sorted(by: { $0.key < $1.key }) {
            if history.contains(where: { (own.contains($0) || keptOut.contains($0)) && !needed.contains($0) }) {
                adopted.append(name)
                local.insert(name)
                own.formUnion(walk.newOwn[name] ?? [])
            } else {
                needed.formUnion(history)
            }
        }
        if !adopted.isEmpty {
            try writeList(local)
        }
        var paths: [String] = []
        if hasLocalRenames { paths.append("local-renames") }
        if FilePaths.exists(listPath) { paths.append("local-threads") }
        for name in local.sorted() { paths.append("refs/threads/" + name.rawValue) }
        let published = own.filter { needed.contains($0) }.sorted(by: { $0.hex < $1.hex })
        let excludedObjects = own.union(keptOut.filter { repository.objects.contains($0) }).subtracting(needed)
        for id in excludedObjects.sorted(by: { $0.hex < $1.hex }) { paths.append(Self.objectPath(id)) }
        let localTags = try tags(on: excludedObjects)
        for name in localTags { paths.append("refs/tags/" + name.rawValue) }
        let patterns = paths.map { GitExclude.pattern(matching: prefix + $0) }
        try exclude.replaceBlock(owner: repository.directory, patterns: patterns)
        return Report(excluded: patterns, published: published, adopted: adopted, localTags: localTags)
    }

    private static func objectPath(_ id: ObjectID) -> String {
        "objects/" + id.hex.prefix(2) + "/" + id.hex.dropFirst(2) + ".md"
    }

    /// The messages this repository's block keeps out of git now.
    func previouslyExcluded(_ exclude: GitExclude, prefix: String) throws -> Set<ObjectID> {
        let objects = GitExclude.pattern(matching: prefix + "objects/")
        var ids: Set<ObjectID> = []
        for pattern in try exclude.blockPatterns(owner: repository.directory) where pattern.hasPrefix(objects) {
            let name = pattern.dropFirst(objects.count)  // XX/REST.md
            guard name.hasSuffix(".md"), name.dropFirst(2).first == "/" else { continue }
            // A line that names no object is not one this code wrote: left out of the next block.
            if let id = try? ObjectID(hex: String(name.prefix(2) + name.dropFirst(3).dropLast(3))) { ids.insert(id) }
        }
        return ids
    }

    /// One walk of every thread's history (frontmatter only): the messages the `local` threads own,
    /// the messages every other old thread reaches, and each new thread's history and own messages.
    func histories(local: Set<ThreadName>, new: Set<ThreadName>) throws -> (
        own: Set<ObjectID>, needed: Set<ObjectID>, newHistories: [ThreadName: Set<ObjectID>], newOwn: [ThreadName: Set<ObjectID>]
    ) {
        let renames = try repository.renames()
        let walker = repository.walker()
        var own: Set<ObjectID> = [], needed: Set<ObjectID> = []
        var newHistories: [ThreadName: Set<ObjectID>] = [:], newOwn: [ThreadName: Set<ObjectID>] = [:]
        for name in try repository.refs.names() {
            let isLocal = local.contains(name), isNew = !isLocal && new.contains(name)
            for head in try repository.refs.heads(of: name) {
                for entry in try walker.messages(from: head) {
                    let owned = renames.currentName(of: entry.message.thread.rawValue) == name.rawValue
                    if isNew {
                        newHistories[name, default: []].insert(entry.id)
                        if owned { newOwn[name, default: []].insert(entry.id) }
                    } else if !isLocal {
                        needed.insert(entry.id)
                    } else if owned {
                        own.insert(entry.id)
                    }
                }
            }
        }
        return (own, needed, newHistories, newOwn)
    }
}
