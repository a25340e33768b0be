/// One open pack file (docs/FORMAT.md §15): mapped into memory (`MappedFile`), so reading one object
/// copies that object's bytes and nothing else, with its entries sorted by id for a binary search.
/// The entries come from the pack's index (`cache/packs/H.idx`) when it is sound and names this
/// pack, else from a scan of the framing, after which the index is written again. The mapping keeps
/// the file's bytes for as long as the pack is open, whatever is renamed or removed meanwhile.
final class Pack: Sendable {
    /// `H`, the name of the file without `.pack`: the SHA-256 of its bytes, unless it is damaged.
    let name: String
    let path: String
    /// Sorted by id (the file's order).
    let entries: [PackFraming.Entry]
    /// Whether `entries` came from the index, unchecked until each is read (`lookup`).
    let fromIndex: Bool
    private let mapping: MappedFile

    var size: Int { mapping.count }

    /// Opens the pack at `path`, named `name`, taking its entries from its index in `cache` when
    /// `useIndex` and the index is sound, else scanning it and writing the index again.
    /// - Throws: `PackError.damaged` when the scan finds the framing broken (§15.1).
    static func open(_ path: String, name: String, cache: CacheFolder, useIndex: Bool = true) throws(PackError) -> Pack {
        let mapping: MappedFile
        do {
            let file = try FileDescriptor(opening: path, flags: FilePaths.replacedFileFlags)
            mapping = try MappedFile(file, count: file.size())
        } catch {
            throw .fileSystem(error)
        }
        let indexKind = PackSet.indexKind(name)
        if useIndex, let bytes = cache.read(indexKind),
           let entries = PackIndex.decode(bytes, name: name, size: mapping.count) {
            return Pack(name: name, path: path, entries: entries, fromIndex: true, mapping: mapping)
        }
        let scan = mapping.withBytes(0..<mapping.count) { bytes in
            Result { () throws(PackFramingError) in try PackFraming.entries(bytes) }
        }
        let entries: [PackFraming.Entry]
        switch scan {
        case .success(let found): entries = found
        case .failure(let damage): throw .damaged(path: path, damage)
        }
        if cache.isEnabled {
            // A cache that cannot be written only means the next command scans again (§12 rule 6).
            try? FilePaths.makeDirectories(cache.path(of: PackSet.indexFolder))
            cache.writeIfPossible(indexKind, PackIndex.encode(name: name, size: mapping.count, entries: entries))
        }
        return Pack(name: name, path: path, entries: entries, fromIndex: false, mapping: mapping)
    }

    private init(name: String, path: String, entries: [PackFraming.Entry], fromIndex: Bool, mapping: MappedFile) {
        self.name = name
        self.path = path
        self.entries = entries
        self.fromIndex = fromIndex
        self.mapping = mapping
    }

    /// What a lookup of one id finds.
    enum Lookup {
        /// The bytes the pack holds for the id, not yet checked against it.
        case bytes([UInt8])
        case absent
        /// The index named an entry the pack does not frame there: the index is not this pack's.
        case staleIndex
    }

    /// The bytes this pack holds for `id`, unverified (the caller checks them against `id`).
    func lookup(_ id: ObjectID) -> Lookup {
        guard let position = ObjectID.position(of: id, count: entries.count, idAt: { entries[$0].id }) else { return .absent }
        let entry = entries[position]
        if fromIndex, !mapping.withBytes(0..<mapping.count, { PackFraming.frames(entry, in: $0) }) { return .staleIndex }
        return .bytes(mapping.bytes(entry.offset..<(entry.offset + entry.length)))
    }

    func contains(_ id: ObjectID) -> Bool {
        ObjectID.position(of: id, count: entries.count) { entries[$0].id } != nil
    }

    /// The SHA-256 of the whole file, which its name should be (`fsck`, §15.1).
    func digest() -> ObjectID {
        mapping.withBytes(0..<mapping.count) { ObjectID.of($0) }
    }
}

/// Why a pack could not be read.
public enum PackError: Error, Sendable, CustomStringConvertible {
    /// The file breaks a rule of its framing (docs/FORMAT.md §15.1).
    case damaged(path: String, PackFramingError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .damaged(let path, let damage): return "pack \(path) is damaged: \(damage)"
        case .fileSystem(let error): return error.description
        }
    }
}
