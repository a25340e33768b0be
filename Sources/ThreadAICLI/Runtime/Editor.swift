#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ThreadAI
import ThreadAIStore

/// Asks for text in the user's editor (`$VISUAL`, then `$EDITOR`, then `vi`), like `git commit`.
enum Editor {
    static let template = """

        # Write your message above. Lines starting with '#' are ignored,
        # and an empty message sends nothing.

        """

    /// Opens the editor on a temporary file and returns what was written, without comment lines.
    /// - Throws: `CLIError` when the editor cannot start or exits with a failure.
    static func compose(environment: [String: String]) throws -> String {
        stripComments(try open(template, environment: environment))
    }

    /// Opens the editor on `text` exactly (no template: a `#` line is text) and returns what was
    /// saved, without the line ends an editor adds at the end.
    /// - Throws: `CLIError` when the editor cannot start or exits with a failure.
    static func revise(_ text: String, environment: [String: String]) throws -> String {
        var saved = try open(text + "\n", environment: environment)
        while saved.last?.isNewline == true { saved.removeLast() }
        return saved
    }

    private static func open(_ initial: String, environment: [String: String]) throws -> String {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        throw CLIError("no editor can be started on this platform; pass the text as an argument.", status: .usage)
        #else
        return try composeInEditor(initial, environment: environment)
        #endif
    }

    #if !(os(iOS) || os(tvOS) || os(watchOS) || os(visionOS))
    private static func composeInEditor(_ initial: String, environment: [String: String]) throws -> String {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("threadai-message-\(ProcessInfo.processInfo.processIdentifier).md")
        defer { try? FileManager.default.removeItem(at: file) }  // A leftover temp file harms nothing.
        do {
            // Readable by its owner only: a draft is nobody else's.
            try TempFile.writeUnflushed(Array(initial.utf8), to: file.path, mode: 0o600)
        } catch {
            throw CLIError("cannot create a file for the editor: \(error)")
        }
        // The editor reads the terminal even when this process's input was a pipe (`echo ' ' | threadai
        // edit`): that pipe is spent, and an editor on it cannot work.
        let terminal = isatty(0) == 1 ? -1 : controllingTerminal()
        defer { if terminal >= 0 { close(terminal) } }
        // Ctrl-C and Ctrl-\ belong to the editor while it runs, as in git: this process waits, then
        // reports how the editor ended (and removes the draft).
        let (interrupt, quit) = (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN))
        defer {
            signal(SIGINT, interrupt)
            signal(SIGQUIT, quit)
        }
        // The editor setting may carry arguments ("code --wait"), so the shell splits it, as git does.
        guard let child = ProcessSpawn.start(
            "/bin/sh", ["sh", "-c", "\(editor) \"$1\"", "threadai-editor", file.path],
            standard: .init(input: terminal >= 0 ? terminal : nil))
        else {
            throw CLIError("cannot start the editor '\(editor)': /bin/sh cannot be run. Set EDITOR, or pass the text as an argument.")
        }
        let status = ProcessSpawn.wait(child)
        guard status == 0 else {
            throw CLIError("the editor '\(editor)' exited with status \(status); nothing was sent.")
        }
        let saved: [UInt8]
        do {
            saved = try FilePaths.read(file.path)
        } catch {
            throw CLIError("cannot read what the editor saved (\(file.path)): \(error); nothing was sent.")
        }
        return try decodeUTF8(saved, from: "what the editor saved")
    }
    #endif

    static func stripComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }
            .joined(separator: "\n")
            .trimmed(of: [" ", "\n", "\t"])
    }
}

/// The controlling terminal, opened to read and write, or -1 when there is none (a job without one).
private func controllingTerminal() -> Int32 {
    open("/dev/tty", O_RDWR | O_CLOEXEC)
}
