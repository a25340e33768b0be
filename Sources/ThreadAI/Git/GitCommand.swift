import Foundation

/// A failure of git's own command line, in ThreadAI's words with git's message attached.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public var arguments: [String]
    public var status: Int32
    public var message: String

    public var description: String {
        "git \(arguments.first { !$0.hasPrefix("-") } ?? "") failed (exit \(status)) reading where the code stands; set "
            + "THREADAI_NO_ANCHORS=1 to write messages without code anchors. git said: "
            + message.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The one seam through which ThreadAI runs git: `git -C FOLDER ARGUMENTS`, output read whole.
enum GitCommand {
    /// Runs git; nil when git is not installed or `folder` is not inside a work tree.
    static func run(_ arguments: [String], in folder: URL) throws(GitError) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: errorData, as: UTF8.self)
        if process.terminationStatus == 0 {
            return String(decoding: outputData, as: UTF8.self)
        }
        // 127: env found no git; 128 with this message: the folder is outside any work tree.
        if process.terminationStatus == 127 || message.contains("not a git repository") {
            return nil
        }
        throw GitError(arguments: arguments, status: process.terminationStatus, message: message)
    }
}
