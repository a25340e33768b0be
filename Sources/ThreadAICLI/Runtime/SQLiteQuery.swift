import Foundation

/// Reads an SQLite database through the `sqlite3` command-line tool's JSON output, so that
/// ThreadAI needs no SQLite library (docs/CLI.md, `import llm`).
enum SQLiteQuery {
    static let missingTool = "reading llm's logs.db needs the sqlite3 command-line tool: install it (apt-get install sqlite3, dnf install sqlite, brew install sqlite) and run the import again."

    /// The rows `query` selects from `database`, as `sqlite3 -json` prints them (nothing for no rows).
    static func json(_ query: String, database: String, path: String?) throws -> Data {
        guard let tool = executable(named: "sqlite3", path: path) else { throw CLIError(missingTool) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-readonly", "-json", database, query]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CLIError("cannot run \(tool): \(error.localizedDescription). \(missingTool)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError(TerminalSafe.text("cannot read \(database) with sqlite3: \(message.trimmingCharacters(in: .whitespacesAndNewlines)); is it llm's logs.db?"))
        }
        return data
    }

    static func executable(named name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/bin:/bin:/usr/local/bin").split(separator: ":") {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
