import ThreadAISupport

/// The lookups of a `PackSet` that the multi-pack index answers (docs/FORMAT.md §15.2): `packs/` is
/// listed once, the index mapped once, and a pack is mapped only when an object it holds is read,
/// so reading a thread of one pack among seventy opens one pack. The packs the index does not cover
/// (written since the last `gc`) are asked through their own indexes. A miss says nothing: the
/// caller then asks every pack, as without the index.
final class QuickPacks: Sendable {
    private let directory: String
    private let cache: CacheFolder
    private let state = Locked<State?>(nil)

    private struct State: Sendable {
        var index: MultiPackIndex.Mapped?
        var listed: Set<String>
        /// Listed packs the index does not cover, in name order.
        var uncovered: [String]
        /// Packs mapped so far, by name, for the index's entries.
        var mapped: [String: MappedFile] = [:]
        /// Uncovered packs opened so far (nil: unreadable), by name.
        var opened: [String: Pack?] = [:]
    }

    init(directory: String, cache: CacheFolder) {
        self.directory = directory
        self.cache = cache
    }

    /// Where some pack holds `id`, as the index or an uncovered pack's own index says, checked
    /// against the pack's framing: a reader of its bytes (unverified) and the pack's path.
    func find(_ id: ObjectID) -> (read: () -> [UInt8], path: String)? {
        state.withLock { known -> (read: () -> [UInt8], path: String)? in
            var current = known ?? load()
            defer { known = current }
            if let index = current.index, let (number, entry) = index.find(id) {
                let pack = index.packs[number]
                let path = directory + "/" + pack.name + ".pack"
                if current.listed.contains(pack.name), let mapping = mapping(pack.name, path: path, in: &current), mapping.count == pack.size,
                   mapping.withBytes(0..<mapping.count, { PackFraming.frames(entry, in: $0) }) {
                    return ({ mapping.bytes(entry.offset..<(entry.offset + entry.length)) }, path)
                }
            }
            for name in current.uncovered {
                let opened = current.opened[name] ?? (try? Pack.open(directory + "/" + name + ".pack", name: name, cache: cache))
                current.opened[name] = opened
                guard let pack = opened, case .at(let entry) = pack.find(id, verifyingAbsence: false) else { continue }
                return ({ pack.bytes(at: entry) }, pack.path)
            }
            return nil
        }
    }

    /// How many packs lookups have mapped so far (tests: a thread of one pack maps one).
    var mappedPacks: Int { state.withLock { $0?.mapped.count ?? 0 } }

    private func mapping(_ name: String, path: String, in state: inout State) -> MappedFile? {
        if let mapped = state.mapped[name] { return mapped }
        guard let mapped = try? Pack.map(path) else { return nil }
        state.mapped[name] = mapped
        return mapped
    }

    /// `packs/` listed and the index mapped, once; without an index (none, or caches off) every
    /// listed pack is asked as uncovered only when there are few, else the caller's path serves.
    private func load() -> State {
        let listed = ((try? FilePaths.contents(of: directory)) ?? []).compactMap(PackSet.packName).sorted()
        var index: MultiPackIndex.Mapped?
        if cache.isEnabled, let path = cache.existingFile(MultiPackIndex.kind), let mapped = try? Pack.map(path) {
            index = MultiPackIndex.Mapped(mapped)
        }
        let covered = Set(index?.packs.map(\.name) ?? [])
        // Without an index, the caller's walk of every pack (with its last-pack hint) is the same work.
        let uncovered = index == nil ? [] : listed.filter { !covered.contains($0) }
        return State(index: index, listed: Set(listed), uncovered: uncovered)
    }
}

extension PackSet {
    /// `cache verify` of the multi-pack index: which packs it covers, and each entry of a covered
    /// pack that does not frame its object in that pack (the packs themselves are `fsck`'s).
    func verifyMultiIndex(into report: inout CacheVerification) {
        let packs = trusted()
        report.packCount = packs.count
        guard let path = cache.existingFile(MultiPackIndex.kind) else { return }
        guard let mapped = try? Pack.map(path), let index = MultiPackIndex.Mapped(mapped), index.isSound else {
            report.multiPackIndexFile = .damaged
            return
        }
        report.multiPackIndexFile = .readable
        let byName = Dictionary(packs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        report.multiPackIndexCovers = index.packs.count { byName[$0.name] != nil }
        for position in 0..<index.count {
            let id = index.id(at: position)
            guard let (number, entry) = index.find(id) else {
                report.wrongMultiPackEntries.append(id)
                continue
            }
            guard let pack = byName[index.packs[number].name] else { continue }  // Removed since: names nothing.
            if case .at(let found) = pack.find(id), found == entry { continue }
            report.wrongMultiPackEntries.append(id)
        }
    }
}
