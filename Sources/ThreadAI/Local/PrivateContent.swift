#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// What local threads keep on this machine (docs/FORMAT.md §13): the threads, the messages kept out
/// of git, the tags on those messages, and whether `local-renames` holds their old names. What git
/// would not share, an export does not write either, unless asked (`export --include-local`).
public struct PrivateContent: Sendable, Equatable {
    public var threads: Set<ThreadName> = []
    public var objects: Set<ObjectID> = []
    public var tags: Set<ThreadName> = []
    public var hasLocalRenames = false

    public init() {}

    public var isEmpty: Bool { threads.isEmpty && objects.isEmpty && tags.isEmpty && !hasLocalRenames }
}

extension LocalThreads {
    /// What the local threads keep private now, computed as `refresh` computes its block (without
    /// adopting new threads, and without writing): the local threads, their own messages that no
    /// shared thread's history needs, the messages the block already keeps out, and the tags on them.
    /// Works outside a git work tree too, where nothing was kept out before.
    public func privateContent() throws -> PrivateContent {
        var content = PrivateContent()
        // No list and no local renames: this working copy never kept anything out (the block is
        // written only once `local-threads` exists), so neither git nor the exclude file is asked.
        content.hasLocalRenames = FilePaths.exists(repository.localRenamesPath)
        guard FilePaths.exists(listPath) || content.hasLocalRenames else { return content }
        content.threads = Set(try names())
        var keptOut: Set<ObjectID> = []
        if let exclude = try GitExclude.locate(around: URL(fileURLWithPath: repository.directory).deletingLastPathComponent()),
           let base = exclude.relative(repository.directory) {
            keptOut = try previouslyExcluded(exclude, prefix: base.isEmpty ? "" : base + "/")
        }
        guard !content.threads.isEmpty || !keptOut.isEmpty else { return content }
        let walk = try histories(local: content.threads, new: [])
        content.objects = walk.own.union(keptOut.filter { repository.objects.contains($0) }).subtracting(walk.needed)
        content.tags = Set(try tags(on: content.objects))
        return content
    }

    /// The tags whose message is one of `objects`, sorted: a tag on a message kept out of git stays
    /// out with it, or every clone would hold a tag on a message it cannot have.
    func tags(on objects: Set<ObjectID>) throws -> [ThreadName] {
        guard !objects.isEmpty else { return [] }
        return try repository.tags.all().filter { objects.contains($0.target) }.map(\.name).sorted()
    }
}
