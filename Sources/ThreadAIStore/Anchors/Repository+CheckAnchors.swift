extension Repository {
    /// What `fsck` says of the anchor notes (docs/FORMAT.md §4.7.1), all warnings: readers skip what
    /// is wrong, and a note never overrides a message's own keys. A malformed line, named by its
    /// number; a last line without LF (a writer stopped); lines whose message this repository lacks
    /// (its objects were not pulled yet, or were lost), one warning per note.
    func anchorNoteProblems(known: SortedIDs) -> [RepositoryProblem] {
        let notes = AnchorNotes(repository: self)
        let names: [String]
        do {
            names = try notes.names()
        } catch {
            return [RepositoryProblem(severity: .warning, id: nil, path: notes.directory, message: "cannot list the anchor notes: \(error)")]
        }
        var problems: [RepositoryProblem] = []
        for name in names {
            let path = notes.path(of: name)
            let contents: AnchorNotes.Contents
            do {
                contents = try notes.read(name)
            } catch {
                problems.append(RepositoryProblem(severity: .warning, id: nil, path: path, message: "cannot read this anchor note: \(error)"))
                continue
            }
            for line in contents.malformed {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "anchor note line \(line.line) is malformed and ignored: \(line.reason)"))
            }
            if contents.cutShort {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "the anchor note's last line has no line end (a writer was stopped) and is ignored; the next capture that anchors in this note removes it"))
            }
            let absent = contents.anchors.keys.filter { known.position(of: $0) == nil }.sorted()
            if let first = absent.first {
                problems.append(RepositoryProblem(
                    severity: .warning, id: first, path: path,
                    message: "the anchor note names \(absent.count) message\(absent.count == 1 ? "" : "s") this repository does not have"
                        + " (the first is this one): their objects were not pulled yet, or were lost; the anchors wait for them"))
            }
        }
        return problems
    }
}
