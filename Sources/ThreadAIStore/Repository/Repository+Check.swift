#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One thing `fsck` found wrong, with where it is.
public struct RepositoryProblem: Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }
    public var severity: Severity
    public var id: ObjectID?
    public var path: String
    public var message: String
    /// The command or step that fixes it, when there is one.
    public var remedy: String?

    public init(severity: Severity, id: ObjectID?, path: String, message: String, remedy: String? = nil) {
        (self.severity, self.id, self.path, self.message, self.remedy) = (severity, id, path, message, remedy)
    }

    public var description: String {
        "\(severity.rawValue): \(id.map { "message \($0.hex): " } ?? "")\(message) (\(path))"
            + (remedy.map { "\n  fix: \($0)" } ?? "")
    }
}

extension Repository {
    /// Verifies every object's id and syntax, every parent link, every ref and `HEAD`
    /// (docs/FORMAT.md). Reads the whole repository; reports every problem instead of stopping at one.
    public func check() throws(RepositoryError) -> (problems: [RepositoryProblem], objectCount: Int) {
        var problems: [RepositoryProblem] = []
        func problem(_ severity: RepositoryProblem.Severity, _ id: ObjectID?, _ path: String, _ message: String) {
            problems.append(RepositoryProblem(severity: severity, id: id, path: path, message: message))
        }
        var ids: [ObjectID]
        do {
            let inventory = try objects.inventory()
            ids = inventory.ids
            for stray in inventory.strays {
                problem(.warning, nil, stray, "not an object (a left-over temporary file or a stray); it can be removed")
            }
        } catch {
            throw .fileSystem(error)
        }
        // One sorted array and a flag per object, not sets of ids: a quarter of a million objects
        // stay within a few megabytes.
        ids.sort()
        let known = SortedIDs(ids)
        let objectCheck = checkObjects(known)
        problems += objectCheck.problems
        checkRefs(known: known, problems: &problems)
        problems += tagProblems(threads: (try? refs.names()) ?? [], isKnown: { known.position(of: $0) != nil })
        // An unreadable message hides which message is its parent: reachability is unknown then.
        if !objectCheck.anyUnreadable {
            problems += danglingProblems(ids.indices.lazy.filter { !objectCheck.hasChild[$0] }.map { ids[$0] })
        }
        problems += try leftoverProblems()
        return (problems, ids.count)
    }

    /// Messages no thread reaches: every unreachable message is an ancestor of (or is) one that has
    /// no child and is no thread's head, so those tips are named, as git names dangling commits.
    /// A write stopped between storing a message and moving its thread leaves one; so does
    /// deleting a thread. Nothing is lost: each can be kept on a thread of its own.
    /// - Parameter childless: the messages that are no message's parent, in id order.
    private func danglingProblems(_ childless: some Sequence<ObjectID>) -> [RepositoryProblem] {
        var heads = Set<ObjectID>()
        // An unreadable ref is reported by `checkRefs`; without its heads, nothing can be called
        // unreachable.
        guard let names = try? refs.names() else { return [] }
        for name in names {
            guard let found = try? refs.heads(of: name) else { return [] }
            heads.formUnion(found)
        }
        if case .detached(let id)? = try? head.read() { heads.insert(id) }
        heads.formUnion(taggedMessages())  // A bookmark keeps its message (docs/FORMAT.md §5.6).
        return childless.filter { !heads.contains($0) }.map { id in
            RepositoryProblem(
                severity: .warning, id: id, path: objects.path(of: id),
                message: "is on no thread (a write stopped before its thread moved, or its thread was deleted)",
                remedy: "to keep it and its history: threadai checkout -b NAME \(id.short)")
        }
    }

    private func checkRefs(known: SortedIDs, problems: inout [RepositoryProblem]) {
        func problem(_ severity: RepositoryProblem.Severity, _ id: ObjectID?, _ path: String, _ message: String) {
            problems.append(RepositoryProblem(severity: severity, id: id, path: path, message: message))
        }
        let names: [ThreadName]
        do {
            names = try refs.names()
        } catch {
            problem(.error, nil, refs.threadsDirectory, error.description)
            return
        }
        for name in names {
            do {
                let heads = try refs.heads(of: name)
                for head in heads where known.position(of: head) == nil {
                    problem(.error, head, refs.path(of: name), "thread '\(name)' points at a missing message")
                }
                if heads.count > 1 {
                    problems.append(RepositoryProblem(
                        severity: .warning, id: nil, path: refs.path(of: name),
                        message: "thread '\(name)' has diverged into \(heads.count) heads (\(heads.map(\.short).joined(separator: ", "))), "
                            + "probably from a git merge; nothing is lost",
                        remedy: "threadai threads reconcile \(name) [KEEP-ID]"))
                }
            } catch {
                problem(.error, nil, refs.path(of: name), error.description)
            }
        }
        do {
            if case .detached(let id) = try head.read(), known.position(of: id) == nil {
                problem(.error, id, head.path, "HEAD points at a missing message")
            }
        } catch {
            problem(.error, nil, head.path, error.description)
        }
    }
}
