#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAISupport

extension Repository {
    /// What a crash or a git merge can leave behind in the refs, each with its remedy
    /// (docs/FORMAT.md §10): locks, folders and strays where refs belong, clashing names,
    /// renames cut short, and reflog lines for moves that never happened.
    func leftoverProblems() throws(RepositoryError) -> [RepositoryProblem] {
        var problems: [RepositoryProblem] = []
        for lock in try leftoverLocks() {
            let remedy = lock.liveness == .alive
                ? "wait for that process to finish"
                : lock.mayBeCleared(force: false)
                ? "\(Remedy(.clearStaleLocks))"
                : "if no \(Remedy.program) process is running on any machine that shares this folder: \(Remedy(.clearStaleLocks, "--force"))"
                    + (lock.ageSeconds < LeftoverLock.forceAge ? " (allowed once the lock is \(LeftoverLock.forceAge / 60) minutes old)" : "")
            problems.append(RepositoryProblem(
                severity: .warning, id: nil, path: lock.path,
                message: "a lock file (\(lock.summary)): it blocks every change of what it locks", remedy: remedy))
        }
        for temporary in try filesOutsideObjects({ $0.hasPrefix(".tmp-") }) {
            problems.append(RepositoryProblem(
                severity: .warning, id: nil, path: temporary,
                message: "a temporary file left by an interrupted write (the file it was for is unchanged)",
                remedy: "rm '\(temporary)'"))
        }
        do {
            try refFolderProblems(in: refs.threadsDirectory, prefix: "", into: &problems)
        } catch {
            throw .fileSystem(error)
        }
        var names: [ThreadName] = []
        do {
            names = try refs.names()
        } catch {
            switch error {
            case .malformedPackedRefs:
                // The ref check reports the file (docs/FORMAT.md §5.7); leftovers are looked for
                // among the ref files all the same.
                try? RefStore.collectNames(in: refs.threadsDirectory, prefix: "", into: &names)
                names.sort()
            case .fileSystem(let cause):
                // Else `names()` fails only on the file system (`refs` a file, or unreadable): say what it said.
                throw .fileSystem(cause)
            default:
                throw .fileSystem(FileSystemError("list threads", path: refs.threadsDirectory, code: EIO))
            }
        }
        problems += nameClashes(names)
        problems += try renameProblems(names)
        problems += reflogProblems(names)
        // `logs/packed` read once, for the names it packs and for its own lines (§7.1).
        let packedReflogs = try? refs.packedReflogs.groups()
        problems += try orphanReflogProblems(names, packed: packedReflogs?.groups ?? [:])
        problems += packedReflogs.map { packedReflogProblems(unreadable: $0.unreadable, outOfOrder: $0.outOfOrder) } ?? []
        if let problem = try headOnRenamedAwayName(names) { problems.append(problem) }
        return problems
    }

    /// `HEAD` is local, so a pulled rename leaves it on the old name (§5.4, §6).
    private func headOnRenamedAwayName(_ names: [ThreadName]) throws(RepositoryError) -> RepositoryProblem? {
        guard case .thread(let name) = try? head.read(), !names.contains(name) else { return nil }
        let now = try renames().currentName(of: name.rawValue)
        guard now != name.rawValue else { return nil }
        return RepositoryProblem(
            severity: .warning, id: nil, path: head.path,
            message: "HEAD names the thread '\(name)', which was renamed to '\(now)' (a rename pulled from another clone)",
            remedy: "\(Remedy(.checkout, now))")
    }

