#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

/// The tags of a repository: `refs/tags/NAME`, each naming one message (docs/FORMAT.md §5.6).
///
/// Changes are compare-and-swap under the tag's lock file, as for thread refs (`RefStore`).
public struct TagStore: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    var directory: String { root + "/refs/tags" }
    private var folder: RefFolder { RefFolder(path: directory) }

    public func path(of name: ThreadName) -> String {
        directory + "/" + name.rawValue
    }

    /// Every tag name with a file, sorted by name; none when `refs/tags/` does not exist. Something
    /// other than a folder in its place is an error (`ENOTDIR`), not a repository without tags.
    public func names() throws(TagError) -> [ThreadName] {
        try namesAndInvalidFiles().names
    }

    /// `names()`, and the paths of the files in `refs/tags/` whose name is not a valid tag name
    /// (lock files aside): no tag, which listings pass over and `fsck` reports (docs/FORMAT.md §5.6).
    public func namesAndInvalidFiles() throws(TagError) -> (names: [ThreadName], invalid: [String]) {
        var names: [ThreadName] = []
        var invalid: [String] = []
        guard FilePaths.isDirectory(directory) else {
            guard FilePaths.exists(directory, followingLinks: false) else { return ([], []) }
            throw .fileSystem(FileSystemError("list", path: directory, code: ENOTDIR))
        }
        do {
            try RefStore.collectNames(in: directory, prefix: "", into: &names, invalid: &invalid)
        } catch {
            throw .fileSystem(error)
        }
        return (names.sorted(), invalid.sorted())
    }

    /// The tag `name`, or nil when there is none.
    public func tag(_ name: ThreadName) throws(TagError) -> Tag? {
        let path = path(of: name)
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.readReplacedFile(path)
        } catch {
            if error.meansNoFile { return nil }
            throw .fileSystem(error)
        }
        do {
            return try Tag(name: name, parsing: bytes)
        } catch {
            throw .malformed(name, path: path, problem: error)
        }
    }

    /// Every tag, sorted by name. A malformed tag is an error naming it.
    public func all() throws(TagError) -> [Tag] {
        var tags: [Tag] = []
        for name in try names() {
            if let tag = try tag(name) { tags.append(tag) }
        }
        return tags
    }

    /// Every tag that reads, and why each other one does not (a git conflict left in its file, say):
    /// for a listing that shows what it can.
    public func allReadable() throws(TagError) -> (tags: [Tag], unreadable: [TagError]) {
        var tags: [Tag] = []
        var unreadable: [TagError] = []
        for name in try names() {
            do {
                if let tag = try tag(name) { tags.append(tag) }
            } catch {
                unreadable.append(error)
            }
        }
        return (tags, unreadable)
    }

    /// Writes `tag`, creating it, or replacing the tag at `replacing` (compare-and-swap).
    public func write(_ tag: Tag, replacing expected: ObjectID?) throws(TagError) {
        try change(tag.name, expected: expected) { lock throws(LockError) in try lock.commit(tag.encoded) }
    }

    /// Deletes the tag `name`, which must still name `expected`.
    public func delete(_ name: ThreadName, expected: ObjectID) throws(TagError) {
        try change(name, expected: expected) { lock throws(LockError) in try lock.commitRemoval() }
        folder.removeEmptyFolders(above: path(of: name))
    }

    private func change(
        _ name: ThreadName, expected: ObjectID?, commit: (consuming LockFile) throws(LockError) -> Void
    ) throws(TagError) {
        let path = path(of: name)
        let lock: LockFile
        do {
            lock = try folder.lock(path)
        } catch {
            switch error {
            case .folders(let error): throw .fileSystem(error)
            case .lock(let error): throw .lock(error)
            }
        }
        do {
            try swap(name, holding: lock, expected: expected, commit: commit)
        } catch {
            // As for thread refs: the folders made for this tag must not outlive a failed change (an
            // empty folder would block a tag or thread of its name). The lock is gone by now.
            folder.removeEmptyFolders(above: path)
            throw error
        }
    }

    /// Under the tag's lock: compares, then commits.
    private func swap(
        _ name: ThreadName, holding lock: consuming LockFile, expected: ObjectID?,
        commit: (consuming LockFile) throws(LockError) -> Void
    ) throws(TagError) {
        let current = try tag(name)?.target
        guard current == expected else {
            throw .concurrentChange(name, expected: expected, found: current)
        }
        do {
            try commit(lock)
        } catch {
            throw .lock(error)
        }
    }
}

/// Why a tag could not be read or changed.
public enum TagError: Error, CustomStringConvertible, Sendable {
    case malformed(ThreadName, path: String, problem: TagFormatProblem)
    case noSuchTag(ThreadName)
    case tagExists(ThreadName, at: ObjectID)
    case conflictingName(ThreadName, existing: ThreadName)
    case threadNamed(ThreadName, existing: ThreadName)
    case name(ThreadNameError)
    case concurrentChange(ThreadName, expected: ObjectID?, found: ObjectID?)
    case missingMessage(ThreadName, ObjectID)
    case refs(RefError)
    case lock(LockError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .malformed(let name, let path, let problem):
            return "tag '\(name)' (\(path), line \(problem.line)) is malformed: \(problem.reason). If a git merge "
                + "left conflict markers in it, keep one side (git checkout --ours or --theirs \(path)); "
                + "or delete it with '\(Remedy(.deleteTag, name))'."
        case .noSuchTag(let name):
            return "no tag named '\(name)'. '\(Remedy(.listTags))' lists them."
        case .tagExists(let name, let id):
            return "tag '\(name)' already exists (at \(id.short)). Pick another name, or move it with '\(Remedy(.moveTag, name, "REV"))'."
        case .conflictingName(let name, let existing):
            return "the tag name '\(name)' clashes with the existing tag '\(existing)' (names that differ only in case "
                + "or Unicode form, or a name and a folder of names, would share one file on macOS and Windows). Pick another name."
        case .threadNamed(let name, let existing):
            return "'\(name)' would be ambiguous: there is a thread named '\(existing)'. Tags and threads need "
                + "distinct names (docs/FORMAT.md §5.6); pick another tag name."
        case .name(let error):
            return error.description
        case .concurrentChange(let name, let expected, let found):
            return "tag '\(name)' changed while this command ran (expected \(expected?.short ?? "no tag"), found "
                + "\(found?.short ?? "no tag")); nothing was written. Look at '\(Remedy(.listTags))' and try again."
        case .missingMessage(let name, let id):
            return "tag '\(name)' would name \(id.short), which is not in this repository; nothing was written."
        case .refs(let error):
            return error.description
        case .lock(let error):
            return error.description
        case .fileSystem(let error):
            return error.description
        }
    }
}
