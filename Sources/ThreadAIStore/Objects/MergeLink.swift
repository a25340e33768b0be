/// Where a merged outcome came from (docs/FORMAT.md §4.8): the message it was taken from, the
/// sub-thread's name when it was merged, and whether the content is a summary the model wrote.
public struct MergeLink: Sendable, Equatable {
    /// The message the outcome was taken from: a link, never a parent.
    public var from: ObjectID
    /// The sub-thread's name when it was merged, as recorded (show it after renames).
    public var thread: ThreadName
    /// True when the content is a summary; false when it is the answer itself.
    public var isSummary: Bool

    public init(from: ObjectID, thread: ThreadName, isSummary: Bool) {
        (self.from, self.thread, self.isSummary) = (from, thread, isSummary)
    }

    /// The line a context gives before the merged content, then one blank line (§4.8).
    /// - Parameter threadName: the sub-thread's current name (`thread` after renames).
    public func contextPreface(threadName: String) -> String {
        let what = isSummary ? "a summary up to message \(from.short)" : "its last answer, message \(from.short)"
        return "[Outcome of the sub-thread '\(threadName)' (\(what)), merged into this thread:]"
    }
}

extension MergeLink {
    /// The merge `fields` record, or nil without `merged-from` and `merged-thread` (a partial
    /// record is not a merge a reader can show).
    init?(fields: [String: String]) {
        guard let from = fields[FrontmatterKey.mergedFrom].flatMap({ try? ObjectID(hex: $0) }),
            let thread = fields[FrontmatterKey.mergedThread].flatMap({ try? ThreadName($0) })
        else { return nil }
        self.init(from: from, thread: thread, isSummary: fields[FrontmatterKey.mergedSummary] == "true")
    }
}

extension MessageFrontmatter {
    /// The merge this message records (docs/FORMAT.md §4.8), or nil.
    public var mergeLink: MergeLink? { MergeLink(fields: fields) }
}

extension Message {
    /// The merge this message records; setting nil removes the three keys.
    public var mergeLink: MergeLink? {
        get { MergeLink(fields: fields) }
        set {
            setCheckedField(FrontmatterKey.mergedFrom, to: newValue?.from.hex)
            setCheckedField(FrontmatterKey.mergedThread, to: newValue?.thread.rawValue)
            setCheckedField(FrontmatterKey.mergedSummary, to: newValue?.isSummary == true ? "true" : nil)
        }
    }
}
