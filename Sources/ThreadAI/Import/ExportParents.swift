import ThreadAIStore

/// Whether every message of a `threadai-json` export has its parent, in the export or already in the
/// repository, checked in the first pass so that an export with a hole is refused before anything
/// is written. Ids are kept by their first 64 bits (8 bytes each, not 32: the large corpus's 218,000
/// messages cost about 4 MiB); a parent whose prefix no message of the export has is looked up whole
/// in a further pass, which only an export that refers outside itself needs.
struct ExportParents {
    private var ids = Set<UInt64>()
    private var parents = Set<UInt64>()

    /// Notes the message `id` whose object is `text`; an object that does not parse is left to the
    /// pass that stores messages, which says what is wrong with it.
    mutating func note(id: String, object text: String) {
        if let prefix = Self.prefix(id) { ids.insert(prefix) }
        guard let parent = try? MessageCodec.decodeHeader(Array(text.utf8)).parent, let prefix = Self.prefix(parent.hex) else { return }
        parents.insert(prefix)
    }

    /// Whether a message of the export has `id`'s prefix.
    func holds(_ id: ObjectID) -> Bool {
        Self.prefix(id.hex).map(ids.contains) ?? false
    }

    /// The parents' prefixes that no message of the export has.
    var outside: Set<UInt64> { parents.subtracting(ids) }

    /// Refuses the message if its parent is outside the export (its prefix in `outside`) and not in
    /// `repository` either.
    static func check(
        id: String, object text: String, outside: Set<UInt64>, repository: Repository, item: String
    ) throws(ImportError) {
        guard let parent = try? MessageCodec.decodeHeader(Array(text.utf8)).parent,
            let prefix = prefix(parent.hex), outside.contains(prefix), !repository.objects.contains(parent)
        else { return }
        throw ImportError(item: "\(item) (\(id))", reason: "its parent \(parent.hex) is neither in the export nor in this repository")
    }

    private static func prefix(_ hex: String) -> UInt64? {
        UInt64(hex.prefix(16), radix: 16)
    }
}
