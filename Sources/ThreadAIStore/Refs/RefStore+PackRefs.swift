extension RefStore {
    /// What packing refs did (or would do).
    public struct PackedRefsReport: Sendable, Equatable {
        /// Ref files moved into `refs/threads/.packed` (and removed, but those a writer held).
        public var packed = 0
        /// Packed lines dropped because a ref file that stays contains them.
        public var droppedLines = 0
        /// Ref files left as files because the caller keeps them (tracked by git, local threads).
        public var kept = 0
        /// Whether `format` was (or would be) written to announce packed refs.
        public var announced = false
    }

    /// Moves every ref file but those `keeps` names into `.packed` (docs/FORMAT.md §5.7), as
    /// `git pack-refs` does: under the packed lock, the new file is written with each ref's heads in
    /// place of its packed lines, then each ref file is removed under its own lock (taken without
    /// waiting) while it still holds what was packed; a ref moved meanwhile stays a file, and reads
    /// the same either way. Packed lines that a kept ref file contains are dropped. Ref files that
    /// cannot be read stay, for `fsck`. No reflog line is written: no thread moves.
    public func packRefs(keeping keeps: (ThreadName) -> Bool, dryRun: Bool) throws(RefError) -> PackedRefsReport {
        var report = PackedRefsReport()
        var reader = RefTreeReader(root: threadsDirectory)
        do {
            try reader.read()
        } catch {
            throw .fileSystem(error)
        }
        var rewrite = try packed.beginRewrite()
        var toRemove: [(name: ThreadName, bytes: [UInt8])] = []
        for (name, content) in reader.found {
            guard case .bytes(let bytes) = content, let loose = try? Self.parse(bytes, name: name, path: path(of: name)) else { continue }
            let packedIDs = rewrite.entries[name] ?? []
            if keeps(name) {
                report.kept += 1
                if !packedIDs.isEmpty, combined(loose, packed: packedIDs) == loose {
                    rewrite.entries[name] = nil
                    report.droppedLines += packedIDs.count
                }
                continue
            }
            rewrite.entries[name] = combined(loose, packed: packedIDs)
            toRemove.append((name, bytes))
        }
        report.packed = toRemove.count
        guard rewrite.entries != rewrite.original else { return report }
        do {
            // Announced before the first `.packed` stands (§15.4): an older reader refuses, never misreads.
            report.announced = try RepositoryFormat.announce(RepositoryFormat.packedRefs, in: root, dryRun: dryRun)
        } catch {
            throw .format(error)
        }
        guard !dryRun else { return report }
        let (before, written) = (rewrite.original, rewrite.entries)
        try rewrite.commit()
        var moved: [ThreadName] = []
        for (name, bytes) in toRemove {
            let path = path(of: name)
            // Waited for as any writer waits: the ref goes only while it holds what was packed.
            guard let lock = try? LockFile.acquire(for: path) else { continue }
            guard (try? FilePaths.readReplacedFile(path)) == bytes else {
                moved.append(name)
                continue
            }
            // A failure leaves the file beside its packed line, which reads the same.
            try? lock.commitRemoval()
            RefFolder(path: threadsDirectory).removeEmptyFolders(above: path)
        }
        try restoreLines(of: moved, before: before, written: written)
        return report
    }

    /// For each thread moved by a writer after this `gc` read its ref file: when the line written for
    /// it would be a head beside the new file (the writer went back past it, and decided about the
    /// packed lines before they stood), its lines go back to what they were before this `gc`, which
    /// is what that writer decided about. Under the ref's lock, then the packed one, as writers take them.
    private func restoreLines(
        of names: [ThreadName], before: [ThreadName: [ObjectID]], written: [ThreadName: [ObjectID]]
    ) throws(RefError) {
        for name in names {
            let lock = try lock(name)
            let loose = try looseHeads(of: name)
            guard let ids = written[name], !loose.isEmpty, combined(loose, packed: ids).count > loose.count else { continue }
            var rewrite = try packed.beginRewrite()
            guard rewrite.entries[name] == ids else { continue }  // Changed since by a writer, which decided.
            rewrite.entries[name] = before[name]
            try rewrite.commit()
            _ = consume lock
        }
    }

    /// Gives thread `name` its heads back as a ref file and drops its packed lines: a thread made
    /// local (§13) must be a file, which git's exclude file can keep out. No reflog line: it does
    /// not move. Nothing is done for a thread that has no packed line.
    public func unpack(_ name: ThreadName) throws(RefError) {
        guard !(try packed.ids(of: name)).isEmpty else { return }
        let lock = try lock(name)
        let heads = try heads(of: name)
        var rewrite = try packed.beginRewrite()
        rewrite.entries[name] = nil
        try Self.write(heads, holding: lock, folder: RefFolder(path: threadsDirectory))
        try rewrite.commit()
    }
}
