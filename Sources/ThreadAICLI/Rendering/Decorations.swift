import ThreadAI

/// The labels `log` puts after a message id: thread heads (`HEAD -> main`, `alt`) and the threads
/// forked at that message (`fork: alt`).
struct Decorations {
    private var labels: [ObjectID: [String]] = [:]

    /// Labels for the messages in `shown` (nil: every message).
    init(repository: Repository, walker: HistoryWalker, shown: Set<ObjectID>?) throws {
        let (head, tip) = try repository.currentPosition()
        for name in try repository.refs.names() {
            for id in try repository.refs.heads(of: name) {
                let isCurrent = head == .thread(name)
                labels[id, default: []].append(isCurrent ? "HEAD -> \(name)" : name.rawValue)
            }
        }
        if case .detached = head, let tip { labels[tip, default: []].insert("HEAD", at: 0) }
        for fork in try repository.forkPoints(walker: walker, within: shown) {
            labels[fork.forkPoint, default: []].append("fork: \(fork.thread)")
        }
    }

    subscript(id: ObjectID) -> [String] {
        labels[id] ?? []
    }

    /// The fork labels alone, for JSON.
    func forks(at id: ObjectID) -> [String] {
        self[id].compactMap { $0.hasPrefix("fork: ") ? String($0.dropFirst(6)) : nil }
    }
}
