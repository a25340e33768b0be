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
        var current: (commit: String, original: Int, final: Int)?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\t") {
                if let header = current {
                    lines.append(Line(commit: header.commit, original: header.original, final: header.final, text: String(line.dropFirst())))
                }
                current = nil
                continue
            }
            let fields = line.split(separator: " ", maxSplits: 1)
            guard let key = fields.first else { continue }
            if current == nil {
                // A header: COMMIT ORIGINAL FINAL [COUNT].
                let parts = line.split(separator: " ")
                guard parts.count >= 3, parts[0].count >= 40, parts[0].allSatisfy(\.isHexDigit),
                      let original = Int(parts[1]), let final = Int(parts[2]) else { continue }
                let commit = String(parts[0])
                current = (commit, original, final)
                if commits[commit] == nil { commits[commit] = Commit() }
                continue
            }
            guard let header = current, fields.count == 2 else { continue }
            switch key {
            case "committer-time":
                if !Self.isUncommitted(header.commit), let seconds = Int64(fields[1]) { commits[header.commit]?.committed = seconds }
            case "filename":
                commits[header.commit]?.path = String(fields[1])
            default:
                break
            }
        }
    }
}
