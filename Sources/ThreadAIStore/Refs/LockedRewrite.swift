/// A rewrite of a whole file held under its lock (`refs/threads/.packed`, `logs/packed`): what it
/// held is read once the lock is taken; change `entries`, then `commit()`, which writes them into
/// the lock file and renames it into place (§10), or removes the file when none is left. Dropped
/// without a commit, it writes nothing and releases the lock.
struct LockedRewrite<Entries: Collection & Equatable>: ~Copyable {
    let lock: LockFile
    let original: Entries
    var entries: Entries
    /// The file's bytes for `entries`.
    let encode: (Entries) -> [UInt8]

    /// Nothing when `entries` is what was read.
    consuming func commit() throws(RefError) {
        guard entries != original else { return }
        do {
            if entries.isEmpty {
                try lock.commitRemoval()
            } else {
                try lock.commit(encode(entries))
            }
        } catch {
            throw .lock(error)
        }
    }
}
