/// The codec of `cache/threads` (docs/FORMAT.md §12.1): thread summaries keyed by the heads they were
/// computed from, and the fingerprint of `renames` they all depend on.
struct ThreadSummaryFile: Equatable, Sendable {
    static let kind = "threads"
    static let version = 1

    /// The SHA-256 of `renames` when the summaries were computed, or `-` when there was none
    /// (`Renames.cacheKey`).
    var renamesFingerprint: String
    /// By thread name.
    var entries: [ThreadName: CachedThreadSummary]

    func encoded() -> [UInt8] {
        var body = Array("renames \(renamesFingerprint)\n".utf8)
        for name in entries.keys.sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }) {
            guard let entry = entries[name] else { continue }
            let summary = entry.summary
            let fields = [
                "thread", FrontmatterValue.encode(name.rawValue),
                summary.heads.map(\.hex).joined(separator: ","),
                summary.forkPoint?.hex ?? "-",
                summary.parent.map(FrontmatterValue.encode) ?? "-",
                String(summary.messageCount), String(summary.ownMessageCount),
                summary.lastDate?.rfc3339 ?? "-",
                entry.titleSource.rawValue, FrontmatterValue.encode(summary.title),
            ]
            body += Array((fields.joined(separator: " ") + "\n").utf8)
        }
        return CacheFrame.seal(kind: Self.kind, version: Self.version, body: body)
    }

    /// Reads a file made by `encoded`; nil when it is damaged in any way (§12 rule 3).
    static func decode(_ bytes: [UInt8]) -> ThreadSummaryFile? {
        guard let body = CacheFrame.open(bytes, kind: kind, version: version) else { return nil }
        let lines = CacheLine.lines(body)
        guard let first = lines.first, let renames = CacheLine.fields(first), renames.count == 2,
              CacheLine.text(renames[0]) == "renames" else { return nil }
        var file = ThreadSummaryFile(renamesFingerprint: CacheLine.text(renames[1]), entries: [:])
        file.entries.reserveCapacity(lines.count)
        var previous: ThreadName?
        for line in lines.dropFirst() {
            // Strictly ascending by the name's bytes, as written (§12.1): a name twice, or lines out of
            // order, are a writer's defect that the checksum cannot see.
            guard let (name, entry) = entry(line), previous.map({ $0 < name }) ?? true,
                  file.entries.updateValue(entry, forKey: name) == nil else { return nil }
            previous = name
        }
        return file
    }

    private static func entry(_ line: ArraySlice<UInt8>) -> (ThreadName, CachedThreadSummary)? {
        guard let fields = CacheLine.fields(line), fields.count == 10, CacheLine.text(fields[0]) == "thread",
              let rawName = CacheLine.value(fields[1]),
              let heads = ids(fields[2]), !heads.isEmpty,
              let count = decimal(fields[5]), let own = decimal(fields[6]), count >= own,
              let date = try? Timestamp(rfc3339: CacheLine.text(fields[7])),
              let source = CachedThreadSummary.TitleSource(rawValue: CacheLine.text(fields[8])),
              let title = CacheLine.value(fields[9]) else { return nil }
        let fork: ObjectID?
        let parent: String?
        if CacheLine.text(fields[3]) == "-" {
            guard CacheLine.text(fields[4]) == "-" else { return nil }
            (fork, parent) = (nil, nil)
        } else {
            guard let id = ObjectID(hexDigits: fields[3]), let owner = CacheLine.value(fields[4]) else { return nil }
            (fork, parent) = (id, owner)
        }
        let name = ThreadName(fromVerifiedCache: rawName)
        let summary = ThreadSummary(
            name: name, heads: heads, forkPoint: fork, parent: parent, messageCount: count,
            ownMessageCount: own, title: title, lastDate: date)
        return (name, CachedThreadSummary(summary: summary, titleSource: source))
    }

    /// The number `field` writes as `0|[1-9][0-9]*` (§4.2), or nil: no sign, no leading zero.
    private static func decimal(_ field: ArraySlice<UInt8>) -> Int? {
        FrontmatterKey.isDecimalInteger(field) ? Int(CacheLine.text(field)) : nil
    }

    /// The ids of `field`, joined by `,`; nil when a part is not an id (an empty one either).
    static func ids(_ field: ArraySlice<UInt8>) -> [ObjectID]? {
        // One pass without an array of parts: every line of the file has at least one id.
        var ids: [ObjectID] = []
        var start = field.startIndex
        while true {
            let end = field[start...].firstIndex(of: UInt8(ascii: ",")) ?? field.endIndex
            guard let id = ObjectID(hexDigits: field[start..<end]) else { return nil }
            ids.append(id)
            guard end < field.endIndex else { return ids }
            start = end + 1
        }
    }
}
