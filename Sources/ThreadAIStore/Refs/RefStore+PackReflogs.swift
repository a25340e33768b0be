extension RefStore {
    /// What packing reflogs did (or would do).
    public struct PackedReflogsReport: Sendable, Equatable {
        /// Reflog files whose lines went into `logs/packed`.
        public var packed = 0
        /// Of those, the files removed once packed (not those that grew meanwhile or were locked).
        public var removed = 0
        /// Whether `format` was (or would be) written to announce packed reflogs.
        public var announced = false
    }

    /// Moves the lines of every thread's reflog file into `logs/packed` (docs/FORMAT.md §7.1): under
    /// the packed reflog lock the new file is written with each file's lines after its packed ones,
    /// then each file is removed under its thread's ref lock while it still holds the bytes that were
    /// packed. A file that grew meanwhile stays, and reads the same: its first lines repeat the packed
    /// lines' last ones, which a reader reads once; the next `gc` packs the rest.
    public func packReflogs(dryRun: Bool) throws(RefError) -> PackedReflogsReport {
        var report = PackedReflogsReport()
        let files: [String]
        do {
            files = try FilePaths.contents(of: reflogsDirectory)
        } catch {
            if error.isNotFound { return report }
            throw .fileSystem(error)
        }
        // No lock (nor `logs/`, which a new repository lacks) when there is nothing to pack.
        guard !files.isEmpty else { return report }
        var rewrite = try packedReflogs.beginRewrite()
        var packed: [(name: ThreadName, bytes: [UInt8])] = []
        for file in files.sorted() {
            // Only a valid name's file: anything else there (a lock, a stray) is `fsck`'s to name.
            guard let name = try? ThreadName(file.replacing("%2F", with: "/")), Self.reflogFile(of: name) == file,
                  let (lines, bytes) = try? reflog(of: name).looseFile(), !bytes.isEmpty
            else { continue }
            let before = rewrite.entries[file] ?? []
            rewrite.entries[file] = before + PackedReflogs.kept(lines, after: before)
            packed.append((name, bytes))
        }
        report.packed = packed.count
        guard !packed.isEmpty else { return report }
        do {
            // Announced before the first `logs/packed` stands (§15.4): an older reader refuses, never misreads.
            report.announced = try RepositoryFormat.announce(RepositoryFormat.packedReflogs, in: root, dryRun: dryRun)
        } catch {
            throw .format(error)
        }
        guard !dryRun else { return report }
        try rewrite.commit()
        for (name, bytes) in packed where removeReflogFile(of: name, holding: bytes) { report.removed += 1 }
        return report
    }

    /// Removes `name`'s reflog file under the thread's ref lock, only while it holds `bytes`.
    /// Waited for as any writer waits; a lock held past that leaves the file, which reads the same.
    private func removeReflogFile(of name: ThreadName, holding bytes: [UInt8]) -> Bool {
        guard let lock = try? lock(name) else { return false }
        let path = reflog(of: name).path
        let removed = (try? FilePaths.read(path)) == bytes && (try? FilePaths.remove(path)) != nil
        _ = consume lock
        RefFolder(path: threadsDirectory).removeEmptyFolders(above: self.path(of: name))
        return removed
    }

    /// Gives `name`'s reflog back its file whole, so that a rename can move it as a file (§7.1): the
    /// file is rewritten as the packed lines and then its own kept lines, by its lock and a rename;
    /// then `logs/packed` is rewritten without the name. The caller holds the thread's ref lock. A
    /// crash between the two leaves the packed lines as the file's first lines, read once.
    func unpackReflog(of name: ThreadName) throws(RefError) {
        let reflog = reflog(of: name)
        guard !(try readingReflog { () throws(FileSystemError) in try packedReflogs.lines(of: reflog.file) }).isEmpty else {
            return
        }
        var rewrite = try packedReflogs.beginRewrite()
        guard let packedLines = rewrite.entries[reflog.file], !packedLines.isEmpty else { return }
        let loose = try readingReflog { () throws(FileSystemError) in try reflog.looseFile().lines }
        let whole = packedLines + PackedReflogs.kept(loose, after: packedLines)
        try readingReflog { () throws(FileSystemError) in try FilePaths.makeDirectories(reflogsDirectory) }
        do throws(LockError) {
            try LockFile.acquire(for: reflog.path).commit(Array(whole.map { $0 + "\n" }.joined().utf8))
        } catch {
            throw .lock(error)
        }
        rewrite.entries[reflog.file] = nil
        try rewrite.commit()
    }

    private func readingReflog<Value>(_ body: () throws(FileSystemError) -> Value) throws(RefError) -> Value {
        do {
            return try body()
        } catch {
            throw .fileSystem(error)
        }
    }
}
