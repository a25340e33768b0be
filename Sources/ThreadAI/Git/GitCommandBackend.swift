#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore
import ThreadAISupport

/// The git seam through the `git` command (the default backend): one `git -C FOLDER` run per
/// question, output read whole (GitCommand).
public struct GitCommandBackend: GitBackend {
    public init() {}

    /// One `git rev-parse` run: git prints `--git-path` answers relative to `folder` unless absolute.
    public func workTree(around folder: URL) throws(GitError) -> GitWorkTree? {
        guard let output = try GitCommand.run(
            ["rev-parse", "--show-toplevel", "--show-object-format", "--git-path", "info/exclude", "--git-path", "hooks"],
            in: folder, purpose: "finding the git work tree")
        else { return nil }
        let lines = output.split(separator: "\n").map(String.init)
        guard lines.count == 4, !lines[0].isEmpty else { return nil }
        func absolute(_ path: String) -> String {
            path.hasPrefix("/") ? path : folder.appendingPathComponent(path).standardizedFileURL.path
        }
        return GitWorkTree(
            top: URL(fileURLWithPath: lines[0]).resolvingSymlinksInPath().path,
            algorithm: GitBlobID.Algorithm(rawValue: lines[1]) ?? .sha1,
            excludeFile: absolute(lines[2]), hooksFolder: absolute(lines[3]))
    }

    /// One `git status` run, which reads HEAD, the refs and the index without taking git's index lock.
    public func anchor(around folder: URL, excluding: String, advice: String) throws(GitError) -> CodeAnchor? {
        let result = try GitCommand.run(
            ["--no-optional-locks", "status", "--porcelain=v2", "--branch", "--untracked-files=no", "--", ":/", ":(exclude)" + excluding],
            in: folder, purpose: "reading where the code stands", advice: advice)
        return result.map(Self.parse(statusOutput:))
    }

    /// Reads `git status --porcelain=v2 --branch` output: the `# branch.oid` and `# branch.head`
    /// headers, and any other line as a changed tracked file.
    static func parse(statusOutput: String) -> CodeAnchor {
        var anchor = CodeAnchor(commit: nil, branch: nil, dirty: false)
        for line in statusOutput.split(separator: "\n") {
            if line.hasPrefix("# branch.oid ") {
                let oid = String(line.dropFirst("# branch.oid ".count))
                anchor.commit = oid == "(initial)" ? nil : oid
            } else if line.hasPrefix("# branch.head ") {
                let head = String(line.dropFirst("# branch.head ".count))
                anchor.branch = head == "(detached)" ? nil : head
            } else if !line.hasPrefix("#") {
                anchor.dirty = true
            }
        }
        return anchor
    }

    public func commits(_ revision: String, around folder: URL) throws(GitError) -> Set<String>? {
        let isRange = revision.contains("..")
        let arguments = isRange ? ["rev-list", revision, "--"] : ["rev-parse", "--verify", revision + "^{commit}"]
        let output = try GitCommand.run(arguments, in: folder, purpose: "resolving the code revision \(revision)")
        return output.map { Set($0.split(separator: "\n").map(String.init)) }
    }

    public func message(of revision: String, around folder: URL) throws(GitError) -> String? {
        try GitCommand.run(["log", "-1", "--format=%B", revision + "^{commit}", "--"], in: folder,
                           purpose: "reading the message of commit \(revision)")
    }

    public func blame(_ path: String, revision: String?, lines: ClosedRange<Int>?, around folder: URL) throws(GitError) -> String? {
        // -w and -M: a line re-indented or moved within the file keeps the commit that wrote it.
        let arguments = ["blame", "--porcelain", "-w", "-M"] + (lines.map { ["-L", "\($0.lowerBound),\($0.upperBound)"] } ?? [])
            + (revision.map { [$0] } ?? []) + ["--", path]
        return try GitCommand.run(arguments, in: folder, purpose: "blaming \(path)")
    }

