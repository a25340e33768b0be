#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ClaudeCodeParser {
    /// Where a parsed transcript's newest message stands (docs/FORMAT.md §16, "Going on from the
    /// record"), so that the lines written after it can be read alone and give the messages that
    /// reading the whole transcript again would give.
    struct Continuation: Sendable, Equatable {
        /// The transcript's `sessionId`: the conversation id of every message's `source`.
        var conversation: String
        /// The source id (a line's uuid) of the newest message.
        var tip: String
        /// The `message.id` of the reply the newest message was made from.
        var reply: String?
        /// The uuids of the lines that lead to the newest message, in order.
        var frontier: [String]
        /// The title line types read so far.
        var titles: [String]
        var sidechain: Bool

        /// More lines than this lead to one message only in a transcript no agent writes; it is read whole.
        static let frontierLimit = 4096

        /// Where `conversation` (read from `reading`, its lines' messages named by `owner`) stands:
        /// nil unless its last message has no child (the branch the session goes on with, on the
        /// thread or a fork), and its lines are all on one side (a subagent's all carrying its id,
        /// which names the thread).
        init?(of conversation: ImportConversation, reading: Reading, owner: [String: String]) {
            guard let tip = conversation.nodes.last?.sourceID, !conversation.nodes.contains(where: { $0.parentSourceID == tip }),
                  let sidechain = reading.lines.first?.sidechain, reading.lines.allSatisfy({ $0.sidechain == sidechain }),
                  !sidechain || reading.agentID != nil else { return nil }
            let merged = reading.lines.filter { owner[$0.uuid] == tip }
            let frontier = merged.map(\.uuid) + Self.passingThrough(reading.passThrough, to: Set(merged.map(\.uuid)))
            guard frontier.count <= Self.frontierLimit else { return nil }
            self.init(conversation: conversation.id, tip: tip, reply: merged.lazy.compactMap(\.messageID).first,
                      frontier: frontier, titles: reading.titles.keys.sorted(), sidechain: sidechain)
        }

        init(conversation: String, tip: String, reply: String?, frontier: [String], titles: [String], sidechain: Bool) {
            self.conversation = conversation
            self.tip = tip
            self.reply = reply
            self.frontier = frontier
            self.titles = titles
            self.sidechain = sidechain
        }

        /// The lines that are not messages whose chain of parents (through other such lines) reaches
        /// one of `targets`, in uuid order.
        static func passingThrough(_ passThrough: [String: String?], to targets: Set<String>) -> [String] {
            passThrough.keys.filter { start in
                var parent = passThrough[start] ?? nil
                var steps = 0  // A cycle among them cannot hang the capture.
                while let key = parent, !targets.contains(key), let through = passThrough[key], steps <= passThrough.count {
                    parent = through
                    steps += 1
                }
                return parent.map(targets.contains) ?? false
            }.sorted()
        }
    }

    /// The messages that the lines of `data`, written after the transcript part `state` describes,
    /// add when they only extend its newest message, and where the transcript stands then; nil when
    /// they do anything else (a fork, a rewind, a link to an older message, a line continuing the
    /// newest reply, a new title, another side or session): the transcript is then read whole.
    static func continuing(_ data: Data, name: String, from state: Continuation) throws(ImportError)
        -> (nodes: [ImportNode], notes: [String], next: Continuation)? {
        var reading = try Reading(data, name: name)
        guard reading.titles.keys.allSatisfy(state.titles.contains), reading.sessionID.map({ $0 == state.conversation }) ?? true,
              reading.lines.allSatisfy({ $0.sidechain == state.sidechain }) else { return nil }
        // The lines that lead to the tip stand for it; the tip stands first, as it did in the whole.
        let frontier = Set(state.frontier)
        for index in reading.lines.indices {
            if let parent = reading.lines[index].parent, frontier.contains(parent) { reading.lines[index].parent = state.tip }
        }
        for (uuid, parent) in reading.passThrough {
            if let parent, frontier.contains(parent) { reading.passThrough[uuid] = state.tip }
        }
        let tip = Line(
            uuid: state.tip, parent: nil, messageID: state.reply,
            node: ImportNode(sourceID: state.tip, parentSourceID: nil, role: state.reply == nil ? .user : .assistant, date: nil, content: ""),
            sidechain: state.sidechain, toolResultsOnly: false)
        var lines = [tip] + reading.lines
        guard linkParents(&lines, passingThrough: reading.passThrough) == 0 else { return nil }
        let (nodes, owner) = merged(lines)
        // A line that continued the tip's reply would change the stored message.
        guard nodes.first?.sourceID == state.tip else { return nil }
        let added = Array(nodes.dropFirst())
        var previous = state.tip
        for node in added {
            guard node.parentSourceID == previous else { return nil }  // Not one chain below the tip.
            previous = node.sourceID
        }
        var next = state
        next.titles = Set(state.titles).union(reading.titles.keys).sorted()
        let leading = reading.lines.filter { owner[$0.uuid] == previous }.map(\.uuid)
        if added.isEmpty {
            next.frontier += leading + Continuation.passingThrough(reading.passThrough, to: [state.tip])
        } else {
            next.tip = previous
            next.reply = reading.lines.lazy.filter { owner[$0.uuid] == previous }.compactMap(\.messageID).first
            next.frontier = leading + Continuation.passingThrough(reading.passThrough, to: Set(leading))
        }
        guard next.frontier.count <= Continuation.frontierLimit else { return nil }
        return (added, reading.notes, next)
    }
}