    /// Empty folders where a ref may belong, and files in `refs/threads/` that are not refs.
    private func refFolderProblems(in folder: String, prefix: String, into problems: inout [RepositoryProblem]) throws(FileSystemError) {
        let entries = try FilePaths.contents(of: folder)
        if entries.isEmpty && folder != refs.threadsDirectory {
            problems.append(RepositoryProblem(
                severity: .warning, id: nil, path: folder,
                message: "an empty folder where the thread '\(prefix.dropLast())' would be (git keeps no empty folders; a crash or a hand edit left it)",
                remedy: "rmdir '\(folder)'"))
        }
        for entry in entries {
            let path = folder + "/" + entry
            if (try FilePaths.status(path))?.kind == .directory {
                try refFolderProblems(in: path, prefix: prefix + entry + "/", into: &problems)
            } else if !entry.hasSuffix(".lock"), !(prefix.isEmpty && entry == ".packed"), (try? ThreadName(prefix + entry)) == nil {
                // `.packed` at the top is the packed refs (docs/FORMAT.md §5.7), not a stray.
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "not a thread ref: '\(prefix + entry)' is not a valid thread name (a git merge conflict copy, or a stray)",
                    remedy: "look at it, keep any id it holds with '\(Remedy(.fork, "NAME", "ID"))', then remove it"))
            }
        }
    }

    /// Names that differ only in case or Unicode form, or a name beside a folder of names (§5.2):
    /// one file on macOS and Windows. A git merge can bring them.
    private func nameClashes(_ names: [ThreadName]) -> [RepositoryProblem] {
        // Keyed by folded components (String hashing follows canonical equivalence), so a repository
        // with many threads is checked in time proportional to their number, not its square.
        var byKey: [[String]: ThreadName] = [:]
        var pairs: [(ThreadName, ThreadName)] = []
        for name in names {
            if let earlier = byKey[name.foldedComponents] { pairs.append((earlier, name)) } else { byKey[name.foldedComponents] = name }
        }
        for name in names {
            let key = name.foldedComponents
            for length in 1..<max(1, key.count) {
                if let folder = byKey[Array(key.prefix(length))] { pairs.append((folder, name)) }
            }
        }
        return pairs.map { name, other in
            RepositoryProblem(
                severity: .warning, id: nil, path: refs.path(of: other),
                message: "threads '\(name)' and '\(other)' clash (FORMAT §5.2): on macOS and Windows they are one file, "
                    + "so one would overwrite the other",
                remedy: "\(Remedy(.renameThread, "'\(other)'", "NEW-NAME")), then commit the rename")
        }
    }

    /// The name thread `name` was renamed to, when `renames` says it was renamed away while its ref
    /// still exists (a clone went on with it after another renamed it, or a rename cut short), so
    /// `threads reconcile NAME` is what settles it; nil otherwise. `fsck`, `status`, `threads` and
    /// `send` all tell it this way.
    public func renamedAwayButPresent(_ name: ThreadName) -> String? {
        guard refs.exists(name), let renames = try? renames() else { return nil }
        return Self.renamedAwayButPresent(name, renames)
    }

    /// `renamedAwayButPresent` for a thread known to exist, with the renames read once for many.
    public static func renamedAwayButPresent(_ name: ThreadName, _ renames: Renames) -> String? {
        renames.isRenamedAway(name) ? renames.currentName(of: name.rawValue) : nil
    }

    /// A thread that still exists under a name renamed away, and a rename cut short (§5.4).
    private func renameProblems(_ names: [ThreadName]) throws(RepositoryError) -> [RepositoryProblem] {
        let renames = try renames()
        var problems: [RepositoryProblem] = []
        for name in names {
            if let now = Self.renamedAwayButPresent(name, renames) {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: refs.path(of: name),
                    message: "thread '\(name)' was renamed to '\(now)' but still exists (a rename cut short, or a clone "
                        + "that went on with '\(name)' merged after the rename)",
                    remedy: "\(Remedy(.reconcileThread, name))   (its heads join '\(now)'; nothing is lost)"))
            } else if let from = halfRenamedFrom(name, names: names), !renames.isRenamedAway(from) {
                // When `renames` records it, the old name's own warning above says what to do.
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: refs.path(of: from),
                    message: "the rename of '\(from)' to '\(name)' was cut short: both exist, at the same message, and "
                        + ".threadai/renames does not record it",
                    remedy: "\(Remedy(.deleteThread, name)) && \(Remedy(.renameThread, from, name))"))
            }
        }
        return problems
    }

    /// The old name, when `name` was made by a rename whose last steps never ran.
    private func halfRenamedFrom(_ name: ThreadName, names: [ThreadName]) -> ThreadName? {
        guard let last = try? refs.reflog(of: name).entries().last, last.message.hasPrefix("rename: from "),
              let from = try? ThreadName(String(last.message.dropFirst("rename: from ".count))), names.contains(from),
              let heads = try? refs.heads(of: name), heads.count == 1, (try? refs.heads(of: from)) == heads
        else { return nil }
        return from
    }
}
