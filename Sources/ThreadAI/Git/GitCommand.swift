#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// A failure of git's own command line, in ThreadAI's words with git's message attached.
public struct GitError: Error, CustomStringConvertible, Sendable {
    /// What ThreadAI was doing, as a phrase: "reading where the code stands".
    public var purpose: String
    public var arguments: [String]
    public var status: Int32
    public var message: String
    /// What the user may do about it, a sentence; empty for nothing particular.
    public var advice: String

    public var description: String {
        let command = arguments.first { !$0.hasPrefix("-") } ?? ""
        let said = message.trimmingWhitespace()
        return "git \(command) failed (exit \(status)) \(purpose)" + (advice.isEmpty ? "" : "; " + advice)
            + (said.isEmpty ? "." : ". git said: " + said)
    }
}

/// The one seam through which ThreadAI runs git: `git -C FOLDER ARGUMENTS`, output read whole.
public enum GitCommand {
    /// Runs git and returns its standard output.
    /// - Parameters:
    ///   - purpose: what ThreadAI is doing, for the error ("reading where the code stands").
    ///   - advice: what the user may do when it fails.
    ///   - input: bytes for git's standard input.
    /// - Returns: nil when git is not installed or `folder` is not inside a git repository.
    /// - Throws: `GitError` when git ran and failed for another reason.
    public static func run(
        _ arguments: [String], in folder: URL, purpose: String, advice: String = "", input: Data? = nil
    ) throws(GitError) -> String? {
        guard let git = ToolRun.executable(named: "git", path: ProcessInfo.processInfo.environment["PATH"]),
              let result = ToolRun.run(git, ["-C", folder.path] + arguments, input: input)
        else { return nil }
        if result.status == 0 { return result.outputText }
        // 128 with this message: the folder is outside any repository.
        if result.errorText.contains("not a git repository") { return nil }
        throw GitError(purpose: purpose, arguments: arguments, status: result.status, message: result.errorText, advice: advice)
    }
}
