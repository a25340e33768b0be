import ThreadAISupport
extension Repository {
    /// Reflog lines for changes that never happened: a writer logs a change under the ref's lock,
    /// then moves the ref (§7, §10); a crash between the two leaves the line alone. A change git
    /// made (a pull) writes no line, so only a last line whose old value is the ref's value counts.
    func reflogProblems(_ names: [ThreadName]) -> [RepositoryProblem] {
        var problems: [RepositoryProblem] = []
        for name in names {
            let reflog = refs.reflog(of: name)
            guard let heads = try? refs.heads(of: name), heads.count == 1,
                  let last = try? reflog.entries().last, last.old == heads[0], last.new != heads[0]
            else { continue }
            guard let new = last.new else {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: reflog.path,
                    message: "the reflog of '\(name)' records a deletion (\(last.message)) that never happened; the thread is still there",
                    remedy: last.message.hasPrefix("rename: to ")
                        ? "finish the rename as the warning about '\(name)' says"
                        : "\(Remedy(.deleteThread, name)), if you still want it gone"))
                continue
            }
            problems.append(RepositoryProblem(
                severity: .warning, id: objects.contains(new) ? new : nil, path: reflog.path,
                message: "the reflog of '\(name)' records a move to \(new.short) that never happened (a writer stopped "
                    + "between logging and moving the ref); the thread still ends at \(heads[0].short)",
                remedy: keepRemedy(name, new)))
        }
        return problems
    }

    /// Reflogs of names with no ref whose last line says the ref exists: a create or a rename that
    /// stopped part-way (§5.4), or a thread a git pull deleted.
    /// `packed`: the groups of `logs/packed`, whose names have no file of their own.
    func orphanReflogProblems(_ names: [ThreadName], packed: [String: [String]]) throws(RepositoryError) -> [RepositoryProblem] {
        let folder = refs.reflogsDirectory
        var files: Set<String>
        do {
            files = Set(try FilePaths.contents(of: folder))
        } catch {
            guard error.isNotFound else { throw .fileSystem(error) }
            files = []
        }
        // Reflogs a `gc` packed (§7.1) have no file of their own.
        files.formUnion(packed.keys)
        let renames = try renames()
        var problems: [RepositoryProblem] = []
        // Threads with no reflog of their own, by head: where a rename that stopped early took it from.
        var withoutReflog: [ObjectID: ThreadName]?
        for file in files.sorted() {
            // The reflog of a name renamed away (here, or by a pulled rename) rightly has no ref.
            guard let name = try? ThreadName(file.replacing("%2F", with: "/")), !names.contains(name), !renames.isRenamedAway(name),
                  let last = try? refs.reflog(of: name).entries().last, let new = last.new
            else { continue }
            let path = FilePaths.exists(folder + "/" + file) ? folder + "/" + file : refs.packedReflogs.path
            if last.old == nil, last.message.hasPrefix("rename: from "),
               let from = try? ThreadName(String(last.message.dropFirst("rename: from ".count))), names.contains(from) {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "the rename of '\(from)' to '\(name)' stopped before '\(name)' was created",
                    remedy: "\(Remedy(.renameThread, from, name))"))
            } else if let owner = { () -> ThreadName? in
                if withoutReflog == nil { withoutReflog = threadsWithoutReflog(names) }
                return withoutReflog?[new]
            }() {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "the reflog of '\(owner)' was moved to '\(name)' by a rename that stopped there",
                    remedy: "\(Remedy(.renameThread, owner, name)) (to finish it), or mv '\(path)' '\(refs.reflog(of: owner).path)' (to undo it)"))
            } else if last.old == nil {
                problems.append(RepositoryProblem(
                    severity: .warning, id: objects.contains(new) ? new : nil, path: path,
                    message: "the reflog of '\(name)' records its creation at \(new.short), but there is no thread '\(name)' "
                        + "(a writer stopped before creating it, or a git pull deleted it)",
                    remedy: keepRemedy(name, new)))
            }
        }
        return problems
    }

    /// Lines of `logs/packed` a reader skips or may not find (§7.1): not `FILE SP LINE`, or out of
    /// order (a hand edit: only `gc` writes the file, sorted). Reflogs are advisory, so a warning.
    func packedReflogProblems(unreadable: [Int], outOfOrder: [Int]) -> [RepositoryProblem] {
        let packed = refs.packedReflogs
        var problems: [RepositoryProblem] = []
        func lines(_ numbers: [Int]) -> String {
            "\(numbers.count == 1 ? "line" : "lines") \(numbers.prefix(5).map(String.init).joined(separator: ", "))\(numbers.count > 5 ? ", …" : "")"
        }
        if !unreadable.isEmpty {
            problems.append(RepositoryProblem(
                severity: .warning, id: nil, path: packed.path,
                message: "\(lines(unreadable)) of the packed reflogs \(unreadable.count == 1 ? "is" : "are") not 'FILE SP LINE' and \(unreadable.count == 1 ? "is" : "are") skipped",
                remedy: "nothing is lost but those reflog lines; remove them from the file to silence this"))
        }
        if !outOfOrder.isEmpty {
            problems.append(RepositoryProblem(
                severity: .warning, id: nil, path: packed.path,
                message: "\(lines(outOfOrder)) of the packed reflogs \(outOfOrder.count == 1 ? "stands" : "stand") out of order, where a reader may not find \(outOfOrder.count == 1 ? "it" : "them")",
                remedy: "sort its lines by name, each name's lines in their order, while no \(Remedy.program) runs: "
                    + "LC_ALL=C sort -s -t ' ' -k1,1 -o '\(packed.path)' '\(packed.path)'"))
        }
        return problems
    }

    private func threadsWithoutReflog(_ names: [ThreadName]) -> [ObjectID: ThreadName] {
        var result: [ObjectID: ThreadName] = [:]
        for name in names where !refs.reflog(of: name).exists() {
            if let heads = try? refs.heads(of: name), heads.count == 1, result[heads[0]] == nil { result[heads[0]] = name }
        }
        return result
    }

    private func keepRemedy(_ name: ThreadName, _ id: ObjectID) -> String {
        objects.contains(id)
            ? "nothing is lost; to keep that message on a thread: \(Remedy(.fork, "\(name)-\(id.short)", id.short))"
            : "nothing to do: that message was never stored"
    }
}
