#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAIStore

/// A block of ignore patterns that ThreadAI keeps in a git repository's own exclude file
/// (`info/exclude`, read by git and never shared), between marker lines that name its owner, so the
/// block can be rewritten whole without touching the user's own lines or another owner's block.
public struct GitExclude: Sendable {
    /// The exclude file, absolute.
    public let path: String
    /// The top of the work tree, absolute, symbolic links resolved.
    public let top: String

    public init(path: String, top: String) {
        self.path = path
        self.top = top
    }

    /// The exclude file of the git repository around the folder `around`.
    /// - Returns: nil outside a git work tree, or without git.
    public static func locate(around: URL, git: any GitBackend = GitBackends.standard) throws(GitError) -> GitExclude? {
        try git.workTree(around: around).map { GitExclude(path: $0.excludeFile, top: $0.top) }
    }

    /// The path of `absolute` from the top of the work tree, or nil when it lies outside.
    public func relative(_ absolute: String) -> String? {
        let resolved = URL(fileURLWithPath: absolute).resolvingSymlinksInPath().path
        if resolved == top { return "" }
        return resolved.hasPrefix(top + "/") ? String(resolved.dropFirst(top.count + 1)) : nil
    }

    /// The pattern that matches exactly the file `path` (from the top of the work tree): `/` and
    /// the path with git's wildcard characters escaped (`*`, `?`, `[`, `\`), and a trailing space
    /// kept, so that a folder named `notes [v2]` is matched by its name, not as a character class.
    public static func pattern(matching path: String) -> String {
        var pattern = "/"
        for character in path {
            if "*?[]\\".contains(character) { pattern.append("\\") }
            pattern.append(character)
        }
        if pattern.hasSuffix(" ") { pattern.insert("\\", at: pattern.index(before: pattern.endIndex)) }
        return pattern
    }

    /// The patterns of `owner`'s block, in order; empty when there is none.
    public func blockPatterns(owner: String) throws(FileSystemError) -> [String] {
        try split(FilePaths.readText(path) ?? "", owner: owner).block
    }

    /// Replaces the block of `owner` with `patterns` (removes it when empty), keeping every other line.
    public func replaceBlock(owner: String, patterns: [String]) throws(FileSystemError) {
        let old = try FilePaths.readText(path) ?? ""
        var kept = split(old, owner: owner).others
        while kept.last == "" { kept.removeLast() }
        var text = kept.joined(separator: "\n")
        if !text.isEmpty { text += "\n" }
        if !patterns.isEmpty {
            text += ([Self.beginMarker(owner)] + patterns + [Self.endMarker(owner)]).joined(separator: "\n") + "\n"
        }
        guard text != old else { return }
        try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        try TempFile.write(Array(text.utf8), to: path)
    }

    private static func beginMarker(_ owner: String) -> String {
        "# threadai local threads of \(owner) (generated; edit with threadai local)"
    }

    private static func endMarker(_ owner: String) -> String { "# end of threadai local threads of \(owner)" }

    /// The lines of `text` inside `owner`'s block, and every other line.
    private func split(_ text: String, owner: String) -> (block: [String], others: [Substring]) {
        let begin = Self.beginMarker(owner), end = Self.endMarker(owner)
        var block: [String] = [], others: [Substring] = []
        var inside = false
        for line in text.linesAtLineFeeds(omittingEmpty: false) {
            if line == begin {
                inside = true
            } else if line == end {
                inside = false
            } else if inside {
                block.append(String(line))
            } else {
                others.append(line)
            }
        }
        return (block, others)
    }
}
