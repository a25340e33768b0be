import ThreadAISupport

/// The packs of a repository (`packs/H.pack`, docs/FORMAT.md §15), opened on the first lookup that
/// the loose objects cannot answer and kept for the life of the `ObjectStore`. A lookup that finds
/// nothing lists `packs/` again before it says so, since a `gc` in another process may have moved
/// the object into a new pack since (and then removed its loose file). A damaged pack holds no
/// object (§15.1): it is kept aside, with why, for `fsck`.
///
/// Lookups run on many threads at once (the parallel reads): each takes the list under a lock and
/// reads the mapped packs outside it.
final class PackSet: Sendable {
    /// The `packs` folder.
    let directory: String
    let cache: CacheFolder
    private let state = Locked<State?>(nil)
    /// The pack the last lookup found its object in, asked first: a thread's messages were written
    /// together (an import's conversation, a gc's run), so the next one is most likely there too,
    /// and a walk of a thread's history probes one index, not every pack's (74 at a developer-year).
    private let lastFound = Locked<Pack?>(nil)

    struct State: Sendable {
        /// The names listed in `packs/`, sorted: what the packs below were opened from.
        var names: [String] = []
        var packs: [Pack] = []
        var damaged: [PackError] = []
    }

    /// The folder of `cache/` that holds the indexes, and the cache kind of pack `name`'s index.
    static let indexFolder = "packs"
    static func indexKind(_ name: String) -> String { indexFolder + "/" + name + ".idx" }

    /// The lookups the multi-pack index answers (§15.2), before any pack is opened for them.
    private let quick: QuickPacks

    init(directory: String, cache: CacheFolder) {
        self.directory = directory
        self.cache = cache
        quick = QuickPacks(directory: directory, cache: cache)
    }

    /// The multi-pack index's answer, while the packs are not all open: once they are (`gc`, `fsck`,
    /// a miss), a lookup through them costs as little, and a second mapping of each would only
    /// double the pages a reader of every object holds.
    private func quickFind(_ id: ObjectID) -> (read: () -> [UInt8], path: String)? {
        state.withLock { $0 == nil } ? quick.find(id) : nil
    }

    /// Writes `cache/packs/multi-pack.idx` for every pack in `packs/` now (after `gc`, or by `cache
    /// rebuild`); removes it when there are fewer than two. A failure to write only leaves lookups as
    /// they were (§12 rule 6).
    func writeMultiIndex() {
        guard cache.isEnabled else { return }
        let packs = trusted().sorted { $0.name < $1.name }
        // Trusting them read their indexes whole (a million objects: 48 MB); the merge reads them again a page at a time.
        packs.forEach { $0.releaseMemory() }
        guard packs.count >= 2 else {
            cache.removeIfPresent(MultiPackIndex.kind)
            return
        }
        try? FilePaths.makeDirectories(cache.path(of: Self.indexFolder))
        cache.writeIfPossible(MultiPackIndex.kind, MultiPackIndex.encode(packs))
    }

    /// The path of pack `name`.
    func path(of name: String) -> String { directory + "/" + name + ".pack" }

    /// The names of the packs in `packs/`, sorted (none when the folder is absent: no packs yet).
    func listNames() -> [String] {
        // A folder that cannot be listed holds no pack a reader can use; `fsck` lists it itself.
        guard let names = try? FilePaths.contents(of: directory) else { return [] }
        return names.compactMap(Self.packName).sorted()
    }

    /// `H` for a file named `H.pack` with `H` 64 lowercase hex digits, else nil (not a pack).
    static func packName(_ fileName: String) -> String? {
        guard fileName.hasSuffix(".pack") else { return nil }
        let name = String(fileName.dropLast(".pack".utf8.count))
        return ObjectID(hexDigits: Array(name.utf8)) == nil ? nil : name
    }

    /// The packs as they are now, opened (those that were open already are kept).
    func current(relisting: Bool = false) -> State {
        if !relisting, let known = state.current { return known }
        let names = listNames()
        return state.withLock { known in
            if let known, known.names == names { return known }
            let fresh = opened(names, keeping: known?.packs ?? [])
            known = fresh
            return fresh
        }
    }

