import ThreadAISupport

/// The lookups of a `PackSet` that the multi-pack index answers (docs/FORMAT.md §15.2): the index
/// mapped once, and a pack mapped only when an object it holds is read, so reading a thread of one
/// pack among seventy opens one pack. A pack the index names that is gone (a `gc` since) does not
/// map, and answers nothing. `packs/` is listed only when the index misses, once: the packs it does
/// not cover (written since the last `gc`) are then asked through their own indexes. A miss says
/// nothing: the caller then asks every pack, as without the index.
///
/// The pack the index named for the last two lookups is asked first, through its own index when it
/// has one: a thread's messages lie in one pack (§15.3), and that pack's index (48 bytes an object,
/// about 700 KB at a developer-year) is a few pages that the walk of the thread reads again and
/// again, where each lookup in the multi-pack index (52 MB) touches about ten pages of its own. A
/// pack opened with its index reads an object with one `pread` (`Pack.framedBytes`). The pages a
/// command touches are most of what a one-thread command costs over packs: mapping each (with the
/// fifteen the kernel maps around it), and unmapping it at exit.
final class QuickPacks: Sendable {
    private let directory: String
    private let cache: CacheFolder
    private let state = Locked<State?>(nil)

    private struct State: Sendable {
        var index: MultiPackIndex.Mapped?
        /// Listed packs the index does not cover, in name order; nil until the index first misses.
        var uncovered: [String]?
        /// Packs mapped so far, by name, for the index's entries.
        var mapped: [String: MappedFile] = [:]
        /// Covered packs opened with their own index so far, by name (nil: it has no readable index).
        var indexed: [String: Pack?] = [:]
        /// The covered pack the last two lookups found their objects in, when it has its own index:
        /// asked first. Lookups spread over every pack (the heads of every thread) keep none, so they
        /// do not pay a search of the wrong pack's index each.
        var hint: Pack?
        /// The pack the multi-pack index named last.
        var lastNamed: String?
        /// How many of `indexed` keep their descriptor open (at most `QuickPacks.keptFiles`).
        var keptFiles = 0
        /// Uncovered packs opened so far (nil: unreadable), by name.
        var opened: [String: Pack?] = [:]
    }

    /// How many packs' descriptors lookups keep open for `pread` (32 by default): a command that
    /// reads the heads of every thread meets every pack, and a system's limit can be 256 descriptors
    /// (macOS); the other packs are opened again for each read (`Pack.framedBytes`).
    let keptFiles: Int

    init(directory: String, cache: CacheFolder, keptFiles: Int = 32) {
        self.directory = directory
        self.cache = cache
        self.keptFiles = keptFiles
    }

    /// Where some pack holds `id`, as the index or an uncovered pack's own index says, checked
    /// against the pack's framing: a reader of its bytes (unverified) and the pack's path.
    func find(_ id: ObjectID) -> (read: () -> [UInt8], path: String)? {
        state.withLock { known -> (read: () -> [UInt8], path: String)? in
            var current = known ?? load()
            defer { known = current }
            if let hint = current.hint {
                if let entry = hint.uncheckedEntry(id), let bytes = hint.framedBytes(at: entry) { return ({ bytes }, hint.path) }
                current.hint = nil
            }
            if let index = current.index, let (number, entry) = index.find(id) {
                let pack = index.packs[number]
                let path = directory + "/" + pack.name + ".pack"
                if let mapping = mapping(pack.name, path: path, in: &current), mapping.count == pack.size {
                    let opened = current.indexed[pack.name] ?? nil
                    // Read with one call when the pack is open, else through its mapping.
                    let bytes = opened.map { $0.framedBytes(at: entry) }
                        ?? PackFraming.framedBytes(entry, in: mapping)
                    if let bytes {
                        if current.lastNamed == pack.name { current.hint = opened }
                        current.lastNamed = pack.name
                        return ({ bytes }, path)
                    }
                }
            }
            for name in uncovered(in: &current) {
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

    /// Pack `name`'s mapping: the one of the pack opened with its own index when it has one (then
    /// also what later lookups ask first), else the file mapped alone.
    private func mapping(_ name: String, path: String, in state: inout State) -> MappedFile? {
        if let mapped = state.mapped[name] { return mapped }
        if state.indexed[name] == nil {
            // Only a pack whose index is there: opening one without would scan all of it.
            let keeping = state.keptFiles < keptFiles
            let opened = cache.existingFile(PackSet.indexKind(name)) == nil ? nil
                : (try? Pack.open(path, name: name, cache: cache, keepingFile: keeping)).flatMap { $0.fromIndex ? $0 : nil }
            if opened != nil && keeping { state.keptFiles += 1 }
            state.indexed.updateValue(opened, forKey: name)
        }
        guard let mapped = state.indexed[name]??.mapping ?? (try? Pack.map(path)) else { return nil }
        state.mapped[name] = mapped
        return mapped
    }

    /// The index mapped, once (none: caches off, or no index).
    private func load() -> State {
        var index: MultiPackIndex.Mapped?
        if cache.isEnabled, let path = cache.existingFile(MultiPackIndex.kind), let mapped = try? Pack.map(path) {
            index = MultiPackIndex.Mapped(mapped)
        }
        return State(index: index)
    }

    /// The listed packs the index does not cover, `packs/` listed the first time. Without an index,
    /// none: the caller's walk of every pack (with its last-pack hint) is the same work.
    private func uncovered(in state: inout State) -> [String] {
        if let known = state.uncovered { return known }
        guard let index = state.index else {
            state.uncovered = []
            return []
        }
        let covered = Set(index.packs.map(\.name))
        let listed = ((try? FilePaths.contents(of: directory)) ?? []).compactMap(PackSet.packName).sorted()
        let uncovered = listed.filter { !covered.contains($0) }
        state.uncovered = uncovered
        return uncovered
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
