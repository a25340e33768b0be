/// `threadai gc`'s work in the store (docs/FORMAT.md §15.3): the loose objects moved into one pack,
/// in an order that loses nothing whatever step a crash stops at.
///
/// 1. Under `gc.lock`, list the loose objects; objects a concurrent `send` writes afterwards are not
///    listed and stay loose.
/// 2. Announce `feature packs` in `format` (durable) before any pack exists.
/// 3. Write the pack (`PackWriter`: temporary file, `fsync`, rename, `fsync` of `packs/`).
/// 4. Open the new pack from a scan of its framing, and remove each loose file only once the pack's
///    copy hashes to its id; then the `objects/XX` folders left empty.
extension Repository {
    /// What packing did, or would do.
    public struct PackReport: Sendable, Equatable {
        /// The loose objects listed (those kept out of git included).
        public var looseObjects = 0
        /// The objects packed (or that would be).
        public var packedObjects = 0
        /// Loose objects left loose because the caller keeps them out of git (local threads).
        public var keptLoose = 0
        /// Loose objects a pack held already: their loose files are removed, not packed again.
        public var alreadyPacked = 0
        /// Bytes of the objects packed (dry run) or of the pack written.
        public var bytes = 0
        /// The pack written; nil on a dry run or when there was nothing to pack.
        public var pack: PackWriter.Written?
        /// Loose files removed because the pack holds them.
        public var removedLooseFiles = 0
        /// Whether `format` was written to announce packs (or would be).
        public var announcedPacks = false
    }

    /// Packs every loose object but `keptLoose` (objects that must not enter a file git shares: a
    /// local thread's, docs/FORMAT.md §13) into one pack, then removes the loose files it holds.
    /// With `dryRun`, reads what it would pack and changes nothing.
    /// - Throws: `PackingError.running` when another `gc` holds `gc.lock` (after a short wait).
    public func packLooseObjects(keptLoose: Set<ObjectID> = [], dryRun: Bool = false) throws(PackingError) -> PackReport {
        guard !dryRun else { return try plannedPacking(keptLoose: keptLoose) }
        let lock = try takeGCLock()
        return try packLooseObjects(keptLoose: keptLoose, holding: lock)
    }

    private func takeGCLock() throws(PackingError) -> LockFile {
        do {
            return try LockFile.acquire(for: directory + "/gc")
        } catch {
            if case .held(let path) = error { throw .running(lockPath: path) }
            throw .lock(error)
        }
    }

    /// The work, while `lock` (`gc.lock`, never committed: released when it goes) is held.
    private func packLooseObjects(keptLoose: Set<ObjectID>, holding lock: borrowing LockFile) throws(PackingError) -> PackReport {
        var report = PackReport()
        let listed = try looseIDs()
        report.looseObjects = listed.count
        let ids = listed.filter { !keptLoose.contains($0) }
        report.keptLoose = listed.count - ids.count
        // Loose copies of objects a pack holds already (a pull brought the pack beside them, or a
        // gc stopped before its removals) are removed, not packed again.
        let alreadyPacked = ids.filter(objects.packs.contains)
        let toPack = alreadyPacked.isEmpty ? ids : ids.filter { !objects.packs.contains($0) }
        report.alreadyPacked = alreadyPacked.count
        if !toPack.isEmpty {
            do {
                report.announcedPacks = try RepositoryFormat.announce(RepositoryFormat.packs, in: directory)
            } catch {
                throw .format(error)
            }
            let written: PackWriter.Written?
            do {
                written = try PackWriter(objects: objects).write(toPack)
            } catch {
                throw .fileSystem(error)
            }
            if let written {
                report.pack = written
                report.packedObjects = written.ids.count
                report.bytes = written.size
                let pack: Pack
                do {
                    // Read again from its own framing; its index was written with it.
                    let noIndex = CacheFolder(directory: cache.directory, isEnabled: false)
                    pack = try Pack.open(written.path, name: written.name, cache: noIndex, useIndex: false)
                } catch {
                    throw .unreadablePack(error)
                }
                report.removedLooseFiles += try removeLooseCopies(of: written.ids) { id in
                    guard case .bytes(let bytes) = pack.lookup(id) else { return nil }
                    return bytes
                }
            }
        }
        report.removedLooseFiles += try removeLooseCopies(of: alreadyPacked) { objects.packs.bytes(of: $0)?.bytes }
        return report
    }

    private func looseIDs() throws(PackingError) -> [ObjectID] {
        // A clone made before its first message has no objects/ yet: nothing loose.
        guard FilePaths.exists(objects.directory) else { return [] }
        do {
            return try objects.looseInventory().ids
        } catch {
            throw .fileSystem(error)
        }
    }

    /// What `packLooseObjects` would do, read without a lock and without writing.
    private func plannedPacking(keptLoose: Set<ObjectID>) throws(PackingError) -> PackReport {
        var report = PackReport()
        let listed = try looseIDs()
        report.looseObjects = listed.count
        let ids = listed.filter { !keptLoose.contains($0) }
        report.keptLoose = listed.count - ids.count
        for id in ids {
            if objects.packs.contains(id) {
                report.alreadyPacked += 1
                continue
            }
            guard let size = FilePaths.fileSize(objects.path(of: id)) else { continue }
            report.packedObjects += 1
            report.bytes += size
        }
        let format: RepositoryFormat
        do {
            format = try RepositoryFormat.read(in: directory)
        } catch {
            throw .format(error)
        }
        report.announcedPacks = report.packedObjects > 0 && !format.features.contains(RepositoryFormat.packs)
        return report
    }

    /// Removes the loose file of each of `ids` whose packed copy (`packed`, read from the pack)
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
            return "the pack just written does not read back (\(error)); no loose object was removed. Run '\(Remedy(.check))'."
        case .fileSystem(let error): return error.description
        case .object(let error): return error.description
        }
    }
}
