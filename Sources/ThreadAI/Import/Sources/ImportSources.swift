import ThreadAIStore

/// Every source `import` knows, in the order help and errors list them (docs/DESIGN.md, "Adding an
/// import source": a new source is one file and one line here).
public enum ImportSources {
    public static let all: [any ImportSource] = [
        ChatGPTSource(),
        CodexSource(),
        GeminiSource(),
        ClaudeCodeSource(),
        AiderSource(),
        LLMSource(),
        ThreadAIJSONSource(),
    ]

    /// How many bytes of a file detection reads.
    public static let startLength = 4096

    /// The names `import FORMAT` takes, in order.
    public static func names(among sources: [any ImportSource] = all) -> [String] {
        sources.map(\.name)
    }

    /// The source `import FORMAT` names, or nil.
    public static func named(_ name: String, among sources: [any ImportSource] = all) -> (any ImportSource)? {
        sources.first { $0.name == name }
    }

    /// The source of the file at `path`: by its name when a source claims it so (the file is not
    /// opened), else by its first bytes, else the source that reads unclaimed files; nil when none does.
    /// - Throws: `ImportFileError` when the file must be read and cannot be.
    public static func detect(_ path: String, among sources: [any ImportSource] = all) throws(ImportFileError) -> (any ImportSource)? {
        if let byName = sources.first(where: { $0.claims(fileName: path) }) { return byName }
        let start: [UInt8]
        do {
            start = try FileChunks(path: path, chunkSize: startLength).next() ?? []
        } catch {
            throw ImportFileError(path: path, reason: "\(error)")
        }
        return sources.first { $0.claims(start: start) } ?? sources.first { $0.readsUnclaimedFiles }
    }

    /// The files of a folder to import, given every path below it: each source's in the order of
    /// `sources`, each source's sorted.
    public static func collected(inFolder relativePaths: [String], among sources: [any ImportSource] = all) -> [String] {
        var taken = Set<String>()
        var files: [String] = []
        for source in sources {
            for path in relativePaths.filter({ source.collects(inFolder: $0) && !taken.contains($0) }).sorted() {
                taken.insert(path)
                files.append(path)
            }
        }
        return files
    }
}
