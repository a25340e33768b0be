import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// The `threadai-json` interchange format (docs/FORMAT.md §11): every message object's exact text
/// and every thread's heads, sorted, so one repository always exports to the same bytes and an
/// import of the export rebuilds it identically.
public enum ThreadAIJSON {
    public static let version = 1

    /// Whether a file that begins with `prefix` looks like a `threadai-json` export (for format detection).
    public static func looksLikeExport(_ prefix: some Collection<UInt8>) -> Bool {
        // `"format"`, `:` and `"threadai-json"` with any white space between: as this writer spaces
        // them, or as another tool wrote the file again (`jq -c`, Python's `json.dump`).
        let text = Array(prefix)
        let key = Array("\"format\"".utf8), value = Array("\"threadai-json\"".utf8)
        func skippingSpace(_ index: Int) -> Int {
            var index = index
            while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
            return index
        }
        var start = 0
        while start + key.count <= text.count {
            defer { start += 1 }
            guard text[start..<(start + key.count)].elementsEqual(key) else { continue }
            let colon = skippingSpace(start + key.count)
            guard colon < text.count, text[colon] == UInt8(ascii: ":") else { continue }
            let found = skippingSpace(colon + 1)
            if text[found...].starts(with: value) { return true }
        }
        return false
    }

    /// Reads the export at `path` in two passes over the file, so memory stays bounded however large
    /// it is: the first checks `format` and `version`, reads the threads, checks every message against
    /// its id (so a bad one writes nothing) and (unless `secrets` is `.allow`) scans it; the second
    /// stores the messages (verifying each id again) through one `ObjectBatch`. Then every thread is placed by compare-and-swap, as `Importer` does, once all
    /// their heads are known to be stored.
    /// - Parameter secrets: what to do with credentials in the messages (docs/CLI.md, "Secrets"); they
    ///   are named by their hashes, so a credential cannot be redacted: anything but `.allow` refuses.
    /// - Parameter checked: called with how many messages the first pass has checked so far.
    /// - Parameter progress: called with the counts after each message stored.
    public static func load(
        path: String, into importer: inout Importer, summary: inout Importer.Summary, secrets: SecretPolicy = .allow,
        checked: (Int) -> Void = { _ in }, progress: (Importer.Summary) -> Void = { _ in }
    ) throws(ImportError) {
        let reader = { () throws(ImportError) -> JSONReader in
            do {
                return try JSONReader(path: path)
            } catch {
                throw ImportError(item: path, reason: "cannot be read: \(error)")
            }
        }
        var parents = ExportParents()
        let threads = try outline(try reader(), name: path, secrets: secrets, parents: &parents, checked: checked)
        let repository = importer.repository
        for thread in threads where !parents.holds(thread.head) && !repository.objects.contains(thread.head) {
            throw ImportError(item: "\(path) thread #\(thread.index) (\(thread.name))", reason: "its head \(thread.head.hex) is not among the messages")
        }
        for tag in threads.shared.tags where !parents.holds(tag.target) && !repository.objects.contains(tag.target) {
            throw ImportError(item: "\(path) tag \(tag.name)", reason: "its message \(tag.target.hex) is not among the messages")
        }
        let outside = parents.outside
        if !outside.isEmpty {
            var reader = try reader()
            try each(&reader, name: path) { (index, entry) throws(ImportError) in
                try ExportParents.check(
                    id: entry["id"]?.string ?? "", object: entry["object"]?.string ?? "", outside: outside,
                    repository: repository, item: "\(path) message #\(index)")
            }
        }
        try storeMessages(try reader(), name: path, repository: repository, summary: &summary, progress: progress)
        for thread in threads where !repository.objects.contains(thread.head) {
            throw ImportError(item: "\(path) thread #\(thread.index) (\(thread.name))", reason: "its head \(thread.head.hex) is not among the messages")
        }
        try place(threads.shared, repository: repository, name: path, summary: &summary)
        try importer.placeExported(
            threads.map { ($0.name, $0.head) }, renames: Renames(replaying: threads.shared.renames), item: path, summary: &summary)
        summary.skipped += threads.diverged
        summary.exports += 1
    }

    struct Threads: Sequence {
        var placed: [(index: Int, name: ThreadName, head: ObjectID)] = []
        var diverged: [String] = []
        var shared = SharedState()
        func makeIterator() -> IndexingIterator<[(index: Int, name: ThreadName, head: ObjectID)]> { placed.makeIterator() }
    }

