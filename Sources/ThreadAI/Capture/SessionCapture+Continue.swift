#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// The capture of a Claude Code transcript that reads only the lines added since its record's
/// `settled` (docs/FORMAT.md §16, "Going on from the record"): a turn's capture costs the turn, not
/// the session. It stores exactly what reading the whole would store, or declines (nil), and the
/// caller reads the whole.
extension SessionCapture {
    func continued(
        _ path: String, from old: CaptureRecord, state: CaptureContinuation, settleAll: Bool, outcome: inout Outcome
    ) throws(CaptureError) -> CaptureRecord? {
        // Below `headLength` the record's fingerprint still grows with the transcript: so small a one is read whole.
        guard old.offset >= CaptureRecord.headLength, let tail = TranscriptFile.bytes(of: path, from: old.settled, since: old) else {
            return nil
        }
        let complete = Array(tail.prefix(SettledPrefix.completeLines(of: tail)))
        var end = complete.count
        if !settleAll {
            switch state.position {
            case .claudeCode: end = SettledPrefix.end(of: complete, added: true)
            case .gemini: end = TranscriptParser.startOfNewestGeminiMessage(complete)
            case .codex: break
            }
        }
        var record = old
        record.offset = old.settled + complete.count
        record.settled = old.settled + end
        // Set only once this capture is the one that stores: declining leaves `outcome` to the whole read.
        func report(_ outcome: inout Outcome) {
            outcome.heldBack = complete.count - end
            outcome.readFrom = old.settled
            outcome.redacted = record.redacted
        }
        guard end > 0 else {  // Nothing more settled: only the record moves on.
            report(&outcome)
            return record
        }
        let name = "\(path) (the part from byte \(old.settled))"
        let added = Data(complete[..<end])
        let parsed: (nodes: [ImportNode], notes: [String], next: CaptureContinuation.Position, tip: String)?
        let format: String
        do {
            switch state.position {
            case .claudeCode(let reply, let frontier, let titles, let sidechain):
                format = "claude-code"
                parsed = try ClaudeCodeParser.continuing(added, name: name, from: ClaudeCodeParser.Continuation(
                    conversation: state.conversation, tip: state.tipSource, reply: reply, frontier: frontier, titles: titles, sidechain: sidechain))
                    .map { ($0.nodes, $0.notes, Self.position($0.next), $0.next.tip) }
            case .codex(let lines, let model, let cwd):
                format = "codex"
                parsed = try CodexRollout.continuing(added, name: name, from: CodexRollout.Continuation(
                    conversation: state.conversation, tip: state.tipSource, lines: lines, model: model, cwd: cwd))
                    .map { ($0.nodes, $0.notes, Self.position($0.next), $0.next.tip) }
            case .gemini:
                format = "gemini"
                parsed = try GeminiSession.continuing(added, name: name, conversation: state.conversation, tip: state.tipSource)
                    .map { ($0.nodes, $0.notes, .gemini, $0.tip) }
            }
        } catch {
            return nil  // Read whole, an unreadable part is named as the import names it.
        }
        guard let parsed else { return nil }
        var nodes = parsed.nodes
        let notes = parsed.notes
        record.redacted += Self.redact(&nodes)
        let conversation = ImportConversation(format: format, id: state.conversation, title: nil, date: nil, nodes: nodes, currentNode: nil)
        var importer = Importer(repository: repository)
        var summary = Importer.Summary()
        let ref: ThreadName
        do {
            ref = try ThreadName(state.thread)
        } catch {
            return nil
        }
        let ids: [ObjectID]
        do {
            guard let written = try importer.extend(conversation, nodes: nodes, below: state.tipID, ref: ref, into: &summary) else { return nil }
            ids = written
        } catch {
            throw CaptureError(transcript: path, reason: error.reason)
        }
        record.notes += notes.count
        record.continuation = Self.recordState(
            CaptureContinuation(conversation: state.conversation, thread: state.thread, tipID: ids.last ?? state.tipID,
                                tipSource: parsed.tip, position: parsed.next))
        outcome.notes = notes + summary.notes
        outcome.newMessages = summary.newMessages
        outcome.stored = summary.stored
        outcome.threads = summary.threads
        report(&outcome)
        return record
    }

    /// Where the next capture may go on from after the transcript was read whole and written: its
    /// last message (`conversation`, `tipSource`, of `format`) must be the one head of a thread the
    /// write placed, under the name its messages record (the name the import gives what follows
    /// it); nil otherwise.
    func continuation(format: String, conversation: String, tipSource: String, position: CaptureContinuation.Position,
                      threads: [ThreadName]) -> CaptureContinuation? {
        let source = "\(format):\(conversation)/\(tipSource)"
        for thread in threads {
            guard let heads = try? repository.refs.heads(of: thread), heads.count == 1,
                  let header = try? repository.objects.header(heads[0]), header.fields["source"] == source, header.thread == thread
            else { continue }
            return Self.recordState(CaptureContinuation(
                conversation: conversation, thread: thread.rawValue, tipID: heads[0], tipSource: tipSource, position: position))
        }
        return nil
    }

    private static func recordState(_ record: CaptureContinuation) -> CaptureContinuation? {
        record.isWritable ? record : nil
    }

    static func position(_ state: ClaudeCodeParser.Continuation) -> CaptureContinuation.Position {
        .claudeCode(reply: state.reply, frontier: state.frontier, titles: state.titles, sidechain: state.sidechain)
    }

    static func position(_ state: CodexRollout.Continuation) -> CaptureContinuation.Position {
        .codex(lines: state.lines, model: state.model, cwd: state.cwd)
    }
}
