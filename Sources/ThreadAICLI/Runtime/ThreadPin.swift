import ThreadAI

/// The thread a command uses in place of `HEAD`, for one terminal among several on one working copy
/// (`threadai --thread NAME`, or `THREADAI_THREAD=NAME` in that terminal; the option wins). `HEAD`
/// is shared by every terminal, as git's is by every shell in a work tree: with two terminals each
/// checking out and sending, messages landed on the other terminal's thread. Pinned, a command
/// reads and writes its thread and leaves `HEAD` as it is (docs/CLI.md, "Global options").
struct ThreadPin {
    let name: ThreadName
    /// Where it came from, as status says it: `--thread` or `THREADAI_THREAD`.
    let source: String

    /// The pin the command line or the environment asks for; nil when neither does.
    static func chosen(option: String?, environment: [String: String]) throws -> ThreadPin? {
        let (word, source): (String, String)
        if let option {
            (word, source) = (option, "--thread")
        } else if let variable = environment["THREADAI_THREAD"], !variable.isEmpty {
            (word, source) = (variable, "THREADAI_THREAD")
        } else {
            return nil
        }
        do {
            return ThreadPin(name: try ThreadName(word), source: source)
        } catch {
            throw CLIError(TerminalSafe.text("\(source) names '\(word)', which is not a thread name: \(error)"), status: .usage)
        }
    }

    /// `repository` with `HEAD` pinned to this thread, which must exist.
    func apply(to repository: Repository) throws -> Repository {
        guard repository.refs.exists(name) else {
            let threads = ((try? repository.refs.names()) ?? []).map(\.rawValue)
            let close = OptionSuggestion.closestNames(to: name.rawValue, among: threads).prefix(3)
            let hint = close.isEmpty ? " 'threadai threads' lists them." : " Did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
            throw CLIError(TerminalSafe.text("\(source) names '\(name)', which is no thread here.\(hint)"))
        }
        return repository.pinningHead(to: name)
    }
}

extension CommandContext {
    /// After a command pinned to a thread: says when it would have moved `HEAD` (a checkout, a fork
    /// it switched to), since `HEAD` stayed as it was.
    func noteSkippedHeadMove() {
        guard let threadPin, let move = pinnedHeads.lazy.compactMap(\.skippedMove).first else { return }
        switch move {
        case .thread(let name) where name != threadPin.name:
            note(TerminalSafe.text("HEAD is unchanged (\(threadPin.source) chose '\(threadPin.name)'); to go on with '\(name)' here, "
                + "use --thread \(name) or THREADAI_THREAD=\(name)."))
        case .detached(let id):
            note("HEAD is unchanged (\(threadPin.source) chose a thread); a detached HEAD at \(id.short) is not kept.")
        default:
            break
        }
    }
}