    /// The first pass: the format and version, the threads, the messages' parents, and the secrets check
    /// (internal for the fuzz target, which reads bytes rather than a file).
    static func outline(
        _ reader: JSONReader, name: String, secrets: SecretPolicy, parents: inout ExportParents, checked: (Int) -> Void
    ) throws(ImportError) -> Threads {
        var reader = reader
        var format: String?
        var version: JSONReader.Value?
        var threads = Threads()
        do {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                switch key {
                case "format": format = try reader.readValue().string
                case "version": version = try reader.readValue()
                case "threads":
                    try reader.beginArray()
                    var index = 0
                    while try reader.nextElement() {
                        index += 1
                        try thread(try reader.readValue(), index: index, name: name, into: &threads)
                    }
                case "renames": threads.shared.renames = try renames(try reader.readValue(), name: name)
                case "tags":
                    try reader.beginArray()
                    var index = 0
                    while try reader.nextElement() {
                        index += 1
                        threads.shared.tags.append(try tag(try reader.readValue(), index: index, name: name, secrets: secrets))
                    }
                case "messages":
                    try forEachMessage(&reader) { (index, entry) throws(ImportError) in
                        // Every message is checked before anything is written: a tampered one late in
                        // a large export must not leave the batches before it behind.
                        _ = try verified(entry, item: "\(name) message #\(index)")
                        if secrets != .allow { try refuseSecrets(in: entry, index: index, name: name, policy: secrets) }
                        parents.note(id: entry["id"]?.string ?? "", object: entry["object"]?.string ?? "")
                        checked(index)
                    }
                default: try reader.skipValue()
                }
            }
            try reader.end()
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(item: name, reason: JSONReader.reasonMentioningTruncation(error))
        }
        guard format == "threadai-json" else {
            throw ImportError(item: name, reason: "not a threadai-json export (no \"format\": \"threadai-json\")")
        }
        guard case .number(let found)? = version, found == String(Self.version) else {
            let found = version.map { if case .number(let text) = $0 { text } else { "\($0)" } } ?? "none"
            throw ImportError(item: name, reason: "unknown threadai-json version \(found); this \(Remedy.program) reads version \(Self.version)")
        }
        return threads
    }

    private static func thread(_ value: JSONReader.Value, index: Int, name: String, into threads: inout Threads) throws(ImportError) {
        let item = "\(name) thread #\(index)"
        guard let entry = value.object, let raw = entry["name"]?.string, let heads = entry["heads"]?.array?.compactMap(\.string) else {
            throw ImportError(item: item, reason: "needs a \"name\" and \"heads\"")
        }
        do {
            let thread = try ThreadName(raw)
            guard heads.count == 1 else {
                threads.diverged.append("thread \(raw): diverged (\(heads.count) heads); reconcile it and export again")
                return
            }
            threads.placed.append((index, thread, try ObjectID(hex: heads[0])))
        } catch {
            throw ImportError(item: "\(item) (\(raw))", reason: "\(error)")
        }
    }

    /// The second pass: every message, stored once its bytes hash to its id and parse as a message,
    /// a chunk at a time (`Repository.store`: each chunk of 100 new messages or more one pack, docs/FORMAT.md
    /// §15.3), so memory holds one chunk of at most 4,096 messages or 16 MiB, never the export.
    private static func storeMessages(
        _ reader: JSONReader, name: String, repository: Repository, summary: inout Importer.Summary,
        progress: (Importer.Summary) -> Void
    ) throws(ImportError) {
        var reader = reader
        var chunk: [[UInt8]] = []
        var chunkBytes = 0
        func storeChunk(_ summary: inout Importer.Summary) throws(ImportError) {
            guard !chunk.isEmpty else { return }
            do {
                summary.newMessages += try repository.store(chunk).new
            } catch {
                throw ImportError(item: name, reason: "\(error)")
            }
            chunk.removeAll(keepingCapacity: true)
            chunkBytes = 0
        }
        try each(&reader, name: name) { (index, entry) throws(ImportError) in
            // Checked again: the file may have changed since the first pass read it.
            let bytes = try verified(entry, item: "\(name) message #\(index)")
            chunk.append(bytes)
            chunkBytes += bytes.count
            if chunk.count >= ObjectBatch.objectLimit || chunkBytes >= ObjectBatch.byteLimit { try storeChunk(&summary) }
            summary.messages += 1
            progress(summary)
        }
        try storeChunk(&summary)
    }

    /// The bytes of a message entry, once its id parses, its object hashes to it and parses as a message.
    private static func verified(_ entry: [String: JSONReader.Value], item: String) throws(ImportError) -> [UInt8] {
        guard let hex = entry["id"]?.string, let text = entry["object"]?.string else {
            throw ImportError(item: item, reason: "needs an \"id\" and an \"object\"")
        }
        do {
            let id = try ObjectID(hex: hex)
            let bytes = Array(text.utf8)
            guard ObjectID.of(bytes) == id else { throw ImportError(item: "\(item) (\(hex))", reason: "its object does not hash to its id") }
            _ = try MessageCodec.decode(bytes)
            return bytes
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(item: "\(item) (\(hex))", reason: "\(error)")
        }
    }

    /// Every message of the export `reader` reads, a failure to read it named as `name`'s.
    private static func each(
        _ reader: inout JSONReader, name: String, _ body: (Int, [String: JSONReader.Value]) throws(ImportError) -> Void
    ) throws(ImportError) {
        do {
            try reader.beginObject()
            while let key = try reader.nextKey() {
                guard key == "messages" else { try reader.skipValue(); continue }
                try forEachMessage(&reader, body)
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(item: name, reason: "\(error)")
        }
    }

    private static func forEachMessage(
        _ reader: inout JSONReader, _ body: (Int, [String: JSONReader.Value]) throws(ImportError) -> Void
    ) throws {
        try reader.beginArray()
        var index = 0
        while try reader.nextElement() {
            index += 1
            try body(index, try reader.readValue().object ?? [:])
        }
    }

    /// Refuses the whole export, before anything is written, when a message holds a credential.
    /// The remedy is its own: `--redact`, the usual other way on, cannot apply to an export whose
    /// messages are named by their hashes, so it is never advised (and, when given, said not to apply).
    private static func refuseSecrets(
        in entry: [String: JSONReader.Value], index: Int, name: String, policy: SecretPolicy
    ) throws(ImportError) {
        guard let text = entry["object"]?.string else { return }
        let findings = SecretScanner.findings(in: text)
        guard !findings.isEmpty else { return }
        let redactGiven = policy == .redact ? ", so \(Remedy(.redactSecrets)) cannot apply to it" : ""
        throw ImportError(
            item: "\(name) message #\(index) (\(entry["id"]?.string ?? ""))",
            reason: SecretsFound(item: "it", findings: findings).found
                + " A threadai-json export cannot be redacted on import (its messages are named by their hashes)\(redactGiven): "
                + "remove the secret at its source and export again, or run again with \(Remedy(.allowSecrets)) to import it "
                + SecretsFound.asItIs)
    }
}