    public func changedFiles(of revision: String, around folder: URL) throws(GitError) -> (commit: String, committed: Int64, paths: [String])? {
        let purpose = "listing the files of commit \(revision)"
        guard let header = try GitCommand.run(["log", "-1", "--format=%H %ct", revision + "^{commit}", "--"], in: folder, purpose: purpose),
              let output = try GitCommand.run(["diff-tree", "--root", "--no-commit-id", "-r", "-M", "-z", "--name-only",
                                               "--diff-filter=ACMR", revision + "^{commit}", "--"], in: folder, purpose: purpose)
        else { return nil }
        let fields = header.split(separator: " ")
        guard fields.count == 2, let seconds = Int64(fields[1].trimmingWhitespace()) else {
            throw GitError(purpose: purpose, arguments: ["log"], status: 0, message: header, advice: "")
        }
        return (String(fields[0]), seconds, output.split(separator: "\0").map(String.init).filter { !$0.isEmpty })
    }

    public func details(of commits: [String], around folder: URL) throws(GitError) -> [String: (parents: [String], message: String)] {
        guard !commits.isEmpty else { return [:] }
        let output = try GitCommand.run(["log", "--no-walk=unsorted", "--format=%H%x00%P%x00%B%x01"] + commits + ["--"], in: folder,
                                        purpose: "reading \(commits.count) commits") ?? ""
        var details: [String: (parents: [String], message: String)] = [:]
        for record in output.split(separator: "\u{01}") {
            let fields = record.drop { $0 == "\n" }.split(separator: "\0", maxSplits: 2, omittingEmptySubsequences: false)
            if fields.count == 3 { details[String(fields[0])] = (fields[1].split(separator: " ").map(String.init), String(fields[2])) }
        }
        return details
    }

    /// `git cat-file --batch`, which answers `NAME missing` (exit 0) for a revision or path that is not there.
    public func file(_ path: String, in revision: String, around folder: URL) throws(GitError) -> [UInt8]? {
        guard let output = try GitCommand.run(
            ["cat-file", "--batch"], in: folder, purpose: "reading \(path) at \(revision)", input: Data((revision + ":" + path + "\n").utf8))
        else { return nil }
        let bytes = Array(output.utf8)
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        // `OBJECT TYPE SIZE`, then the object's bytes.
        let header = String(decoding: bytes[..<end], as: UTF8.self).split(separator: " ")
        guard header.count == 3, header[1] == "blob", let size = Int(header[2]), bytes.count > end + size else { return nil }
        return Array(bytes[(end + 1)...].prefix(size))
    }

    /// `git diff --cached` compares files (--no-index) outside a work tree and refuses --cached: asks first.
    public func stagedFiles(around folder: URL, under paths: [String]) throws(GitError) -> [String]? {
        guard try GitCommand.run(["rev-parse", "--is-inside-work-tree"], in: folder, purpose: "listing the staged messages") != nil,
              let output = try GitCommand.run(
                ["diff", "--cached", "--name-only", "--diff-filter=ACMR", "-z", "--relative", "--"] + paths,
                in: folder, purpose: "listing the staged messages")
        else { return nil }
        return output.split(separator: "\0").map(String.init)
    }

    public func trackedFiles(around folder: URL, under paths: [String]) throws(GitError) -> [String] {
        guard !paths.isEmpty,
              let output = try GitCommand.run(
                ["ls-files", "-z", "--full-name", "--"] + paths.map { ":(top,literal)" + $0 }, in: folder, purpose: "finding tracked files")
        else { return [] }
        return output.split(separator: "\0").map(String.init)
    }

    public func whyNoRepository(_ folder: String) -> String { GitCommand.whyNoRepository(folder) }

    public func noRepository(_ folder: String, purpose: String, arguments: [String]) -> GitError {
        GitError(purpose: purpose, arguments: arguments, status: GitCommand.isInstalled ? 128 : nil, message: "",
                 advice: GitCommand.whyNoRepository(folder))
    }
}
