#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAI
import ThreadAIStore

/// Reads the files `send -f PATH` attaches (docs/FORMAT.md §4.7): each checked for size before it is
/// read, and for being text after; `-` is standard input. Paths inside the code's work tree are
/// recorded relative to its top, and blob ids use its hash function.
enum FileAttachments {
    /// The user message's content and extra fields for `text` with the files at `paths` attached.
    static func message(
        text: String, paths: [String], secrets: SecretPolicy, repository: Repository, _ context: CommandContext
    ) throws -> (content: String, fields: [String: String]) {
        guard !paths.isEmpty else { return (text, [:]) }
        let tree = try CodeTree.read(threadaiDirectory: repository.directory)
        var files: [AttachedFile] = []
        for path in paths {
            if path == "-" {
                files.append(try AttachedFile(path: "-", bytes: try context.input.readBytes()).applying(secrets))
                continue
            }
            let absolute = context.absolutePath(path)
            let recorded = tree?.recordedPath(of: absolute, given: path) ?? path
            files.append(try AttachedFile(path: recorded, bytes: try read(absolute, given: path)).applying(secrets))
        }
        return try AttachedFile.message(text: text, files: files, algorithm: tree?.algorithm ?? .sha1)
    }

    /// The bytes of the regular file at `absolute`, refused before reading when it is too large.
    private static func read(_ absolute: String, given: String) throws -> [UInt8] {
        let status: FileStatus?
        do {
            status = try FilePaths.status(absolute)
        } catch {
            throw AttachmentError.unreadable(given, reason: "no such file, or it cannot be read")
        }
        guard let status else { throw AttachmentError.unreadable(given, reason: "no such file, or it cannot be read") }
        guard status.kind == .regularFile else {
            throw AttachmentError.unreadable(given, reason: "it is not a regular file (a folder? attach its files: -f DIR/*)")
        }
        try AttachedFile.checkSize(Int(status.size), of: given)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw AttachmentError.unreadable(given, reason: "it cannot be read")
        }
        return Array(data)
    }
}
