/// `threadai gc`'s work in the store (docs/FORMAT.md §15.3, §15.5): the loose objects moved into
/// packs, with the small packs the geometric rule picks rewritten beside them, in an order that loses
/// nothing whatever step a crash stops at.
///
/// 1. Under `gc.lock`, list the loose objects and the packs; objects and packs a concurrent `send`
///    or import writes afterwards are not listed and stay as they are.
/// 2. Announce `feature packs` in `format` (durable) before any pack exists.
/// 3. Write the packs (`PackWriter`: temporary file, `fsync`, rename, `fsync` of `packs/`).
/// 4. Open each new pack from a scan of its framing, and remove each loose file only once a new
///    pack's copy hashes to its id; then the `objects/XX` folders left empty; then each rewritten
///    pack whose every object is in a new pack or a kept one.
extension Repository {
    /// What packing did, or would do.
    public struct PackReport: Sendable, Equatable {
        /// The loose objects listed (those kept out of git included).
        public var looseObjects = 0
        /// The loose objects packed (or that would be).
        public var packedObjects = 0
        /// Loose objects left loose because the caller keeps them out of git (local threads).
        public var keptLoose = 0
        /// Loose objects a pack held already: their loose files are removed, not packed again.
        public var alreadyPacked = 0
        /// Bytes of the loose objects packed (dry run) or of the packs written.
        public var bytes = 0
        /// The small packs rewritten into the new ones (or that would be), by path.
        public var rewrittenPacks: [String] = []
        /// The packs written (their `ids` not kept); none on a dry run or when there was nothing to pack.
        public var packs: [PackWriter.Written] = []
        /// Loose files removed because a pack holds them.
        public var removedLooseFiles = 0
        /// Rewritten packs removed (those holding an object that failed its id stay, for `fsck`).
        public var removedPacks = 0
        /// Whether `format` was written to announce packs (or would be).
        public var announcedPacks = false
    }

    /// Packs every loose object but `keptLoose` (objects that must not enter a file git shares: a
    /// local thread's, docs/FORMAT.md §13), rewriting with them the small packs §15.5 picks but
    /// `keptPacks` (by name: those git already shares, which are never rewritten), then removes the
    /// loose files and the packs the new packs hold. With `dryRun`, reads what it would do and
    /// changes nothing.
    /// - Throws: `PackingError.running` when another `gc` holds `gc.lock` (after a short wait).
    public func pack(keptLoose: Set<ObjectID> = [], keptPacks: Set<String> = [], dryRun: Bool = false) throws(PackingError) -> PackReport {
        try pack(keptLoose: keptLoose, keptPacks: keptPacks, dryRun: dryRun, limit: PackWriter.sizeLimit)
    }

    /// `pack` with packs cut at `limit` bytes of objects (smaller in tests).
    func pack(keptLoose: Set<ObjectID> = [], keptPacks: Set<String> = [], dryRun: Bool = false, limit: Int) throws(PackingError) -> PackReport {
        guard !dryRun else { return try PackPlan(self, keptLoose: keptLoose, keptPacks: keptPacks, limit: limit).report }
        let lock = try takeGCLock()
        let report = try pack(PackPlan(self, keptLoose: keptLoose, keptPacks: keptPacks, limit: limit), holding: lock)
        // Once the plan (a million objects' ids, at a developer-year) is gone, still under the lock.
        objects.packs.writeMultiIndex()
        return report
    }

    private func takeGCLock() throws(PackingError) -> LockFile {
        do {
            return try LockFile.acquire(for: directory + "/gc")
        } catch {
            if case .held(let path) = error { throw .running(lockPath: path) }
            throw .lock(error)
        }
    }

