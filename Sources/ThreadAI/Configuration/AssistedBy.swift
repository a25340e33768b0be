import ThreadAIStore

/// The `Assisted-by: AGENT:MODEL` commit trailer (docs/CLI.md, `trailer`), as the Linux kernel's rules
/// for coding assistants write it (Documentation/process/coding-assistants.rst: `AGENT_NAME:MODEL_VERSION`),
/// added beside `Thread:` when the `trailer.assisted-by` setting asks for it.
public enum AssistedBy {
    /// The trailer's key.
    public static let key = "Assisted-by"

    /// `AGENT:MODEL` for the conversation whose head is `head`: the newest message of its history that
    /// names a model (a question has none; its reply does). AGENT is the source format of that message
    /// when another tool wrote it (`claude-code` for a captured Claude Code session, docs/FORMAT.md
    /// §4.6), else `threadai`. Nil when no message of the history names a model.
    /// - Throws: `ObjectError` for a message that cannot be read.
    public static func value(at head: ObjectID, in repository: Repository) throws(ObjectError) -> String? {
        var next: ObjectID? = head
        while let id = next {
            let header = try repository.objects.header(id)
            if let model = header.fields["model"], !model.isEmpty, !model.contains(where: \.isWhitespace) {
                let agent = header.fields["source"].flatMap { $0.split(separator: ":", maxSplits: 1).first.map(String.init) }
                return (agent ?? "threadai") + ":" + model
            }
            next = header.parent
        }
        return nil
    }
}

extension SettingsLayers {
    /// Whether `threadai trailer` adds `Assisted-by:` (the `trailer.assisted-by` key; default false).
    /// - Throws: `ConfigurationError.invalidValue` for a value that is not a boolean.
    public func assistedByTrailer() throws(ConfigurationError) -> Bool {
        try validated(.trailerAssistedBy)?.value == "true"
    }
}
