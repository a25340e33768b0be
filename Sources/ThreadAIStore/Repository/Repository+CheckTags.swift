extension Repository {
    /// What `fsck` reports about tags (docs/FORMAT.md §5.6): a malformed tag file or one that
    /// names a missing message (errors), and a tag name that clashes with another tag's or with a
    /// thread's (warnings: the name is ambiguous, or would share a file on macOS and Windows).
    func tagProblems(threads: [ThreadName], isKnown: (ObjectID) -> Bool) -> [RepositoryProblem] {
        var problems: [RepositoryProblem] = []
        let names: [ThreadName]
        do {
            names = try tags.names()
        } catch {
            return [RepositoryProblem(severity: .error, id: nil, path: tags.directory, message: error.description)]
        }
        for name in names {
            let path = tags.path(of: name)
            do {
                if let tag = try tags.tag(name), !isKnown(tag.target) {
                    problems.append(RepositoryProblem(
                        severity: .error, id: tag.target, path: path, message: "tag '\(name)' points at a missing message",
                        remedy: "pull the message, or delete the tag: threadai tag -d \(name)"))
                }
            } catch {
                problems.append(RepositoryProblem(severity: .error, id: nil, path: path, message: error.description))
            }
            if let clash = name.conflict(among: names) {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "tag '\(name)' clashes with tag '\(clash)' (they would share one file on macOS and Windows)",
                    remedy: "threadai tag -d \(name), then tag the message under another name"))
            }
            if let thread = threads.first(where: { $0 == name }) ?? name.conflict(among: threads) {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "tag '\(name)' has the name of thread '\(thread)': the bare name means the thread; tags/\(name) the tag",
                    remedy: "threadai tag -d \(name), then tag the message under another name"))
            }
        }
        return problems
    }

    /// The messages tags name, which keep them reachable for `fsck`; none when a tag cannot be read.
    func taggedMessages() -> [ObjectID] {
        ((try? tags.names()) ?? []).compactMap { try? tags.tag($0)?.target }
    }
}
