#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAI
import ThreadAISupport

/// Streams a reply to the terminal and reports how it ended: what `send`, `retry` and the revising
/// commands share.
enum ReplyRunner {
    /// The options every command that streams a reply takes, besides its model option.
    static let streamOptions: [ArgumentSpec] = [
        .option("provider", valueName: "NAME", help: ProviderKind.allNames + "."),
        .flag("no-stream", help: "Print the reply when it is complete instead of as it arrives."),
        .option("budget", valueName: "TOKENS", help: "Token budget for the context; the oldest turns are dropped to fit."),
    ]

    /// `-m/--model` for commands whose `-m` is not taken by a message.
    static let modelOption = ArgumentSpec.option(
        "model", short: "m", valueName: "MODEL", help: "The model to ask this time (a name or an alias).")

    /// Says which provider answers and what the budget left out, then streams the reply to
    /// `prepared`, stores it and reports how it ended (the exit status).
    static func answer(
        _ prepared: Conversation.PreparedTurn, conversation: Conversation, provider: any ChatProvider,
        choice: ProviderChoice, arguments: ParsedArguments, _ context: CommandContext
    ) async -> ExitStatus {
        if let notice = choice.notice { context.note(notice) }
        if prepared.context.droppedCount > 0 {
            context.note("the context exceeds the budget; left out the \(prepared.context.droppedCount) oldest messages.")
        }
        let streamed = await stream(
            prepared, conversation: conversation, provider: provider, choice: choice, live: !arguments.flag("no-stream"), context)
        return report(streamed, prepared: prepared, naming: CommandNaming(arguments), context)
    }

    /// Builds the chosen provider with retry notices going to stderr ("threadai: retrying in 2.1 s
    /// (429 rate limited), retry 1 of 3").
    /// - Throws: `ProviderError` (missing key, unusable base URL) before anything is stored.
    static func makeProvider(_ choice: ProviderChoice, _ context: CommandContext) throws -> any ChatProvider {
        let notices = NoticeWriter(errors: context.errors)
        return try choice.makeProvider { notice in notices.note(notice.description) }
    }

    /// A stored reply and the signal that stopped it, if one did.
    struct Streamed {
        var outcome: ReplyOutcome
        var stoppedBy: Int32?
    }

    /// Streams the reply to `prepared` onto stdout as it arrives (or at the end when `live` is
    /// false) and stores it. Ctrl-C, SIGTERM and SIGHUP stop it and keep what arrived.
    static func stream(
        _ prepared: Conversation.PreparedTurn, conversation: Conversation, provider: any ChatProvider,
        choice: ProviderChoice, live: Bool, _ context: CommandContext
    ) async -> Streamed {
        let (model, maxOutputTokens) = (choice.model, choice.maxOutputTokens)
        let (outcome, stoppedBy) = await streaming(live: live, context) { sink in
            sink.write(prepared.continuing ?? "")  // A continued reply is shown whole.
            return await conversation.reply(to: prepared, provider: provider, model: model, maxOutputTokens: maxOutputTokens) {
                sink.write($0)
            }
        }
        return Streamed(outcome: outcome, stoppedBy: stoppedBy)
    }

    /// Runs `work`, which writes what a model streams into the sink, until it ends or Ctrl-C,
    /// SIGTERM or SIGHUP cancels it; returns its result and the signal that stopped it.
    static func streaming<Result: Sendable>(
        live: Bool, _ context: CommandContext, _ work: @escaping @Sendable (StreamSink) async -> Result
    ) async -> (Result, stoppedBy: Int32?) {
        let sink = StreamSink(output: context.output, live: live)
        // The signals are caught before the work starts: a signal that came between the two would
        // otherwise kill the process with what had arrived unsaved.
        let slot = CancellableSlot()
        let interrupt = InterruptSignal { _ in slot.cancel() }
        let task = Task { await work(sink) }
        slot.hold(task)
        let result = await task.value
        let stoppedBy = interrupt.signalNumber
        withExtendedLifetime(interrupt) {}
        sink.finish()
        return (result, stoppedBy)
    }

    /// Tells how the reply ended and returns the exit status: success, stopped by a signal (128 +
    /// its number: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), or the provider's failure (5)
    /// with what was kept and how to ask again.
    static func report(
        _ streamed: Streamed, prepared: Conversation.PreparedTurn, naming: CommandNaming = .shell, _ context: CommandContext
    ) -> ExitStatus {
        if streamed.outcome.keysReplaced > 0 {
            context.note("the reply held the API key this request sent (a server or proxy on the way echoes it back); "
                + "it is shown and stored as \(KeyFilter.placeholder). Check the base URL.")
        }
        let status = reportStatus(streamed.outcome, prepared: prepared, naming, context)
        return status == .interrupted ? interruptedStatus(stoppedBy: streamed.stoppedBy) : status
    }

