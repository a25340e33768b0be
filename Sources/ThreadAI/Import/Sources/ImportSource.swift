#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// One kind of file `import` reads (docs/DESIGN.md, "Adding an import source"): how it is recognised
/// and how its conversations reach the repository. Each source is one file beside this one and one
/// line in `ImportSources.all`; the CLI only detects, dispatches and reports.
public protocol ImportSource: Sendable {
    /// The name `threadai import FORMAT` takes, and the one its threads' names start with ("chatgpt").
    var name: String { get }
    /// Whether the file at `path` is of this source by its name alone (`.db` is llm's), before any
    /// byte is read: such a file is never opened to detect it.
    func claims(fileName path: String) -> Bool
    /// Whether a file is of this source by its first bytes (at most `ImportSources.startLength`).
    func claims(start: [UInt8]) -> Bool
    /// Whether a file that no source claims is read as this one (a ChatGPT export: any JSON).
    var readsUnclaimedFiles: Bool { get }
    /// Whether the file at `relativePath` below a folder given to `import` is one of this source's.
    func collects(inFolder relativePath: String) -> Bool
    /// Stores what the file at `path` holds through `importer`, counting it in `summary`, with the
    /// secret policy and progress of `hooks`. A failure names the file or its item (`ImportError`,
    /// `ImportFileError`, or the source's own error); what was stored before it stays stored whole.
    func importFile(at path: String, into importer: inout Importer, summary: inout Importer.Summary, hooks: ImportHooks) throws
}

extension ImportSource {
    public func claims(fileName path: String) -> Bool { false }
    public func claims(start: [UInt8]) -> Bool { false }
    public var readsUnclaimedFiles: Bool { false }
    public func collects(inFolder relativePath: String) -> Bool { false }
}

/// A source that reads conversations (most do): it hands each one, parsed and checked, to `body`,
/// and `Importer` stores it with the secret policy applied. A source that stores by itself instead
/// (threadai-json, whose messages are already objects) conforms to `ImportSource` directly.
public protocol ConversationSource: ImportSource {
    /// Every conversation in the file at `path`, one at a time, so memory holds one (or a few).
    func forEachConversation(at path: String, hooks: ImportHooks, _ body: (ImportConversation) throws -> Void) throws
}

extension ConversationSource {
    public func importFile(at path: String, into importer: inout Importer, summary: inout Importer.Summary, hooks: ImportHooks) throws {
        try forEachConversation(at: path, hooks: hooks) { conversation in
            try importer.write(try conversation.applying(hooks.secrets), into: &summary)
            hooks.progress(summary)
        }
    }
}

/// What an import is given besides the file: the user's secret policy, where to find the tools a
/// source runs (the composition root passes `PATH`: a library reads no environment), and the progress
/// to report, in counts (the caller words them).
public struct ImportHooks {
    /// What a source counts while it checks a file before storing anything.
    public enum Unit: String, Sendable {
        case conversation, message
    }

    public var secrets: SecretPolicy
    /// The search path for the programs a source runs (`sqlite3` for llm); nil: none is found.
    public var toolSearchPath: String?
    /// How many units a first pass has checked so far.
    public var checked: (Int, Unit) -> Void
    /// The counts after each conversation or message stored.
    public var progress: (Importer.Summary) -> Void

    public init(
        secrets: SecretPolicy = .allow, toolSearchPath: String? = nil,
        checked: @escaping (Int, Unit) -> Void = { _, _ in }, progress: @escaping (Importer.Summary) -> Void = { _ in }
    ) {
        self.secrets = secrets
        self.toolSearchPath = toolSearchPath
        self.checked = checked
        self.progress = progress
    }
}

/// A file to import that cannot be read at all; nothing was imported from it.
public struct ImportFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    /// The file system's words.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read \(path): \(reason)" }

    /// The whole file at `path`, for the sources that parse a file at once.
    static func contents(of path: String) throws(ImportFileError) -> Data {
        do {
            return Data(try FilePaths.read(path))
        } catch {
            throw ImportFileError(path: path, reason: "\(error)")
        }
    }
}
