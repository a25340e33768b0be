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
    /// Turns older than `turns` that were not read, every one of them left out to fit the budget.
    private var unreadDroppedTurns = 0

    init(renames: Renames) {
        self.renames = renames
    }

    /// The system prompt of the messages added so far.
    public var systemPrompt: String? { system?.content }

    /// Adds the next message of the history.
    public mutating func add(_ id: ObjectID, _ message: Message) {
        let estimate = append(id, message)
        estimatedSoFar += estimate
        if message.role != .system, let input = message.inputTokens, let output = message.outputTokens, input + output > 0 {
            usages.append((input + output, estimatedSoFar - estimate, estimatedSoFar))
        }
    }

    /// Keeps the usages and the estimate so far of the messages added, but replaces their turns
    /// with `omitted` turns left unread and then `messages`, the newest of the history, oldest first.
    ///
    /// For a history read in part (`Repository.contextBuilder(upTo:budget:)`): the messages added
    /// before are the oldest, up to where the estimate passed the budget, so no later reply can
    /// calibrate; `messages` start at a turn that, with the turns after it, already exceeds the
    /// budget, so every turn before it is left out; `system` is the history's newest system message.
    mutating func skip(omitted: Int, system: (id: ObjectID, message: Message)?, then messages: ArraySlice<(id: ObjectID, message: Message)>) {
        turns = []
        unreadDroppedTurns = omitted
        if let system { append(system.id, system.message) }
        for (id, message) in messages { append(id, message) }
    }

    /// Takes `message` as the system prompt or as the next turn; returns its estimate.
    @discardableResult
    private mutating func append(_ id: ObjectID, _ message: Message) -> Int {
        // A notice is neither the prompt nor a turn (§5.5): nothing of it reaches the model.
        if message.isNotice { return 0 }
        let content = Self.content(of: message, renames: renames)
        let estimate = TokenEstimate.of(content)
        if message.role == .system {
            system = (id, message.content)
            // White space alone is no prompt (it clears one): nothing of it is given, so it costs nothing,
            // here and in the history's estimate that a reply's usage calibrates (docs/FORMAT.md §5.5).
            if Context.systemPrompt(in: message.content) == nil { return 0 }
        } else {
            turns.append(Context.Turn(
                id: id, role: message.role, thread: renames.currentName(of: message.thread.rawValue),
                content: content, estimatedTokens: estimate))
        }
        return estimate
    }

    /// The estimate of `message` as a turn of this history, before calibration.
    func estimate(of message: Message) -> Int {
        TokenEstimate.of(Self.content(of: message, renames: renames))
    }

    /// What the model is given of `message`: its content, after a preface for a merged outcome.
    private static func content(of message: Message, renames: Renames) -> String {
        guard message.role == .user, let link = message.mergeLink else { return message.content }
        // §4.8: the model is told where a merged outcome came from; the object holds only the outcome.
        return link.contextPreface(threadName: renames.currentName(of: link.thread.rawValue)) + "\n\n" + message.content
    }

    /// The estimate of every message added so far, system messages included.
    var estimatedTokensSoFar: Int { estimatedSoFar }

    /// How much to scale estimates by for `budget`: from the usage the newest reply within it recorded.
    func calibrationRatio(budget: Int?) -> Double {
        // Estimates before a reply only grow along the history: the newest within the budget is found from the end.
        let usage = if let budget { usages.last { $0.before <= budget } } else { usages.last }
        return usage.map { Repository.calibrationRatio((reported: $0.reported, estimated: $0.estimated)) } ?? 1
    }

    /// The context of the messages added so far. A builder that read part of a history builds the
    /// context of the whole for the budget it was read for, or a smaller one.
    public func build(budget: Int?) -> Context {
        let ratio = calibrationRatio(budget: budget)
        var scaled = turns
        if ratio != 1 {
            for index in scaled.indices {
                scaled[index].estimatedTokens = Self.scaled(scaled[index].estimatedTokens, by: ratio)
            }
        }
        // The reported usage covers the system prompt too, so it is scaled like the turns.
        let system = self.system.flatMap { Context.systemPrompt(in: $0.content) == nil ? nil : $0 }
        let systemTokens = system.map { Self.scaled(TokenEstimate.of($0.content), by: ratio) } ?? 0
        var context = Context(
            system: system?.content, systemID: system?.id, systemTokens: systemTokens,
            turns: scaled, dropped: [], droppedCount: unreadDroppedTurns, budget: budget)
        if let budget { Repository.fit(&context, into: budget) }
        return context
    }

    static func scaled(_ estimate: Int, by ratio: Double) -> Int {
        Int((Double(estimate) * ratio).rounded(.up))
    }
}
