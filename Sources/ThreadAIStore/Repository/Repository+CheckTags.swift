extension Repository {
    /// The tags, read once for both the tag checks and the reachability of messages.
    struct TagReading {
        var names: Result<[ThreadName], TagError>
        /// Each tag, or why it could not be read; empty when the names could not be.
        var tags: [(name: ThreadName, tag: Result<Tag?, TagError>)]

        /// The messages the readable tags name, which keep them reachable for `fsck`.
        var targets: [ObjectID] {
            tags.compactMap { entry in
                guard case .success(let tag?) = entry.tag else { return nil }
                return tag.target
            }
        }
    }

    func readTags() -> TagReading {
        let names = Result { () throws(TagError) in try tags.names() }
        let read = ((try? names.get()) ?? []).map { name in
            (name: name, tag: Result { () throws(TagError) in try tags.tag(name) })
        }
        return TagReading(names: names, tags: read)
    }

    /// What `fsck` reports about tags (docs/FORMAT.md §5.6): a malformed tag file or one that
    /// names a missing message (errors), and a tag name that clashes with another tag's or with a
    /// thread's (warnings: the name is ambiguous, or would share a file on macOS and Windows).
    func tagProblems(_ reading: TagReading, threads: [ThreadName], isKnown: (ObjectID) -> Bool) -> [RepositoryProblem] {
        var problems: [RepositoryProblem] = []
        let names: [ThreadName]
        switch reading.names {
        case .success(let read): names = read
        case .failure(let error): return [RepositoryProblem(severity: .error, id: nil, path: tags.directory, message: error.description)]
        }
        for (name, tag) in reading.tags {
            let path = tags.path(of: name)
            switch tag {
            case .success(let tag?) where !isKnown(tag.target):
                problems.append(RepositoryProblem(
                    severity: .error, id: tag.target, path: path, message: "tag '\(name)' points at a missing message",
                    remedy: "pull the message, or delete the tag: threadai tag -d \(name)"))
            case .success:
                break
            case .failure(let error):
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
}
