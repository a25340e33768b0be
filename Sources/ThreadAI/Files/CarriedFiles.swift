import ThreadAIStore

/// Which attached files (docs/FORMAT.md §4.7) an edited question still holds: `edit` stores a new
/// user message, and its `files` field must name exactly the files whose blocks it carries.
enum CarriedFiles {
    /// The `files` value for `edited`, the new text of `original`: the entries of the original's
    /// `files` whose fenced block is still in `edited` byte for byte, in the order the blocks now
    /// appear; nil when none is. A block the user changed is no longer the file the blob id names.
    static func field(of original: Message, edited: String) -> String? {
        guard let list = original.fields["files"] else { return nil }
        var kept: [(position: String.Index, entry: Substring)] = []
        for entry in list.linesAtLineFeeds() {
            guard let space = entry.firstIndex(of: " ") else { continue }
            let path = entry[entry.index(after: space)...]
            guard let block = block(for: path, in: original.content),
                  let found = edited.utf8.firstRange(of: block.utf8) else { continue }
            kept.append((found.lowerBound, entry))
        }
        guard !kept.isEmpty else { return nil }
        return kept.sorted { $0.position < $1.position }.map { String($0.entry) }.joined(separator: "\n")
    }

    /// The whole fenced block whose info string is `file:PATH` in `content`: the opening fence line
    /// through the closing fence of the same length.
    private static func block(for path: Substring, in content: String) -> Substring? {
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let fence = line.prefix { $0 == "`" }
            guard fence.count >= 3, line.dropFirst(fence.count).utf8.elementsEqual(("file:" + path).utf8) else { continue }
            guard let close = lines[(index + 1)...].firstIndex(where: { $0.utf8.elementsEqual(fence.utf8) }) else { return nil }
            return content[line.startIndex..<lines[close].endIndex]
        }
        return nil
    }
}