    /// The work of `plan`, while `lock` (`gc.lock`, never committed: released when it goes) is held.
    private func pack(_ plan: PackPlan, holding lock: borrowing LockFile) throws(PackingError) -> PackReport {
        var report = plan.report
        report.announcedPacks = false
        let failed = FailedObjects()
        if !plan.ids.isEmpty {
            do {
                report.announcedPacks = try RepositoryFormat.announce(RepositoryFormat.packs, in: directory)
            } catch {
                throw .format(error)
            }
            do {
                report.packs = try PackWriter(objects: objects, limit: plan.limit).write(
                    runs: plan.idRuns, keepingIDs: false, bytes: plan.reader(failed: failed))
            } catch {
                throw .fileSystem(error)
            }
            report.bytes = report.packs.reduce(0) { $0 + $1.size }
        }
        report.removedLooseFiles += try removeLooseCopies(of: plan.looseToPack, packedIn: report.packs)
        report.removedLooseFiles += try removeLooseCopies(of: plan.alreadyPacked) { objects.packs.bytes(of: $0)?.bytes }
        report.removedPacks = try removeRewritten(plan.rewritten, keeping: plan.kept, failed: failed.ids, written: Set(report.packs.map(\.name)))
        return report
    }

    /// Moves the loose objects among `ids` that no pack holds into one new pack, then removes their
    /// loose files once the pack's copies hash to their ids (as `pack` does, under `gc.lock`, with no
    /// small pack rewritten): a captured session's messages become one file when it ends (docs/CLI.md
    /// `capture`). Does nothing when fewer than `minimum` are loose, or when a `gc` holds the lock (it
    /// packs them). The caller leaves out objects that must stay loose (a local thread's).
    /// - Returns: how many objects were packed.
    public func packLoose(_ ids: some Sequence<ObjectID>, minimum: Int = 2) throws(PackingError) -> Int {
        let lock: LockFile
        do {
            lock = try takeGCLock()
        } catch {
            if case .running = error { return 0 }
            throw error
        }
        return try packLoose(Set(ids), minimum: minimum, holding: lock)
    }

    /// The work of `packLoose` while `lock` (`gc.lock`) is held.
    private func packLoose(_ ids: Set<ObjectID>, minimum: Int, holding lock: borrowing LockFile) throws(PackingError) -> Int {
        _ = objects.packs.current(relisting: true)
        var loose: [(id: ObjectID, bytes: [UInt8])] = []
        for id in ids where FilePaths.exists(objects.path(of: id)) && !objects.packs.containsListed(id) {
            // A damaged loose file is left for `fsck` to name, not packed.
            guard let bytes = try? objects.bytes(of: id), ObjectID.of(bytes) == id else { continue }
            loose.append((id, bytes))
        }
        guard loose.count >= minimum else { return 0 }
        do {
            _ = try RepositoryFormat.announce(RepositoryFormat.packs, in: directory)
        } catch {
            throw .format(error)
        }
        let packs: [PackWriter.Written]
        do {
            packs = try PackWriter(objects: objects).write(objects: loose)
        } catch {
            throw .fileSystem(error)
        }
        _ = try removeLooseCopies(of: loose.map(\.id), packedIn: packs)
        return loose.count
    }

    /// The pack just written, opened again from its own framing (its index was written with it).
    private func reopened(_ pack: PackWriter.Written) throws(PackingError) -> Pack {
        let noIndex = CacheFolder(directory: cache.directory, isEnabled: false)
        do {
            let opened = try Pack.open(pack.path, name: pack.name, cache: noIndex, useIndex: false)
            opened.releaseMemory()  // The scan read it all; memory stays its entries.
            return opened
        } catch {
            throw .unreadablePack(error)
        }
    }

