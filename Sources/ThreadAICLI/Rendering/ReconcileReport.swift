import ThreadAI

/// The line `threads reconcile` prints about what it did.
enum ReconcileReport {
    static func text(_ name: ThreadName, _ result: Repository.Reconciliation) -> String {
        var parts = [result.thread == name
            ? "Thread '\(name)' now ends at \(result.kept.short)"
            : "Thread '\(name)' joined '\(result.thread)' (its current name), which now ends at \(result.kept.short)"]
        if !result.contained.isEmpty {
            parts.append("fast-forwarded past \(result.contained.map(\.short).joined(separator: ", ")) (already in its history)")
        }
        if !result.newThreads.isEmpty {
            parts.append("the other heads are now on: \(result.newThreads.map(\.rawValue).joined(separator: ", "))")
        }
        return parts.joined(separator: "; ")
    }
}
