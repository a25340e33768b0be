import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One conversation as a source holds it, before it is written: the neutral shape every parser
/// produces and the one `Importer` writes (docs/FORMAT.md §4.6).
public struct ImportConversation: Sendable {
    /// The source format's name in `source` values: `chatgpt`, `claude-code`, `llm`.
    public var format: String
    public var id: String
    public var title: String?
    /// When the conversation began: the date of its messages that have none and no dated ancestor.
    public var date: Timestamp?
    /// In an order where each node comes after its parent.
    public var nodes: [ImportNode]
    /// The node whose path from the root is the conversation itself (ChatGPT `current_node`).
    public var currentNode: String?
    /// Items the parser left out, with why.
    public var skipped: [String]
    /// What the parser had to decide that the source did not say (a parent the file lacks), for the summary.
    public var notes: [String] = []
    /// What tells this conversation's thread name apart when its title and id do not: a Claude Code
    /// subagent's transcript, which carries its session's id, is `agent-ID`.
    public var label: String?
    /// The thread a ThreadAI export of this conversation was made from (`ClaudeCodeExport`): where its
    /// messages go on when the ones the export was made from are stored (docs/FORMAT.md §4.6).
    public var exportedThread: ThreadName?

    public init(
        format: String, id: String, title: String?, date: Timestamp?, nodes: [ImportNode], currentNode: String?,
        skipped: [String] = []
    ) {
        self.format = format
        self.date = date
        self.id = id
        self.title = title
        self.nodes = nodes
        self.currentNode = currentNode
        self.skipped = skipped
    }
}

/// One message of an `ImportConversation`.
public struct ImportNode: Sendable {
    public var sourceID: String
    public var parentSourceID: String?
    public var role: Role
    public var date: Timestamp?
    public var content: String
    /// Frontmatter keys besides `source` (`model`, `source-role`, `hidden`, `cwd`, …).
    public var fields: [String: String]
    /// The stored message a ThreadAI export made this item from (`ClaudeCodeExport`): the item stands
    /// for it, not for a new message, when the repository holds it below the item's parent's.
    public var exportedFrom: ObjectID?

    public init(sourceID: String, parentSourceID: String?, role: Role, date: Timestamp?, content: String, fields: [String: String] = [:]) {
        self.sourceID = sourceID
        self.parentSourceID = parentSourceID
        self.role = role
        self.date = date
        self.content = content
        self.fields = fields
    }
}

/// Why a source cannot be imported, naming the item; nothing was written for that conversation.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    public var item: String
    public var reason: String
    /// The store's error behind `reason`, when there is one (a ref another process changed).
    public var cause: ThreadError?

    public init(item: String, reason: String) {
        self.item = item
        self.reason = reason
    }

    public var description: String { "\(item): \(reason)" }
}

/// A non-text part in its textual form (docs/FORMAT.md §4.6): a fenced block `part:KIND`.
enum ImportPart {
    static func fenced(kind: String, body: String) -> String {
        FencedBlock.text(info: "part:" + kind, body: body)
    }

    /// A structured part as compact JSON with sorted keys (`JSONText`), so the same part always
    /// gives the same bytes; its numbers already in their written form (`JSONNumberForm`).
    static func compactJSON(_ value: JSONReader.Value) -> String {
        JSONText.compact(value)
    }
}
