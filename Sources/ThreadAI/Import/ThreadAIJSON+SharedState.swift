import ThreadAIStore

/// The `renames` and `tags` of a `threadai-json` export (docs/FORMAT.md §11): the repository's
/// shared state besides its messages and threads, written only when there is some, so an export
/// without them keeps its old bytes.
extension ThreadAIJSON {
    /// The export's members for them: `renames` (the lines of `renames`, then of `local-renames`, that
    /// record a rename: a line every reader skips would make the export one no importer takes) and
    /// `tags` (each file's text).
    static func sharedState(of repository: Repository, leaving kept: PrivateContent) throws -> [String: JSONReader.Value] {
        var members: [String: JSONReader.Value] = [:]
        // Local threads exported on request bring their renames, after the shared ones (FORMAT §11).
        let shared = try FilePaths.readText(repository.directory + "/renames")
        let local = kept.hasLocalRenames ? nil : try FilePaths.readText(repository.localRenamesPath)
        if shared != nil || local != nil {
            let lines = [shared, local].compactMap { $0 }.flatMap { $0.linesAtLineFeeds() }.filter(Renames.recordsRename)
            members["renames"] = .string(lines.map { $0 + "\n" }.joined())
        }
        let names = try repository.tags.names().filter { !kept.tags.contains($0) }.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
        if !names.isEmpty {
            members["tags"] = .array(try names.map { name in
                let text = String(decoding: try FilePaths.read(repository.tags.path(of: name)), as: UTF8.self)
                return .object(["name": .string(name.rawValue), "tag": .string(text)])
            })
        }
        return members
    }

    /// What an export brings besides messages and threads, read and checked in the first pass.
    struct SharedState {
        var renames: [String] = []
        var tags: [Tag] = []
    }

    /// The `renames` member: its lines, each two valid thread names separated by a TAB.
    static func renames(_ value: JSONReader.Value, name: String) throws(ImportError) -> [String] {
        guard let text = value.string else { throw ImportError(item: "\(name) renames", reason: "is not a string") }
        let lines = text.linesAtLineFeeds().map(String.init)
        for (index, line) in lines.enumerated() where !Renames.recordsRename(line) {
            throw ImportError(item: "\(name) renames line \(index + 1)", reason: "is not two thread names separated by a TAB")
        }
        return lines
    }

    /// One element of the `tags` member, its text read as a tag file (§5.6); its note checked for
    /// credentials unless `secrets` allows them.
    static func tag(_ value: JSONReader.Value, index: Int, name: String, secrets: SecretPolicy) throws(ImportError) -> Tag {
        let item = "\(name) tag #\(index)"
        guard let entry = value.object, let raw = entry["name"]?.string, let text = entry["tag"]?.string else {
            throw ImportError(item: item, reason: "needs a \"name\" and a \"tag\"")
        }
        let tag: Tag
        do {
            tag = try Tag(name: try ThreadName(raw), parsing: Array(text.utf8))
        } catch let problem as TagFormatProblem {
            throw ImportError(item: "\(item) (\(raw))", reason: "line \(problem.line) is malformed: \(problem.reason)")
        } catch {
            throw ImportError(item: "\(item) (\(raw))", reason: "\(error)")
        }
        if secrets != .allow, let note = tag.note {
            let findings = SecretScanner.findings(in: note)
            if !findings.isEmpty {
                throw ImportError(item: "\(item) (\(raw))", reason: SecretsFound(item: "its note", findings: findings).description)
            }
        }
        return tag
    }

    /// Brings the renames and tags in, once every message is stored and before any thread moves.
    static func place(_ state: SharedState, repository: Repository, name: String, summary: inout Importer.Summary) throws(ImportError) {
        do {
            _ = try repository.recordImportedRenames(state.renames)
        } catch {
            throw ImportError(item: "\(name) renames", reason: "\(error)")
        }
        for tag in state.tags {
            do {
                _ = try repository.placeImportedTag(tag)
            } catch {
                switch error {
                case .tagExists, .threadNamed, .conflictingName:
                    summary.skipped.append("tag \(tag.name): \(error) Left as it is.")
                default:
                    throw ImportError(item: "\(name) tag \(tag.name)", reason: "\(error)")
                }
            }
        }
    }
}