    /// 128 + the number of the signal that stopped a stream (130 when it was cancelled otherwise).
    static func interruptedStatus(stoppedBy signal: Int32?) -> ExitStatus {
        switch signal {
        case SIGTERM: return .terminated
        case SIGHUP: return .hungUp
        default: return .interrupted
        }
    }

    private static func reportStatus(
        _ outcome: ReplyOutcome, prepared: Conversation.PreparedTurn, _ naming: CommandNaming, _ context: CommandContext
    ) -> ExitStatus {
        if let kept = outcome.unattachedReplyID, let storeError = outcome.storeError {
            let why: String
            if case .ref(.concurrentChange) = storeError {
                why = "thread '\(prepared.thread)' moved on while the reply streamed"
            } else {
                why = "thread '\(prepared.thread)' could not be moved to it: \(storeError)"
            }
            context.errors.line("threadai: the reply is stored as message \(kept.hex), but \(why). "
                + "Link it to a thread with 'threadai checkout -b NAME \(kept.short)'.")
            return ExitStatus(for: storeError)
        }
        let location = "[\(prepared.thread) \(outcome.replyID?.short ?? prepared.userMessageID.short)]"
        if let storeError = outcome.storeError, storeError.changeWasMade, outcome.replyID != nil {
            context.errors.line("threadai: the reply is stored \(location) and the thread is at it; but \(storeError)")
            return ExitStatus(for: storeError)
        }
        if let storeError = outcome.storeError {
            context.errors.line("threadai: the reply could not be stored: \(storeError)")
            // Sending again would ask the question twice: it is stored, and `retry` answers it.
            context.note("your message is stored \(location); once that is fixed, \(naming.retry) asks again.")
            return ExitStatus(for: storeError)
        }
        if outcome.interrupted {
            let arrived = outcome.text.count - (prepared.continuing?.count ?? 0)  // A continued reply holds the partial text too.
            if outcome.replyID == nil {
                context.note("interrupted before any reply arrived; your message is stored \(location); \(naming.retry) asks again.")
            } else {
                context.note("interrupted; kept the \(arrived) characters that arrived \(location); \(naming.continueCommand) completes the reply.")
            }
            return .interrupted
        }
        if let failure = outcome.failure {
            context.errors.line("threadai: \(failure)")
            context.note(outcome.replyID == nil
                ? "your message is stored \(location); \(naming.retry) asks again."
                : "your message and the partial reply are stored \(location); \(naming.continueCommand) completes it, \(naming.retry) asks again.")
            return .providerFailed
        }
        if let stop = outcome.completion?.stopReason, Conversation.outputLimitStopReasons.contains(stop) {
            // Exit 0 as documented (the reply is what the provider sent), but a cut reply must not pass for a whole one.
            context.note("the reply was cut off at the output limit (\(stop)), stored \(location); "
                + "\(naming.continueCommand) goes on from where it stopped ('threadai config set max-output-tokens N' allows longer replies).")
        } else if outcome.text.allSatisfy(\.isWhitespace) {
            // Nothing on stdout, exit 0: without a word the user would take it for a hang or a bug.
            let reason = outcome.completion.map { " (stop reason: \($0.stopReason))" } ?? ""
            context.note("the model returned an empty reply\(reason), stored \(location); "
                + "\(naming.regenerate) asks for another answer, or send another message.")
        } else if context.stdoutIsTerminal {
            context.errors.line(context.style.dim(location))
        }
        return .success
    }
}

/// The task a signal cancels, which may arrive before the task is made: it is then cancelled as
/// soon as it is held.
private final class CancellableSlot: Sendable {
    private struct State {
        var cancelHeld: (@Sendable () -> Void)?
        var cancelled = false
    }

    private let state = Locked(State())

    func hold<Success: Sendable>(_ task: Task<Success, Never>) {
        let wasCancelled = state.withLock {
            $0.cancelHeld = { task.cancel() }
            return $0.cancelled
        }
        if wasCancelled { task.cancel() }
    }

    func cancel() {
        let action = state.withLock {
            $0.cancelled = true
            return $0.cancelHeld
        }
        action?()
    }
}

/// Writes notes to stderr from whichever task the provider's retry loop runs on.
///
/// `@unchecked Sendable`: every use of the wrapped output goes through the lock, and the command
/// itself writes to stderr only before the reply starts or after it has ended.
final class NoticeWriter: @unchecked Sendable {
    private let errors: any TextOutput
    private let lock = Locked(())

    init(errors: any TextOutput) {
        self.errors = errors
    }

    func note(_ text: String) {
        lock.withLock { _ in
            errors.line("threadai: \(text)")
            errors.flush()
        }
    }
}
