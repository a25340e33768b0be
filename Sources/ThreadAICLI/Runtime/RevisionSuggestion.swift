import ThreadAI

/// "Did you mean …?" for a revision that names nothing: the threads and tags whose names are a typo
/// away from it, or the same name in another case or Unicode form (a decomposed `é` typed on a
/// system that composes it). Looked for only once the command has failed, so it costs nothing else.
enum RevisionSuggestion {
    /// The sentence to add to `error`'s message, or nil when it is not an unknown name or nothing is close.
    static func sentence(for error: any Error, repositoryOverride: String?, environment: [String: String], currentDirectory: String) -> String? {
        guard let word = unknownWord(in: error), !word.isEmpty,
              let repository = try? RepositoryChoice.discover(option: repositoryOverride, environment: environment, currentDirectory: currentDirectory)
        else { return nil }
        let threads = ((try? repository.refs.names()) ?? []).map(\.rawValue)
        let tags = ((try? repository.tags.allReadable().tags) ?? []).map(\.name.rawValue)
        // Characters compare by canonical equivalence, so another Unicode form of a name is 0 edits
        // away; only the very bytes typed are no suggestion.
        let close = OptionSuggestion.closestNames(to: word, among: threads + tags).filter { !$0.utf8.elementsEqual(word.utf8) }
        guard !close.isEmpty else { return nil }
        return "Did you mean " + close.prefix(3).map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    private static func unknownWord(in error: any Error) -> String? {
        switch error {
        case let error as RevisionError:
            if case .unknown(let word) = error { return word }
        case let error as ThreadError:
            if case .revision(.unknown(let word)) = error { return word }
        default:
            break
        }
        return nil
    }
}