    /// The packs `names` (sorted), those in `open` kept as they are and the others opened.
    func opened(_ names: [String], keeping open: [Pack] = []) -> State {
        var fresh = State(names: names)
        let open = Dictionary(open.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in names {
            if let pack = open[name] {
                fresh.packs.append(pack)
                continue
            }
            switch Result(catching: { () throws(PackError) in try Pack.open(path(of: name), name: name, cache: cache) }) {
            case .success(let pack): fresh.packs.append(pack)
            // Removed since the listing: a gc rewrote it, and its objects are in a newer pack
            // (§15.5), which the listing holds already or a lookup's second listing will.
            case .failure(.fileSystem(let error)) where error.isNotFound: continue
            case .failure(let error): fresh.damaged.append(error)
            }
        }
        return fresh
    }

    /// The bytes some pack holds for `id`, unverified, and the pack's path; nil when no pack holds it.
    func bytes(of id: ObjectID) -> (bytes: [UInt8], path: String)? {
        if let found = quickFind(id) { return (found.read(), found.path) }
        if let found = bytes(of: id, in: current()) { return found }
        let relisted = current(relisting: true)
        return bytes(of: id, in: relisted)
    }

    private func bytes(of id: ObjectID, in state: State) -> (bytes: [UInt8], path: String)? {
        locate(id, in: state).map { ($0.pack.bytes(at: $0.entry), $0.pack.path) }
    }

    /// The pack of `state` holding `id` and where: first every pack as its entries say, then, when
    /// none holds it, the packs whose index may not say so (its checksum fails, §15.2) scanned
    /// again. A lookup so costs no hashing of the indexes of packs that merely do not hold the id.
    private func locate(_ id: ObjectID, in state: State) -> (pack: Pack, entry: PackFraming.Entry)? {
        var doubtful: [Pack] = []
        /// The entry `pack` has for `id`; a pack whose "absent" may not stand is kept for the second pass.
        func probe(_ pack: Pack) -> PackFraming.Entry? {
            switch pack.find(id, verifyingAbsence: false) {
            case .at(let entry): return entry
            case .absent: if pack.fromIndex { doubtful.append(pack) }
            case .staleIndex: doubtful.append(pack)
            }
            return nil
        }
        let hint = lastFound.withLock { $0 }
        if let hint, state.packs.contains(where: { $0 === hint }), let entry = probe(hint) { return (hint, entry) }
        for pack in state.packs where pack !== hint {
            if let entry = probe(pack) {
                lastFound.withLock { $0 = pack }
                return (pack, entry)
            }
        }
        for pack in doubtful {
            // A sound index's "absent" stands; an entry that did not frame was a stale index.
            if pack.isTrusted, case .absent = pack.find(id) { continue }
            guard let scanned = rescan(pack), case .at(let entry) = scanned.find(id) else { continue }
            return (scanned, entry)
        }
        return nil
    }

    /// `pack` opened again from a scan, its index rewritten, in place of the one whose index lied;
    /// nil (and the pack set aside as damaged) when the scan finds it damaged.
    private func rescan(_ pack: Pack) -> Pack? {
        let result = Result { () throws(PackError) in try Pack.open(pack.path, name: pack.name, cache: cache, useIndex: false) }
        state.withLock { known in
            guard var updated = known, let position = updated.packs.firstIndex(where: { $0 === pack }) else { return }
            switch result {
            case .success(let scanned): updated.packs[position] = scanned
            case .failure(let error):
                updated.packs.remove(at: position)
                updated.damaged.append(error)
            }
            known = updated
        }
        return try? result.get()
    }

    func contains(_ id: ObjectID) -> Bool {
        if quickFind(id) != nil || contains(id, in: current()) { return true }
        return contains(id, in: current(relisting: true))
    }

    /// Whether a pack listed so far holds `id`, without listing `packs/` again when none does.
    func containsListed(_ id: ObjectID) -> Bool {
        quickFind(id) != nil || contains(id, in: current())
    }

    private func contains(_ id: ObjectID, in state: State) -> Bool {
        locate(id, in: state) != nil
    }

    /// The readable packs as they are now, each with a list of ids that may be trusted whole (a
    /// pack whose index's checksum fails is scanned again): for listing ids, `gc` and `fsck`.
    func trusted() -> [Pack] {
        current(relisting: true).packs.compactMap { $0.isTrusted ? $0 : rescan($0) }
    }

    /// Every id the readable packs hold, each once, in no particular order.
    func allIDs() -> Set<ObjectID> {
        var ids = Set<ObjectID>()
        for pack in trusted() { ids.formUnion((0..<pack.count).lazy.map(pack.id(at:))) }
        return ids
    }
}

extension PackSet {
    /// The ids the packs hold that begin with `prefix` (lowercase hex digits), each once: a binary
    /// search for the first in each pack's sorted ids, then the run that follows.
    func ids(withPrefix prefix: String) -> Set<ObjectID> {
        guard !current().packs.isEmpty else { return [] }
        let packs = trusted()
        var lowest = Array(prefix.utf8)
        lowest += repeatElement(UInt8(ascii: "0"), count: max(0, ObjectID.hexDigitCount - lowest.count))
        guard let start = ObjectID(hexDigits: lowest) else { return [] }
        var found = Set<ObjectID>()
        for pack in packs {
            var (low, high) = (0, pack.count)
            while low < high {
                let middle = (low + high) / 2
                if pack.id(at: middle) < start { low = middle + 1 } else { high = middle }
            }
            while low < pack.count, pack.id(at: low).hex.hasPrefix(prefix) {
                found.insert(pack.id(at: low))
                low += 1
            }
        }
        return found
    }
}

extension ObjectStore {
    /// The ids pack `name` (`packs/NAME.pack`) holds, in order; nil when it is not a readable pack
    /// of this store. For `scan --staged`, which checks the messages of a pack about to be committed.
    public func ids(inPackNamed name: String) -> [ObjectID]? {
        packs.trusted().first { $0.name == name }.map { pack in (0..<pack.count).map(pack.id(at:)) }
    }
}
