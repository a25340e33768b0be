extension Repository {
    /// The context of message `id`: its history from the root, as a model receives it.
    ///
    /// - System messages are not turns; the newest one in the history is the system prompt, so a
    ///   fork inherits its parent's prompt and replaces it by adding its own.
    /// - With a `budget`, the oldest turns (a user message and the replies after it) are dropped
    ///   until the estimate fits; never half a turn, never the newest turn.
    /// - Estimates are scaled by the usage the newest reply in the history recorded, when it did.
    public func context(of id: ObjectID, budget: Int?) throws(ThreadError) -> Context {
        try contextBuilder(upTo: id).build(budget: budget)
    }

    /// A context builder fed with the history of `id` (none for nil), oldest first: reading every
    /// message of it, so an unreadable or corrupt history fails here. Add new messages to it to get
    /// the context they would have without reading the history again.
    public func contextBuilder(upTo id: ObjectID?) throws(ThreadError) -> ContextBuilder {
        var builder = ContextBuilder(renames: try renamesOrThrow())
        guard let id else { return builder }
        // One read per message: the walk returns whole messages, newest first.
        for (messageID, message) in try history(from: id, limit: nil, walker: walker()).reversed() {
            builder.add(messageID, message)
        }
        return builder
    }

    /// How much to scale estimates by, from a reply's reported usage; clamped, so one odd report
    /// (an offline model counting words) cannot distort everything.
    static func calibrationRatio(_ calibration: (reported: Int, estimated: Int)) -> Double {
        min(4.0, max(0.25, Double(calibration.reported) / Double(max(1, calibration.estimated))))
    }

    /// Drops whole turns, oldest first, until the context fits `budget` or only the newest turn is left.
    static func fit(_ context: inout Context, into budget: Int) {
        // One pass with a running total: a 10,000-message history drops thousands of turns.
        var estimate = context.estimatedTokens
        var firstKept = 0
        while estimate > budget {
            // A turn runs from a user message to the next one; the first turn may start with a reply.
            guard let nextStart = context.turns.dropFirst(firstKept + 1).firstIndex(where: { $0.role == .user }) else { break }
            estimate -= context.turns[firstKept..<nextStart].reduce(0) { $0 + $1.estimatedTokens }
            firstKept = nextStart
        }
        context.dropped += context.turns[..<firstKept]
        context.droppedCount += firstKept
        context.turns.removeSubrange(..<firstKept)
    }
}

extension Repository {
    /// The system prompt in force at message `id`: the content of the newest system prompt in its
    /// history (notices are passed over, §5.5), found by walking frontmatter only.
    public func systemPrompt(at id: ObjectID) throws(ThreadError) -> String? {
        let walker = walker()
        var next: ObjectID? = id
        do {
            while let current = next {
                let header = try walker.header(current)
                if header.isSystemPrompt { return try objects.message(current).content }
                next = header.parent
            }
        } catch {
            throw .object(error)
        }
        return nil
    }
}
