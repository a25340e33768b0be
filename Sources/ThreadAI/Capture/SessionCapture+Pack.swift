import ThreadAIStore

/// A captured session's messages in one file (issue: a year of captures costs the code repository
/// little): the turns of a session are stored loose as they come, a few at a time, and become one
/// pack once the session ended (docs/CLI.md `capture`).
extension SessionCapture {
    /// Packs the loose messages of the session whose transcript is `path`: the histories of
    /// `threads` (what its last capture stored) and of the thread its record goes on from. Nothing
    /// is packed when one of them is local (a local thread's messages must not enter a file git
    /// shares, docs/FORMAT.md §13), or when a `gc` is running (it packs them).
    /// - Returns: how many messages were packed.
    public func packSession(transcript path: String, threads: [ThreadName]) throws -> Int {
        var names = Set(threads)
        if let thread = CaptureRecords(repository: repository).record(CaptureRecords.key(forTranscript: path))?.continuation?.thread,
           let name = try? ThreadName(thread) {
            names.insert(name)
        }
        guard !names.isEmpty, names.isDisjoint(with: try LocalThreads(repository: repository).names()) else { return 0 }
        var ids: [ObjectID] = []
        for name in names {
            for head in try repository.refs.heads(of: name) { ids += try repository.walker().chain(to: head) }
        }
        return try repository.packLoose(ids)
    }
}
