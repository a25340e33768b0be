/// The folder a kind of ref lives in (`refs/threads`, `refs/tags`), and the two folder chores every
/// change of a ref file shares: a name with `/` is a file in subfolders, which must exist before its
/// lock can be taken and must not outlive the ref (an empty folder blocks a ref of its own name).
struct RefFolder: Sendable {
    /// The folder, e.g. `.threadai/refs/tags`.
    let path: String

    /// Makes the folders above `file`, and removes an empty folder standing where `file` belongs
    /// (left over from refs below that name; a folder that still holds refs stays, and the change
    /// that follows fails).
    func prepare(for file: String) throws(FileSystemError) {
        try FilePaths.makeDirectories(FilePaths.directoryName(of: file))
        FilePaths.removeEmptyDirectory(file)
    }

    /// After deleting `a/b/c` (or failing to create it), removes the folders `a/b` and `a` if they are
    /// now empty, never this folder itself.
    func removeEmptyFolders(above file: String) {
        var folder = FilePaths.directoryName(of: file)
        while folder.hasPrefix(path + "/") {
            FilePaths.removeEmptyDirectory(folder)
            folder = FilePaths.directoryName(of: folder)
        }
    }

    /// What `lock(_:)` could not do.
    enum LockFailure: Error {
        case folders(FileSystemError)
        case lock(LockError)
    }

    /// The lock of the ref file `file` (thread ref or tag), its folders made first and removed again
    /// when the lock cannot be taken: the first step of every compare-and-swap of a ref.
    func lock(_ file: String) throws(LockFailure) -> LockFile {
        do {
            try prepare(for: file)
        } catch {
            throw .folders(error)
        }
        do {
            return try LockFile.acquire(for: file)
        } catch {
            removeEmptyFolders(above: file)
            throw .lock(error)
        }
    }
}
