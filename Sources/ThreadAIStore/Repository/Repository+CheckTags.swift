import ThreadAISupport
extension Repository {
    /// The tags, read once for both the tag checks and the reachability of messages.
    struct TagReading {
        var names: Result<[ThreadName], TagError>
        /// The files in `refs/tags/` whose path is not a valid tag name.
        var invalidNames: [String] = []
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
        let listing = Result { () throws(TagError) in try tags.namesAndInvalidFiles() }
        let read = ((try? listing.get().names) ?? []).map { name in
            (name: name, tag: Result { () throws(TagError) in try tags.tag(name) })
        }
        return TagReading(names: listing.map(\.names), invalidNames: (try? listing.get().invalid) ?? [], tags: read)
    }

    /// What `fsck` reports about tags (docs/FORMAT.md §5.6): a file whose name is not a valid tag
    /// name and a malformed tag file (errors), one that
    /// names a message this repository does not have (a warning), and a tag name that clashes with another tag's or with a
    /// thread's (warnings: the name is ambiguous, or would share a file on macOS and Windows).
    func tagProblems(_ reading: TagReading, threads: [ThreadName], isKnown: (ObjectID) -> Bool) -> [RepositoryProblem] {
        var problems: [RepositoryProblem] = []
        let names: [ThreadName]
        switch reading.names {
        case .success(let read): names = read
        case .failure(let error): return [RepositoryProblem(severity: .error, id: nil, path: tags.directory, message: error.description)]
        }
        for path in reading.invalidNames {
            // No reader takes it for a tag, so the message it names is not kept by it: said, with the
            // way to keep it under a name that reads.
            let name = String(path.dropFirst(tags.directory.count + 1))
            var why = "\(name.quotedForDisplay) is not a valid tag name."
            do {
                _ = try ThreadName(name)
            } catch {
                why = error.naming("tag").description
            }
            problems.append(RepositoryProblem(
                severity: .error, id: nil, path: path,
                message: why + " So this file is no tag: listings and revisions pass over it, and it keeps no message "
                    + "(a hand edit, or a tag made by another tool)",
                remedy: "to keep its message bookmarked: \(Remedy(.moveTag, "NEW-NAME", "ID")) (ID its first line); then rm '\(path)'"))
        }
        for (name, tag) in reading.tags {
            let path = tags.path(of: name)
            switch tag {
            case .success(let tag?) where !isKnown(tag.target):
                // Not damage: a clone gets a tag whose message was never shared (kept local where it
                // was tagged, by an older threadai) or not pulled yet, as it gets a `merged-from`
                // target it lacks (docs/FORMAT.md §4.8, §5.6).
                problems.append(RepositoryProblem(
                    severity: .warning, id: tag.target, path: path,
                    message: "tag '\(name)' points at a message this repository does not have "
                        + "(not pulled yet, or kept out of git where it was tagged: a local thread's)",
                    remedy: "git pull may bring it; if not, delete the tag and commit that: \(Remedy(.deleteTag, name))"))
            case .success:
                break
            case .failure(let error):
                problems.append(RepositoryProblem(severity: .error, id: nil, path: path, message: error.description))
            }
            if let clash = name.conflict(among: names) {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "tag '\(name)' clashes with tag '\(clash)' (they would share one file on macOS and Windows)",
                    remedy: "\(Remedy(.deleteTag, name)), then tag the message under another name"))
            }
            if let thread = threads.first(where: { $0 == name }) ?? name.conflict(among: threads) {
                problems.append(RepositoryProblem(
                    severity: .warning, id: nil, path: path,
                    message: "tag '\(name)' has the name of thread '\(thread)': the bare name means the thread; tags/\(name) the tag",
                    remedy: "\(Remedy(.deleteTag, name)), then tag the message under another name"))
            }
        }
        return problems
    }
}
