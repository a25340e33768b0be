#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// A failure of git (its command line, or libgit2 in its place), in ThreadAI's words with git's message attached.
public struct GitError: Error, CustomStringConvertible, Sendable {
    /// What ThreadAI was doing, as a phrase: "reading where the code stands".
    public var purpose: String
    public var arguments: [String]
    /// git's exit status (libgit2's error code); nil when git could not be run at all.
    public var status: Int32?
    public var message: String
    /// What the user may do about it, a sentence; empty for nothing particular.
    public var advice: String
    /// The library that failed in place of the git command ("libgit2"); nil for the command, which
    /// `arguments` name.
    public var library: String? = nil

    public var description: String {
        let command = arguments.first { !$0.hasPrefix("-") } ?? ""
        let failed = library.map { "\($0) failed (error \(status ?? 0))" }
            ?? status.map { "git \(command) failed (exit \($0))" } ?? "could not run git \(command)"
        let said = Self.firstLines(of: message.trimmingWhitespace())
        return "\(failed) \(purpose)" + (advice.isEmpty ? "" : "; " + advice) + (said.isEmpty ? "." : ". git said: " + said)
    }

    /// git's first lines, which say what failed; its usage hints and long listings after them are
    /// counted, not copied.
    static func firstLines(of text: String, limit: Int = 4) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > limit else { return text }
        return lines.prefix(limit).joined(separator: "\n") + "\n(\(lines.count - limit) more lines)"
    }
}

/// How GitCommandBackend runs git: `git -C FOLDER ARGUMENTS`, output read whole.
public enum GitCommand {
    /// Why `run` found no repository around `folder`, as a clause: git is missing, or the folder is
    /// outside every git work tree.
    public static func whyNoRepository(_ folder: String) -> String {
        isInstalled ? "\(folder) is not inside a git work tree" : "git is not installed (no git on PATH)"
    }

    /// Whether a `git` executable is on PATH.
    public static var isInstalled: Bool { executable != nil }

    private static var executable: String? {
        ToolRun.executable(named: "git", path: searchPath.current)
    }

    private static let searchPath = Locked<String?>(nil)

    /// Where to look for `git`, as a `PATH` value: the program passes its own (the library reads no
    /// environment); until then, and for nil, the usual folders.
    public static func search(in path: String?) {
        searchPath.withLock { $0 = path }
    }

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
        guard let git = executable,
              let result = ToolRun.run(git, ["-C", folder.path] + arguments, input: input)
        else { return nil }
        if result.status == 0 { return result.outputText }
        // 128 with this message: the folder is outside any repository.
        if result.errorText.contains("not a git repository") { return nil }
        throw GitError(purpose: purpose, arguments: arguments, status: result.status, message: result.errorText, advice: advice)
    }
}
