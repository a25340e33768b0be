#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A config file in the format of docs/FORMAT.md §9: one `key = value` per line; blank lines and
/// lines whose first non-blank character is `#` are comments.
///
/// Editing keeps every comment and every other line as it was: `set` rewrites the key's line in
/// place (or appends one), `remove` drops it. Values are taken literally after trimming, with no
/// quoting and no trailing comments, so a `#` inside a value is part of it. When a key appears
/// twice, the last line wins (as in git). The same syntax serves the keys file.
public struct ConfigFile: Sendable, Equatable {
    /// One `key = value` line, numbered from 1.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        public var line: Int
    }

    private enum Line: Sendable, Equatable {
        case verbatim(String)
        case entry(key: String, value: String)
    }

    private var lines: [Line]
    /// Where the file was read from, for messages; nil for one made in memory.
    public let path: String?

    /// An empty file.
    public init(path: String? = nil) {
        self.lines = []
        self.path = path
    }

    /// Parses `text`.
    /// - Throws: `ConfigurationError.syntax` naming the line of the first line that is not a
    ///   comment, blank, or `key = value` with a key of lowercase letters, digits, `.` and `-`.
    public init(parsing text: String, path: String) throws(ConfigurationError) {
        self.path = path
        var parsed: [Line] = []
        // "\r\n" is one Character in Swift, so both line ends are named.
        var rawLines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
        if rawLines.last == "" { rawLines.removeLast() }
        for (index, raw) in rawLines.enumerated() {
            let line = raw
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                parsed.append(.verbatim(line))
                continue
            }
            if GitConflictMarker.isMarker(line.utf8) {
                throw .syntax(
                    path: path, line: index + 1,
                    reason: "a git merge left its conflict markers here; keep the lines you want from both sides "
                        + "and remove the '<<<<<<<', '=======' and '>>>>>>>' lines")
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .syntax(path: path, line: index + 1, reason: "expected 'key = value'")
            }
            let key = String(trimmed[..<equals]).trimmingWhitespace()
            guard Self.isValidKey(key) else {
                throw .syntax(
                    path: path, line: index + 1,
                    reason: "a key is lowercase letters, digits, '.' and '-', starting with a letter")
            }
            let value = String(trimmed[trimmed.index(after: equals)...]).trimmingWhitespace()
            parsed.append(.entry(key: key, value: value))
        }
        self.lines = parsed
    }

    /// The file at `path`, or an empty one when it does not exist.
    /// - Throws: `ConfigurationError.syntax` or `.fileSystem`.
    public static func load(_ path: String) throws(ConfigurationError) -> ConfigFile {
        let text: String?
        do {
            text = try FilePaths.readText(path)
        } catch {
            throw .fileSystem(error)
        }
        guard let text else { return ConfigFile(path: path) }
        return try ConfigFile(parsing: text, path: path)
    }

    /// Every `key = value` line, in file order.
    public var entries: [Entry] {
        lines.enumerated().compactMap { index, line in
            guard case .entry(let key, let value) = line else { return nil }
            return Entry(key: key, value: value, line: index + 1)
        }
    }

    /// The entry that sets `key` (the last one when it appears twice), or nil.
    public func entry(for key: String) -> Entry? {
        entries.last { $0.key == key }
    }

    /// Sets `key` to `value`: rewrites its line where it is (dropping any repeats), or appends one.
    /// `value` must not contain a line end; callers validate values first.
    public mutating func set(_ key: String, to value: String) {
        let flattened = String(value.map { $0.isNewline ? " " : $0 })
        var replaced = false
        lines = lines.compactMap { line in
            guard case .entry(let existing, _) = line, existing == key else { return line }
            if replaced { return nil }
            replaced = true
            return .entry(key: key, value: flattened)
        }
        if !replaced { lines.append(.entry(key: key, value: flattened)) }
    }

    /// Removes every line that sets `key`.
    /// - Returns: whether there was one.
    @discardableResult
    public mutating func remove(_ key: String) -> Bool {
        let before = lines.count
        lines.removeAll { if case .entry(key, _) = $0 { return true } else { return false } }
        return lines.count != before
    }

    /// The file's text: comments as they were, entries as `key = value`, each line ending in LF.
    public var text: String {
        lines.map { line in
            switch line {
            case .verbatim(let text): return text + "\n"
            case .entry(let key, let value): return value.isEmpty ? "\(key) =\n" : "\(key) = \(value)\n"
            }
        }.joined()
    }

    /// Writes the file to `path` atomically (temporary file, flush, rename), creating its folder.
    /// - Parameter mode: the file's permission bits, set from its first byte.
    public func save(to path: String, mode: UInt32 = 0o644) throws(ConfigurationError) {
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: path), mode: 0o700)
            try TempFile.write(text.utf8, to: path, mode: mode_t(mode))
        } catch {
            throw .fileSystem(error)
        }
    }

    static func isValidKey(_ key: String) -> Bool {
        guard let first = key.first, first.isASCII, first.isLowercase else { return false }
        return key.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "." || $0 == "-") }
    }
}
