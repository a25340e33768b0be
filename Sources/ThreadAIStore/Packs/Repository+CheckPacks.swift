/// What `fsck` finds in `packs/` (docs/FORMAT.md §15.1): a pack whose framing is broken (truncated,
/// or any other rule), a pack whose name is not the SHA-256 of its bytes, and a packed copy of an
/// object whose bytes fail its id. The objects a damaged pack held are not in the inventory, so a
/// message reachable only through it is reported missing by the object and ref checks, as a lost
/// loose file is; a damaged copy that reads serve is reported by the object check (with the pack's
/// path), and the others here, so each damage is named once.
extension Repository {
    func packProblems() -> [RepositoryProblem] {
        // First, so that a pack a failed index sent back to a scan that found it damaged is counted.
        let packs = objects.packs.trusted()
        let state = objects.packs.current()
        var problems = state.damaged.map { error in
            RepositoryProblem(
                severity: .error, id: nil, path: Self.packPath(of: error), message: error.description,
                remedy: Self.restorePackRemedy(Self.packPath(of: error)))
        }
        for (index, pack) in packs.enumerated() {
            let digest = pack.digest().hex
            if digest != pack.name {
                problems.append(RepositoryProblem(
                    severity: .error, id: nil, path: pack.path,
                    message: "pack's name is not the SHA-256 of its bytes (it hashes to \(digest)): it was changed after it was written",
                    remedy: Self.restorePackRemedy(pack.path)))
            }
            for entry in pack.entries where !isServed(entry.id, by: index, of: packs) {
                guard case .bytes(let bytes) = pack.lookup(entry.id) else { continue }
                let actual = ObjectID.of(bytes)
                guard actual != entry.id else { continue }
                problems.append(RepositoryProblem(
                    severity: .error, id: entry.id, path: pack.path,
                    message: "corrupt in this pack: its bytes hash to \(actual.hex)", remedy: Self.restorePackRemedy(pack.path)))
            }
        }
        return problems
    }

    /// Whether reads of `id` take it from pack `index`: no loose file, and no pack before it holds it.
    private func isServed(_ id: ObjectID, by index: Int, of packs: [Pack]) -> Bool {
        !packs[..<index].contains(where: { $0.contains(id) }) && !FilePaths.exists(objects.path(of: id), followingLinks: true)
    }

    private static func packPath(of error: PackError) -> String {
        switch error {
        case .damaged(let path, _): return path
        case .fileSystem(let error): return error.path
        }
    }

    /// A pack never changes, so git's copy, or any clone's, is the right one.
    static func restorePackRemedy(_ path: String) -> String {
        "restore it from git (git checkout -- '\(path)') or copy it from another clone, then run '\(Remedy(.check))' again"
    }
}
