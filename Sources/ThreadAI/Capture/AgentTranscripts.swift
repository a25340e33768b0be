#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// Where Codex CLI and Gemini CLI keep a project's sessions, for `capture --all` and for a hook
/// that names its session but not its file (docs/CLI.md, `capture`). Claude Code's are found by
/// `SessionCapture.claudeCodeTranscripts`. The folders are given, not read from the environment:
/// the CLI passes `CODEX_HOME` (else `HOME/.codex`) and `GEMINI_CLI_HOME` (else `HOME`) + `/.gemini`.
public enum AgentTranscripts {
    /// Codex's rollouts of the project at `project`: `CODEXHOME/sessions/YYYY/MM/DD/rollout-….jsonl`
    /// whose `session_meta` line (the first) gives `project` as its `cwd`, in path order (by date).
    public static func codexRollouts(ofProject project: String, codexHome: String) -> [String] {
        files(below: codexHome + "/sessions").filter { CodexSource.isRollout($0) && codexFolder(ofRollout: $0) == project }
    }

    /// The rollout of the Codex session `session`: the one whose name ends in `-SESSION.jsonl`.
    public static func codexRollout(ofSession session: String, codexHome: String) -> String? {
        files(below: codexHome + "/sessions").last { CodexSource.isRollout($0) && $0.hasSuffix("-" + session + ".jsonl") }
    }

    /// Gemini CLI's sessions of the project at `project` (`GEMINIDIR/tmp/PROJECT/chats/`: each
    /// `session-….jsonl` or older `.json`, and its subagents' `chats/SESSION/ID.jsonl`), in path
    /// order. PROJECT is the folder whose `.project_root` names `project` (Gemini CLI since 2026),
    /// or the SHA-256 of `project` in hexadecimal (before).
    public static func geminiSessions(ofProject project: String, geminiDirectory: String) -> [String] {
        let temporary = geminiDirectory + "/tmp"
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).sorted().filter { name in
            if name == SHA256.hexDigest(Array(project.utf8)) { return true }
            guard let root = try? FilePaths.read(temporary + "/" + name + "/.project_root") else { return false }
            return String(decoding: root.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }, as: UTF8.self) == project
        }
        return folders.flatMap { folder in
            files(below: temporary + "/" + folder + "/chats").filter { GeminiSource.isSessionFile($0) }
        }
    }

    /// The transcripts of a Gemini CLI session's subagents: `chats/SESSION/*.jsonl` beside its file.
    public static func geminiSubagents(ofSession session: String, transcript: String) -> [String] {
        let folder = FilePaths.directoryName(of: transcript) + "/" + session
        guard !session.contains("/"), !session.hasPrefix(".") else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .filter { $0.hasSuffix(".jsonl") }.map { folder + "/" + $0 }
    }

    /// The `cwd` of a rollout's `session_meta` line, read from its first line alone (at most 1 MiB).
    static func codexFolder(ofRollout path: String) -> String? {
        guard let chunks = try? FileChunks(path: path, chunkSize: 64 << 10) else { return nil }
        var line: [UInt8] = []
        while line.count < 1 << 20, let chunk = try? chunks.next() {
            if let end = chunk.firstIndex(of: UInt8(ascii: "\n")) {
                line += chunk[..<end]
                break
            }
            line += chunk
        }
        guard let object = JSONReader.Value.readingLikeFoundation(line)?.object, object["type"]?.string == "session_meta" else { return nil }
        return object["payload"]?.object?["cwd"]?.string
    }

    /// Every file below `folder` (absolute paths, sorted); none when it cannot be read.
    private static func files(below folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }
}
