#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Reads llm's `logs.db` through the `sqlite3` command-line tool's JSON output, so that ThreadAI
/// needs no SQLite library (docs/CLI.md, `import llm`). Where no process can be started (iOS),
/// `ToolRun` starts none and the import fails with `LLMDatabaseError.cannotRun`.
enum LLMDatabase {

    /// The rows `query` selects from `database`, as `sqlite3 -json` prints them (nothing for no rows).
    /// - Parameter tool: the sqlite3 executable, found once per database.
    /// - Parameter onInput: give the query on sqlite3's standard input rather than as an argument
    ///   (a query longer than an argument may be); `importedBefore` says whether conversations were
    ///   imported before it, for the error.
    private static func json(_ query: String, database: String, tool: String, onInput: Bool = false, importedBefore: Bool = false) throws -> Data {
        let run = onInput
            ? ToolRun.run(tool, arguments(nil, database), input: Data(query.utf8))
            : ToolRun.run(tool, arguments(query, database))
        let result = try started(run, tool: tool, database: database)
        try check(result, database: database, importedBefore: importedBefore)
        return result.output
    }

    /// Every conversation in llm's `logs.db` at `database`, handed to `body` one by one: its tables
    /// first, then the queries they call for; the message store's content a few thousand messages
    /// at a time, the rows of `responses` one at a time as sqlite3 prints them (`LLMReading`), so
    /// that memory holds a few conversations' content, never the database's.
    /// - Parameter path: the search path for `sqlite3`, as `PATH` holds it.
    static func forEachConversation(database: String, path: String?, _ body: (ImportConversation) throws -> Void) throws {
        var handedOn = false
        func handOn(_ conversation: ImportConversation) throws {
            do {
                try body(conversation)
            } catch {
                throw FromBody(error: error)
            }
            handedOn = true
        }
        do {
            try readLLMConversations(database: database, path: path, importedBefore: { handedOn }, handOn)
        } catch let error as FromBody {
            throw error.error
        } catch let error as ImportError where handedOn {
            // Parsing failed part way: the conversations handed on before it are in the repository.
            throw ImportError(item: error.item, reason: error.reason + "; the conversations read before it were imported whole")
        }
    }

    /// An error `forEachLLMConversation`'s body threw, passed on as it is.
    private struct FromBody: Error {
        var error: any Error
    }

    private static func readLLMConversations(
        database: String, path: String?, importedBefore: () -> Bool, _ body: (ImportConversation) throws -> Void
    ) throws {
        let tool = try sqlite3(database: database, path: path)
        let tables = try LLMParser.tables(try json(LLMParser.tablesQuery, database: database, tool: tool), name: database)
        let queries = try LLMParser.queries(for: tables, name: database)
        var results: [String: Data] = [:]
        for (key, query) in queries where key != LLMParser.responsesKey && key != LLMParser.partsKey {
            results[key] = try json(query, database: database, tool: tool)
        }
        var reading = try LLMReading(results, name: database)
        try reading.forEachStoreConversation { query in
            try json(query, database: database, tool: tool, onInput: true, importedBefore: importedBefore())
        } _: { conversation in
            try body(conversation)
        }
        guard let query = queries[LLMParser.responsesKey] else { return }
        var failure: (any Error)?
        let run = ToolRun.run(tool, arguments(query, database)) { piece in
            // After a failure the rest of the output is drained unread, so that sqlite3 can end.
            guard failure == nil else { return }
            do {
                try reading.add(output: piece, body)
            } catch {
                failure = error
            }
        }
        let result = try started(run, tool: tool, database: database)
        if let failure { throw failure }
        try check(result, database: database, importedBefore: importedBefore())
        if let last = try reading.finish() { try body(last) }
    }

    private static func sqlite3(database: String, path: String?) throws -> String {
        guard let tool = ToolRun.executable(named: "sqlite3", path: path) else {
            throw LLMDatabaseError(database: database, problem: .noTool)
        }
        return tool
    }

    private static func arguments(_ query: String?, _ database: String) -> [String] {
        ["-readonly", "-json", database] + (query.map { [$0] } ?? [])
    }

    private static func started(_ run: ToolRun?, tool: String, database: String) throws -> ToolRun {
        guard let run else { throw LLMDatabaseError(database: database, problem: .cannotRun(tool: tool)) }
        return run
    }

    /// Fails when sqlite3 did: saying whether conversations read before the failure were imported.
    private static func check(_ result: ToolRun, database: String, importedBefore: Bool) throws {
        guard result.status != 0 else { return }
        let said = result.errorText.trimmingWhitespace()
        let reason = said.isEmpty ? "it exited with status \(result.status) and said nothing" : said
        throw LLMDatabaseError(database: database, problem: .unreadable(reason: reason, importedBefore: importedBefore))
    }
}

/// Why llm's database cannot be read; its description starts with the database's path.
public struct LLMDatabaseError: Error, CustomStringConvertible, Sendable {
    public enum Problem: Sendable, Equatable {
        /// No `sqlite3` on the search path.
        case noTool
        /// `sqlite3` was found but could not be started (or no process can be, as on iOS).
        case cannotRun(tool: String)
        /// sqlite3 failed with `reason`; `importedBefore`: conversations read before it were stored.
        case unreadable(reason: String, importedBefore: Bool)
    }

    public var database: String
    public var problem: Problem

    static let missingTool = "reading llm's logs.db needs the sqlite3 command-line tool: install it (apt-get install sqlite3, dnf install sqlite, brew install sqlite) and run the import again."

    public var description: String {
        switch problem {
        case .noTool:
            return "\(database): \(Self.missingTool)"
        case .cannotRun(let tool):
            return "\(database): cannot run \(tool). \(Self.missingTool)"
        case .unreadable(let reason, let importedBefore):
            let outcome = importedBefore ? "The conversations read before it were imported whole." : "Nothing was imported from it."
            return "\(database): sqlite3 cannot read it (\(reason)); is it llm's logs.db? \(outcome)"
        }
    }
}
