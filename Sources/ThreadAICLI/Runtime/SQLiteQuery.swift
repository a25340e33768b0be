#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI
import ThreadAISupport

/// Reads an SQLite database through the `sqlite3` command-line tool's JSON output, so that
/// ThreadAI needs no SQLite library (docs/CLI.md, `import llm`).
enum SQLiteQuery {
    static let missingTool = "reading llm's logs.db needs the sqlite3 command-line tool: install it (apt-get install sqlite3, dnf install sqlite, brew install sqlite) and run the import again."

    /// The rows `query` selects from `database`, as `sqlite3 -json` prints them (nothing for no rows).
    static func json(_ query: String, database: String, path: String?) throws -> Data {
        guard let tool = ToolRun.executable(named: "sqlite3", path: path) else {
            throw CLIError(TerminalSafe.text("cannot import \(database): \(missingTool)"))
        }
        guard let result = ToolRun.run(tool, ["-readonly", "-json", database, query]) else {
            throw CLIError(TerminalSafe.text("cannot import \(database): cannot run \(tool). \(missingTool)"))
        }
        guard result.status == 0 else {
            let said = result.errorText.trimmingWhitespace()
            let reason = said.isEmpty ? "it exited with status \(result.status) and said nothing" : said
            throw CLIError(TerminalSafe.text("cannot import \(database): sqlite3 cannot read it (\(reason)); is it llm's logs.db? Nothing was imported from it."))
        }
        return result.output
    }

    /// Every conversation in llm's `logs.db` at `database`: its tables first, then the queries they call for.
    static func llmConversations(database: String, path: String?) throws -> [ImportConversation] {
        let tables = try LLMParser.tables(try json(LLMParser.tablesQuery, database: database, path: path), name: database)
        var results: [String: Data] = [:]
        for (key, query) in try LLMParser.queries(for: tables, name: database) {
            results[key] = try json(query, database: database, path: path)
        }
        return try LLMParser.parse(results, name: database)
    }
}
