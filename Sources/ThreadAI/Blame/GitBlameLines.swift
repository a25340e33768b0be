import ThreadAIStore

/// The lines of `git blame --porcelain` (docs/CLI.md, `blame`): each final line with the commit git
/// gives it, that commit's committer date, and the path the file had in it.
struct GitBlameLines {
    struct Line {
        /// 40 or 64 hex digits; all zeros for a line not committed yet.
        let commit: String
        /// The line's number in the commit that wrote it, and in the file blamed.
        let original: Int
        let final: Int
        let text: String
    }

    struct Commit {
        /// Seconds since 1970; for the lines not committed yet, the largest there is.
        var committed: Int64 = .max
        /// The path the file had in the commit.
        var path: String?
    }

    private(set) var lines: [Line] = []
    private(set) var commits: [String: Commit] = [:]

    /// Whether a commit id stands for lines that are not committed (git's zeros).
    static func isUncommitted(_ commit: String) -> Bool { commit.allSatisfy { $0 == "0" } }

    init(porcelain output: String) {
        // Read as bytes: git's output for a thousand-line file is a hundred kilobytes, and splitting
        // it as Characters was a third of a blame.
        var output = output
        output.withUTF8 { bytes in
            var current: (commit: String, original: Int, final: Int)?
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0a) ?? bytes.count
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = end + 1
                if line.first == 0x09 {
                    if let header = current {
                        lines.append(Line(commit: header.commit, original: header.original, final: header.final,
                                          text: String(decoding: line.dropFirst(), as: UTF8.self)))
                    }
                    current = nil
                } else if let header = current {
                    read(field: line, of: header.commit)
                } else {
                    current = Self.header(line)
                    if let commit = current?.commit, commits[commit] == nil { commits[commit] = Commit() }
                }
            }
        }
    }

    /// `COMMIT ORIGINAL FINAL [COUNT]`, or nil for another line.
    private static func header(_ line: UnsafeBufferPointer<UInt8>) -> (commit: String, original: Int, final: Int)? {
        let parts = line.split(separator: 0x20)
        guard parts.count >= 3, parts[0].count >= 40, parts[0].allSatisfy({ LowercaseHex.digitValue($0) != nil }),
              let original = Self.number(parts[1]), let final = Self.number(parts[2]) else { return nil }
        return (String(decoding: parts[0], as: UTF8.self), original, final)
    }

    /// The `committer-time` and `filename` of a commit's first group; git's other fields are not used.
    private mutating func read(field line: UnsafeBufferPointer<UInt8>, of commit: String) {
        guard let space = line.firstIndex(of: 0x20) else { return }
        let (key, value) = (line[..<space], line[(space + 1)...])
        if key.elementsEqual("committer-time".utf8), !Self.isUncommitted(commit), let seconds = Self.number(value) {
            commits[commit]?.committed = Int64(seconds)
        } else if key.elementsEqual("filename".utf8) {
            commits[commit]?.path = String(decoding: value, as: UTF8.self)
        }
    }

    private static func number(_ digits: some Collection<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}

