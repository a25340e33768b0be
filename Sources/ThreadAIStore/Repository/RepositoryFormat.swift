/// `.threadai/format` (docs/FORMAT.md §15.4): the format features a repository uses, shared through
/// git, one line `feature NAME` each, sorted, each once. A reader refuses a repository that names a
/// feature it does not know (`Repository.init` reads it before anything else), so a newer
/// repository fails with a clear message instead of being misread. A missing file names none.
public struct RepositoryFormat: Sendable, Equatable {
    /// The features this version reads.
    public static let knownFeatures: Set<String> = [packs, packedRefs, packedReflogs]
    /// Packs (§15): objects may lie in `packs/` as well as loose.
    public static let packs = "packs"
    /// Packed refs (§5.7): threads may have their heads in `refs/threads/.packed` as well as in files.
    public static let packedRefs = "packed-refs"
    /// Packed reflogs (§7.1): a thread's reflog may begin with lines in `logs/packed`.
    public static let packedReflogs = "packed-reflogs"

    /// Sorted, each once.
    public let features: [String]

    public init(features: some Sequence<String>) {
        self.features = Set(features).sorted()
    }

    public static func path(in directory: String) -> String { directory + "/format" }

    /// The file's bytes: `feature NAME` LF per feature, sorted, so two clones that announce the same
    /// features write the same bytes and git merges them without a conflict.
    public var bytes: [UInt8] {
        Array(features.map { "feature \($0)\n" }.joinedText(separator: "").utf8)
    }

    /// The format of the repository in `directory`.
    /// - Throws: `FormatError.unreadable` when the file is not of its form,
    ///   `.unknownFeature` when it names a feature this version does not read.
    public static func read(in directory: String) throws(FormatError) -> RepositoryFormat {
        let path = path(in: directory)
        let bytes: [UInt8]
        do {
            bytes = try FilePaths.readReplacedFile(path)
        } catch {
            if error.isNotFound { return RepositoryFormat(features: []) }
            throw .fileSystem(error)
        }
        guard bytes.isEmpty || bytes.last == 0x0a else { throw .unreadable(path: path) }
        var features: [String] = []
        for line in bytes.split(separator: 0x0a, omittingEmptySubsequences: false).dropLast() {
            guard line.starts(with: "feature ".utf8) else { throw .unreadable(path: path) }
            let name = line.dropFirst("feature ".utf8.count)
            guard !name.isEmpty, name.allSatisfy(isNameByte) else { throw .unreadable(path: path) }
            let feature = String(decoding: name, as: UTF8.self)
            guard features.last.map({ $0 < feature }) ?? true else { throw .unreadable(path: path) }
            features.append(feature)
        }
        for feature in features where !knownFeatures.contains(feature) { throw .unknownFeature(feature, path: path) }
        return RepositoryFormat(features: features)
    }

    /// A feature name: lowercase ASCII letters, digits and `-`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }

    /// Makes the repository in `directory` announce `feature`, unless it does already: the file
    /// rewritten under its lock (`format.lock`) and renamed into place, durable before this returns,
    /// so it stands before whatever uses the feature is written.
    /// - Parameter dryRun: only say whether it would be written (`gc --dry-run`).
    /// - Returns: whether the file was (or would be) written.
    @discardableResult
    public static func announce(_ feature: String, in directory: String, dryRun: Bool = false) throws(FormatError) -> Bool {
        if try read(in: directory).features.contains(feature) { return false }
        if dryRun { return true }
        let lock: LockFile
        do {
            lock = try LockFile.acquire(for: path(in: directory), mode: 0o644)
        } catch {
            throw .lock(error)
        }
        // Read again under the lock: another writer may have announced it, or another feature, meanwhile.
        let current = try read(in: directory)
        guard !current.features.contains(feature) else { return false }
        do {
            try lock.commit(RepositoryFormat(features: current.features + [feature]).bytes)
        } catch {
            throw .lock(error)
        }
        return true
    }
}

/// Why a repository's `format` cannot be honoured.
public enum FormatError: Error, Sendable, CustomStringConvertible {
    /// The repository uses a format feature this version does not know.
    case unknownFeature(String, path: String)
    /// The file is not lines `feature NAME`, sorted, each once.
    case unreadable(path: String)
    case lock(LockError)
    case fileSystem(FileSystemError)

    public var description: String {
        switch self {
        case .unknownFeature(let feature, let path):
            return "this repository uses the format feature '\(feature)' (\(path)), which this version of "
                + "\(Remedy.program) cannot read. Upgrade to \(Remedy(.upgrade)); until then, do not use this "
                + "version on this repository."
        case .unreadable(let path):
            return "\(path) is not a format file (lines 'feature NAME', sorted, each once): it may come from a newer "
                + "version, or be damaged. Upgrade to \(Remedy(.upgrade)), or restore the file from git (git checkout -- '\(path)')."
        case .lock(let error):
            return error.description
        case .fileSystem(let error):
            return error.description
        }
    }
}
