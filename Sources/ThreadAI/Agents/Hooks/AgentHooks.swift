import ThreadAIStore

/// The coding agents whose hooks ThreadAI can install (docs/CLI.md, `hooks --agent`).
public enum CodingAgent: String, Sendable, CaseIterable {
    case claudeCode = "claude-code"
    case codex
    case gemini

    var format: any AgentHookFormat {
        switch self {
        case .claudeCode: ClaudeCodeHookFormat()
        case .codex: CodexHookFormat()
        case .gemini: GeminiHookFormat()
        }
    }

    /// The events ThreadAI hooks, in the agent's names.
    public var events: [String] { format.events }

    /// The settings file, relative to the project's top (`local`: the one kept out of git; nil when
    /// the agent has none).
    public func settingsFile(local: Bool) -> String? { format.settingsFile(local: local) }
}

/// ThreadAI's hooks in the coding agents' settings files of one project: added and removed without
/// changing anything else in those files, each written whole or not at all (`TempFile`).
public struct AgentHooks: Sendable {
    /// The project's top folder (the code repository's work tree), absolute.
    public let top: String

    public init(top: String) {
        self.top = top
    }

    /// What `install` did to the file at `path`.
    public struct Change: Sendable, Equatable {
        public var path: String
        /// False when the file already held exactly this.
        public var changed: Bool
        /// With `uninstall`: the file held nothing else and was removed.
        public var removedFile: Bool
        /// With `install`: there was no file; this made it.
        public var createdFile = false
    }

    /// Hooks `command` (a shell command line that runs `threadai … capture`) on `agent`'s events.
    public func install(_ agent: CodingAgent, local: Bool, command: String) throws(AgentHookError) -> Change {
        guard let relative = agent.settingsFile(local: local) else { throw .noLocalFile(agent) }
        let path = top + "/" + relative
        let (document, layout, before) = try read(path)
        let edited: EditableJSON
        do {
            edited = try HookSettingsEdit(format: agent.format).installing(command: command, into: document)
        } catch {
            throw .misshapen(path: path, location: error.location, expected: error.expected)
        }
        let bytes = edited.written(layout)
        guard bytes != before else { return Change(path: path, changed: false, removedFile: false) }
        do {
            try FilePaths.makeDirectories(FilePaths.directoryName(of: path))
            try TempFile.write(bytes, to: path, mode: try FilePaths.status(path)?.permissions ?? 0o644)
        } catch {
            throw .fileSystem(error)
        }
        return Change(path: path, changed: true, removedFile: false, createdFile: before == nil)
    }

    /// Removes ThreadAI's handlers from every settings file of `agent` (the shared and the local
    /// one); a file left with nothing that ThreadAI emptied is removed. Files without ours are untouched.
    public func uninstall(_ agent: CodingAgent) throws(AgentHookError) -> [Change] {
        var changes: [Change] = []
        for path in files(of: agent) {
            guard case (let document?, let layout, let before) = try read(path) else { continue }
            let edited: EditableJSON?
            do {
                edited = try HookSettingsEdit(format: agent.format).uninstalling(from: document)
            } catch {
                throw .misshapen(path: path, location: error.location, expected: error.expected)
            }
            do {
                if let edited {
                    let bytes = edited.written(layout)
                    guard bytes != before else { continue }
                    try TempFile.write(bytes, to: path, mode: try FilePaths.status(path)?.permissions ?? 0o644)
                    changes.append(Change(path: path, changed: true, removedFile: false))
                } else {
                    try FilePaths.remove(path)
                    changes.append(Change(path: path, changed: true, removedFile: true))
                }
            } catch {
                throw .fileSystem(error)
            }
        }
        return changes
    }

    /// Where ThreadAI's hooks of `agent` are: each settings file holding one, with its hooked events.
    public func status(_ agent: CodingAgent) throws(AgentHookError) -> [(path: String, events: [String])] {
        var found: [(path: String, events: [String])] = []
        for path in files(of: agent) {
            guard let document = try read(path).document else { continue }
            let events = HookSettingsEdit.eventsHooked(in: document)
            if !events.isEmpty { found.append((path, events)) }
        }
        return found
    }

    private func files(of agent: CodingAgent) -> [String] {
        [false, true].compactMap { agent.settingsFile(local: $0) }.map { top + "/" + $0 }
    }

    /// The document at `path` (nil when there is no file), its layout, and its bytes.
    private func read(_ path: String) throws(AgentHookError) -> (document: EditableJSON?, layout: EditableJSON.Layout, bytes: [UInt8]?) {
        let bytes: [UInt8]
        do {
            if try FilePaths.status(path)?.kind == .symbolicLink { throw AgentHookError.symbolicLink(path: path) }
            bytes = try FilePaths.read(path)
        } catch let error as AgentHookError {
            throw error
        } catch let error as FileSystemError {
            if error.isNotFound { return (nil, .standard, nil) }
            throw .fileSystem(error)
        } catch {
            throw .fileSystem(FileSystemError("read", path: path, code: 0))
        }
        do {
            return (try EditableJSON.parse(bytes), EditableJSON.Layout(of: bytes), bytes)
        } catch {
            throw .invalidJSON(path: path, reason: error.description)
        }
    }
}
