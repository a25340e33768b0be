/// Builds a `Context` from a history given oldest first, one message at a time (docs/FORMAT.md §5.5).
///
/// - System messages are not turns; the newest one added is the system prompt, so a fork inherits
///   its parent's prompt and replaces it by adding its own.
/// - With a budget, the oldest turns (a user message and the replies after it) are dropped until the
///   estimate fits; never half a turn, never the newest turn.
/// - Estimates are scaled by the usage the newest reply recorded, when one did — the newest whose
///   history, estimated, was within the budget: a reply to a longer history was given only the
///   newest turns that fit, and its usage compared with the whole history's estimate would scale
///   estimates down to a quarter, letting a context several times the budget pass for one that fits.
public struct ContextBuilder: Sendable {
    private let renames: Renames
    private var system: (id: ObjectID, content: String)?
    private var turns: [Context.Turn] = []
    /// Each reply's recorded usage, with the estimate of its history before it and with it, oldest first.
    private var usages: [(reported: Int, before: Int, estimated: Int)] = []
    private var estimatedSoFar = 0

    init(renames: Renames) {
        self.renames = renames
    }

    /// The system prompt of the messages added so far.
    public var systemPrompt: String? { system?.content }

    /// Adds the next message of the history.
    public mutating func add(_ id: ObjectID, _ message: Message) {
        var content = message.content
        if message.role == .user, let link = message.mergeLink {
            // §4.8: the model is told where a merged outcome came from; the object holds only the outcome.
            content = link.contextPreface(threadName: renames.currentName(of: link.thread.rawValue)) + "\n\n" + content
        }
        let estimate = TokenEstimate.of(content)
        estimatedSoFar += estimate
        if message.role == .system {
            system = (id, message.content)
            return
        }
        if let input = message.inputTokens, let output = message.outputTokens, input + output > 0 {
            usages.append((input + output, estimatedSoFar - estimate, estimatedSoFar))
        }
        turns.append(Context.Turn(
            id: id, role: message.role, thread: renames.currentName(of: message.thread.rawValue),
            content: content, estimatedTokens: estimate))
    }

    /// The context of the messages added so far.
    public func build(budget: Int?) -> Context {
        // Estimates before a reply only grow along the history: the newest within the budget is found from the end.
        let usage = if let budget { usages.last { $0.before <= budget } } else { usages.last }
        let calibration = usage.map { (reported: $0.reported, estimated: $0.estimated) }
        let ratio = calibration.map(Repository.calibrationRatio) ?? 1
        var scaled = turns
        if calibration != nil {
            for index in scaled.indices {
                scaled[index].estimatedTokens = Int((Double(scaled[index].estimatedTokens) * ratio).rounded(.up))
            }
        }
        // The reported usage covers the system prompt too, so it is scaled like the turns.
        let systemTokens = system.map { Int((Double(TokenEstimate.of($0.content)) * ratio).rounded(.up)) } ?? 0
        var context = Context(
            system: system?.content, systemID: system?.id, systemTokens: systemTokens,
            turns: scaled, dropped: [], budget: budget)
        if let budget { Repository.fit(&context, into: budget) }
        return context
    }
}
