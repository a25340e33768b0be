import ThreadAIStore

/// A file put into a user message with `send -f` (docs/FORMAT.md §4.7): its path as recorded and its
/// bytes, checked to be text of a size a model can take.
public struct AttachedFile: Sendable, Equatable {
    /// The most bytes one file may have: 256 KiB, about 64,000 tokens.
    public static let maximumFileBytes = 256 * 1024
    /// The most bytes all the files of one message may have together: 1 MiB.
    public static let maximumTotalBytes = 1024 * 1024

    /// The path recorded in `files` and in the fence: relative to the code's work tree when inside
    /// it, else as given; `-` for standard input.
    public let path: String
    public private(set) var text: String
    /// The file's bytes exactly as read (what the blob id is computed from).
    public let bytes: [UInt8]

    /// Checks a file read whole.
    /// - Throws: `AttachmentError` for a path that cannot be recorded, a file over
    ///   `maximumFileBytes`, or one that is not text (a NUL byte, or not UTF-8).
    public init(path: String, bytes: [UInt8]) throws(AttachmentError) {
        guard !path.isEmpty, !path.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{0}" || $0 == "`" }) else {
            throw .unusablePath(path)
        }
        try Self.checkSize(bytes.count, of: path)
        if let offset = bytes.firstIndex(of: 0) { throw .binary(path, reason: "a NUL byte at offset \(offset)") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .binary(path, reason: "it is not UTF-8 text") }
        self.path = path
        self.text = text
        self.bytes = bytes
    }

    /// The same file with its text passed through `policy` (credentials refused, kept or redacted);
    /// the blob id stays the one of the bytes as read.
    /// - Throws: `SecretsFound` naming the file.
    public func applying(_ policy: SecretPolicy) throws(SecretsFound) -> AttachedFile {
        var copy = self
        copy.text = try policy.apply(to: text, item: "the attached file \(path)")
        return copy
    }

    /// Refuses a file of `size` bytes over the limit, before it is read.
    public static func checkSize(_ size: Int, of path: String) throws(AttachmentError) {
        if size > maximumFileBytes { throw .tooLarge(path, size: size, limit: maximumFileBytes) }
    }

    /// Git's blob id of the bytes (`git hash-object`).
    public func blobID(_ algorithm: GitBlobID.Algorithm) -> String {
        GitBlobID.of(bytes, algorithm: algorithm)
    }

    /// The fenced block of docs/FORMAT.md §4.7: a fence one backtick longer than the longest run
    /// inside (at least three), info string `file:PATH`, the text ending in LF, the closing fence.
    var fencedBlock: String {
        FencedBlock.text(info: "file:" + path, body: text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }

    /// The content of a user message that attaches `files` after `text` (without its final line ends)
    /// and one blank line, and its `files` field.
    /// - Throws: `AttachmentError.tooLargeTogether` when the files exceed `maximumTotalBytes` together.
    public static func message(
        text: String, files: [AttachedFile], algorithm: GitBlobID.Algorithm
    ) throws(AttachmentError) -> (content: String, fields: [String: String]) {
        guard !files.isEmpty else { return (text, [:]) }
        let total = files.reduce(0) { $0 + $1.bytes.count }
        if total > maximumTotalBytes { throw .tooLargeTogether(size: total, limit: maximumTotalBytes) }
        let blocks = files.map(\.fencedBlock).joined(separator: "\n\n")
        // The typed text's own final line ends (a piped message ends in one) would add blank lines.
        var typed = Substring(text)
        while typed.last == "\n" || typed.last == "\r\n" || typed.last == "\r" { typed = typed.dropLast() }
        let content = typed.isEmpty ? blocks : typed + "\n\n" + blocks
        let list = files.map { $0.blobID(algorithm) + " " + $0.path }.joined(separator: "\n")
        return (content, ["files": list])
    }
}

/// Why a file cannot be attached; nothing is stored.
public enum AttachmentError: Error, Sendable, Equatable, CustomStringConvertible {
    case unusablePath(String)
    case tooLarge(String, size: Int, limit: Int)
    case tooLargeTogether(size: Int, limit: Int)
    case binary(String, reason: String)
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .unusablePath(let path):
            "cannot attach \(path.quotedForDisplay): a path with a line break, a NUL or a backtick cannot be recorded; rename or copy the file."
        case .tooLarge(let path, let size, let limit):
            "cannot attach \(path): it has \(size) bytes, over the limit of \(limit) bytes (\(limit / 1024) KiB) per file; attach a part of it (for example with sed -n or head)."
        case .tooLargeTogether(let size, let limit):
            "cannot attach these files: together they have \(size) bytes, over the limit of \(limit) bytes (\(limit / 1024) KiB) per message; send them in several messages."
        case .binary(let path, let reason):
            "cannot attach \(path): it is not a text file (\(reason)); only UTF-8 text can be put into a message."
        case .unreadable(let path, let reason):
            "cannot attach \(path): \(reason)."
        }
    }
}
