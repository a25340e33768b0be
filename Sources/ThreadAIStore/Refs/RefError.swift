import ThreadAISupport

/// Why a thread ref could not be read or changed.
public enum RefError: Error, CustomStringConvertible, Sendable {
    /// Compare-and-swap failed: the ref was not what the writer expected. Nothing was changed.
    case concurrentChange(ThreadName, expected: ExpectedRefValue, found: [ObjectID])
    /// The ref file exists but is not one or more ids, one per line (docs/FORMAT.md §5.1).
    case malformed(ThreadName, path: String, line: Int, reason: String)
    /// `refs/threads/.packed` is not of its form (docs/FORMAT.md §5.7): no thread can be listed.
    case malformedPackedRefs(path: String, line: Int, reason: String)
    /// `format` could not announce packed refs (§15.4).
    case format(FormatError)
    /// `HEAD` is not `ref: refs/threads/NAME` or an id (docs/FORMAT.md §6).
    case malformedHead(path: String, reason: String)
    case noSuchThread(ThreadName)
    case threadExists(ThreadName)
    case conflictingName(ThreadName, existing: ThreadName)
    /// The thread has several heads (two clones extended it); it must be reconciled first.
    case diverged(ThreadName, heads: [ObjectID])
    /// The ref's path is a folder where a thread's file should be.
    case notAFile(ThreadName, path: String)
    case lock(LockError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .concurrentChange(let name, let expected, let found):
            let foundText = found.isEmpty ? "no ref" : found.map(\.short).joined(separator: ", ")
            return "thread '\(name)' changed while this command ran (expected \(expected), found \(foundText)); "
                + "nothing was written. Look at '\(Remedy(.log, name))' and try again."
        case .malformed(let name, let path, let line, let reason):
            return "the ref of thread '\(name)' (\(path), line \(line)) is malformed: \(reason). "
                + "Restore it from git ('git checkout -- \(path)' where git tracks it), or delete the thread with "
                + "'\(Remedy(.deleteThread, "-f", name))'."
        case .malformedPackedRefs(let path, let line, let reason):
            return "the packed refs (\(path), line \(line)) are malformed: \(reason). Restore the file from git "
                + "('git checkout -- \(path)' where git tracks it), or mend the line by hand: each is an id, a space and "
                + "a thread name."
        case .malformedHead(let path, let reason):
            return "HEAD (\(path)) is malformed: \(reason). It is local to this working copy (git does not keep it): "
                + "point it at a thread with '\(Remedy(.checkout, "NAME"))' ('\(Remedy(.listThreads))' lists them)."
        case .noSuchThread(let name):
            return "no thread named '\(name)'. '\(Remedy(.listThreads))' lists them."
        case .threadExists(let name):
            return "a thread named '\(name)' already exists. Pick another name, or '\(Remedy(.checkout, name))'."
        case .conflictingName(let name, let existing):
            return "the thread name '\(name)' clashes with the existing thread '\(existing)' (names that differ "
                + "only in case or Unicode form, or a name and a folder of names, would share one file on macOS "
                + "and Windows). Pick another name."
        case .diverged(let name, let heads):
            return "thread '\(name)' has diverged into \(heads.count) heads (\(heads.map(\.short).joined(separator: ", "))), "
                + "probably from a git merge of two clones; nothing is lost. '\(Remedy(.status))' and '\(Remedy(.log))' show "
                + "the heads. Settle it with '\(Remedy(.reconcileThread, name))' (keeps the newest head as '\(name)', "
                + "drops a head already in another's history, gives each other head a thread of its own), or "
                + "'\(Remedy(.reconcileThread, name, "ID"))' to keep head ID; or name a head by its id."
        case .notAFile(let name, let path):
            return "the ref of thread '\(name)' (\(path)) is a folder, not a file, so its history cannot be found; "
                + "nothing was written. Restore the ref from git (git checkout -- \(path)), or remove the folder if it "
                + "is empty, then run '\(Remedy(.check))'."
        case .lock(let error):
            return error.description
        case .format(let error):
            return error.description
        case .fileSystem(let error):
            return error.description
        }
    }
}

/// What a writer expects a ref to hold before it changes it: compare-and-swap as plain data.
public enum ExpectedRefValue: Sendable, Equatable, CustomStringConvertible {
    /// Whatever it holds.
    case any
    /// The thread must not exist yet (creating it).
    case absent
    /// The thread must have exactly these heads (usually one).
    case heads([ObjectID])

    public static func head(_ id: ObjectID) -> ExpectedRefValue { .heads([id]) }

    /// Expect `id` when there is one, else an absent ref.
    public static func headOrAbsent(_ id: ObjectID?) -> ExpectedRefValue { id.map { .heads([$0]) } ?? .absent }

    func accepts(_ heads: [ObjectID]) -> Bool {
        switch self {
        case .any: return true
        case .absent: return heads.isEmpty
        case .heads(let expected): return Set(expected) == Set(heads) && !heads.isEmpty
        }
    }

    public var description: String {
        switch self {
        case .any: return "any value"
        case .absent: return "no ref"
        case .heads(let ids): return ids.map(\.short).joined(separator: ", ")
        }
    }
}
