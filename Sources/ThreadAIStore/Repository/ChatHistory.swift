/// The lines typed at `threadai chat` in this working copy, kept in `logs/chat-history` so that ↑
/// recalls them in a later session (docs/FORMAT.md §14). Local and optional: nothing else reads it,
/// and a caller treats every failure here as a warning at most.
public struct ChatHistory: Sendable {
    /// The newest entries kept; older ones are dropped as new ones come.
    public static let limit = 1000
    public let path: String
    public let limit: Int

    public init(repository: Repository, limit: Int = ChatHistory.limit) {
        self.init(path: repository.directory + "/logs/chat-history", limit: limit)
    }

    init(path: String, limit: Int) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// What `record` did with a line.
    public enum Outcome: Equatable, Sendable {
        case kept
        /// Empty, or spaces only: nothing to recall.
        case blank
        /// It starts with a space: the user asked to keep it out (bash's `ignorespace`).
        case startsWithSpace
        /// The secret scanner flags it: a credential never goes to disk here.
        case holdsSecret
        /// It is the newest entry already.
        case duplicate
    }

    /// Whether `line` would be kept, and if not why; `newest` is the newest entry.
    public static func verdict(on line: String, newest: String?) -> Outcome {
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return .blank }
        if line.hasPrefix(" ") { return .startsWithSpace }
        if !SecretScanner.findings(in: line).isEmpty { return .holdsSecret }
        if line == newest { return .duplicate }
        return .kept
    }

    /// The entries, oldest first; none when the file does not exist. Lines that are not UTF-8 or
    /// are empty are skipped, so a damaged file costs only its damaged lines.
    public func entries() throws(FileSystemError) -> [String] {
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.read(path)
        } catch where error.meansNoFile {
            return []
        }
        return Self.entries(in: bytes)
    }

    /// Appends `line` unless `verdict` refuses it, under the file's lock, keeping the newest `limit`
    /// entries; the lock file is renamed over the file, so two sessions at once each add theirs.
    /// - Returns: what was done; only `.kept` wrote anything.
    @discardableResult
    public func record(_ line: String) throws(LockError) -> Outcome {
        // Checked before the lock as well, so a refused line costs no file access.
        let early = Self.verdict(on: line, newest: nil)
        guard early == .kept else { return early }
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
        } catch {
            throw .fileSystem(error)
        }
        // Readable by its owner only, as a shell's history: it holds what was typed, sent or not.
        let lock = try LockFile.acquire(for: path, mode: 0o600)
        var current: [String]
        do {
            current = try entries()
        } catch {
            throw .fileSystem(error)
        }
        // The rest of the verdict is settled above; only the newest entry could have changed since.
        guard line != current.last else { return .duplicate }
        current.append(line)
        if current.count > limit { current.removeFirst(current.count - limit) }
        try lock.commit(Self.bytes(of: current))
        return .kept
    }

    static func entries(in bytes: [UInt8]) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { line in
            String(validating: line, as: UTF8.self).map(unescaped)
        }
    }

    static func bytes(of entries: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            bytes += escaped(entry).utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// One entry on one line: `\` as `\\`, LF as `\n`.
    static func escaped(_ entry: String) -> String {
        var text = ""
        for scalar in entry.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The reverse of `escaped`; a `\` before anything else is read as itself.
    static func unescaped(_ line: String) -> String {
        guard line.unicodeScalars.contains("\\") else { return line }
        var text = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                text.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\"?: text += "\\"
            case "n"?: text += "\n"
            case let other?: text += "\\" + String(other)
            case nil: text += "\\"
            }
        }
        return text
    }
}