    /// Removes the loose file of each of `ids` whose copy in one of the packs just written hashes to
    /// its id. The packs are opened one at a time, so memory holds one pack's entries, not the
    /// entries of everything a rewrite wrote (a million, 48 MB).
    private func removeLooseCopies(of ids: [ObjectID], packedIn packs: [PackWriter.Written]) throws(PackingError) -> Int {
        guard !ids.isEmpty else { return 0 }
        let sorted = ids.sorted()
        var removed = 0
        for written in packs {
            let pack = try reopened(written)
            // The pack's ids looked up among those asked for: a pack's worth of searches, not all of them per pack.
            let held = pack.entries.map(\.id).filter { ObjectID.position(of: $0, count: sorted.count) { sorted[$0] } != nil }
            var release = Pack.PageRelease()
            removed += try removeLooseCopies(of: held) { id in
                guard case .bytes(let bytes) = pack.lookup(id) else { return nil }
                release.read(bytes.count, from: [pack])
                return bytes
            }
        }
        return removed
    }

    /// Removes each of `rewritten` whose every object is in `kept` or was written (`PackPlan` planned
    /// every object no kept pack holds; those it could not copy are `failed`), and its index.
    /// - Returns: how many packs were removed.
    private func removeRewritten(_ rewritten: [Pack], keeping kept: [Pack], failed: Set<ObjectID>, written names: Set<String>) throws(PackingError) -> Int {
        var removed = 0
        // A rewrite of the same objects writes the same file under the same name (§15.1): that
        // pack is new and stays.
        for pack in rewritten where !names.contains(pack.name) {
            let carried = pack.entries.allSatisfy { entry in
                !failed.contains(entry.id) || kept.contains { $0.contains(entry.id) }
            }
            guard carried else { continue }
            do {
                try FilePaths.remove(pack.path)
            } catch {
                if !error.isNotFound { throw .fileSystem(error) }
                continue
            }
            removed += 1
            cache.removeIfPresent(PackSet.indexKind(pack.name))
        }
        if removed > 0 {
            do {
                try FilePaths.synchronizeDirectory(objects.packs.directory)
            } catch {
                throw .fileSystem(error)
            }
        }
        return removed
    }

    /// Removes the loose file of each of `ids` whose packed copy (`packed`, read from a pack)
    /// hashes to its id; then the folders left empty.
    /// - Returns: how many files were removed.
    private func removeLooseCopies(of ids: [ObjectID], packed: (ObjectID) -> [UInt8]?) throws(PackingError) -> Int {
        var removed = 0
        var folders = Set<String>()
        for id in ids {
            guard let bytes = packed(id), ObjectID.of(bytes) == id else { continue }
            let path = objects.path(of: id)
            do {
                try FilePaths.remove(path)
            } catch {
                if error.isNotFound { continue }  // Gone already: another gc, or a checkout.
                throw .fileSystem(error)
            }
            removed += 1
            folders.insert(FilePaths.directoryName(of: path))
        }
        // Best effort: a folder a concurrent send just wrote into is not empty, and stays.
        for folder in folders.sorted() { FilePaths.removeEmptyDirectory(folder) }
        return removed
    }
}

/// Why packing stopped. Whatever the step, nothing is lost: the pack is whole before a loose file goes.
public enum PackingError: Error, Sendable, CustomStringConvertible {
    /// Another gc holds `gc.lock`.
    case running(lockPath: String)
    case lock(LockError)
    case format(FormatError)
    /// The pack just written does not read back: no loose file was removed.
    case unreadablePack(PackError)
    case fileSystem(FileSystemError)
    /// Storing objects loose failed (`Repository.store(_:)`).
    case object(ObjectError)

    public var description: String {
        switch self {
        case .running(let path):
            return "another gc is running in this repository ('\(path)' is held); let it finish and try again. "
                + "If none is running, '\(Remedy(.clearStaleLocks))' removes the lock (only when its process is gone)."
        case .lock(let error): return error.description
        case .format(let error): return error.description
        case .unreadablePack(let error):
            return "the pack just written does not read back (\(error)); no loose object it holds was removed. Run '\(Remedy(.check))'."
        case .fileSystem(let error): return error.description
        case .object(let error): return error.description
        }
    }
}
