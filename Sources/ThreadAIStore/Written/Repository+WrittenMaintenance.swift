extension Repository {
    /// Writes `cache/written` anew from one pass over the messages `threads` reach (`cache rebuild`).
    func rebuildWrittenIndex(_ threads: [(name: ThreadName, heads: [ObjectID])]) throws(ThreadError) {
        let index = try writtenIndexFromSearch(threads, heads: Self.distinctHeads(threads), refs: refs.fingerprint())
        do {
            try FilePaths.makeDirectories(cache.directory)
            try TempFile.write(index.encoded(), to: cache.path(of: WrittenIndex.kind))
        } catch {
            throw .repository(.fileSystem(error))
        }
    }

    /// Compares `cache/written` with a fresh computation (`cache verify`): an entry of a message the
    /// threads reach that a fresh pass does not find is wrong, and when the file's heads are the
    /// refs', so is a fresh entry the file lacks.
    func verifyWrittenIndex(_ threads: [(name: ThreadName, heads: [ObjectID])], into report: inout CacheVerification) throws(ThreadError) {
        guard let path = cache.existingFile(WrittenIndex.kind) else { return }
        guard let stored = WrittenIndex.open(path) else {
            report.writtenFile = .damaged
            return
        }
        let fresh = try writtenIndexFromSearch(threads, heads: Self.distinctHeads(threads), refs: nil)
        report.writtenFile = .readable
        report.writtenMessages = Set(stored.entries.map(\.id)).count
        let (storedEntries, freshEntries) = (Set(stored.entries), Set(fresh.entries))
        var wrong = Set(storedEntries.subtracting(freshEntries).filter { fresh.hasSeen($0.id.leadingWord) }.map(\.id))
        if stored.heads == fresh.heads { wrong.formUnion(freshEntries.subtracting(storedEntries).map(\.id)) }
        report.wrongWrittenMessages = wrong.sorted()
    }

    static func distinctHeads(_ threads: [(name: ThreadName, heads: [ObjectID])]) -> [ObjectID] {
        Array(Set(threads.flatMap(\.heads))).sorted()
    }
}
