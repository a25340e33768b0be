import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writing the `threadai-json` export (docs/FORMAT.md §11) as a stream: every byte as the document
/// pretty-printed whole would be, but with one message in memory at a time, so that a repository of
/// a quarter of a million messages exports in bounded memory.
extension ThreadAIJSON {
    /// The whole export as one piece of data.
    public static func export(_ repository: Repository) throws -> Data {
        var data = Data()
        try export(repository, leftOut: { _ in }) { data.append(contentsOf: $0) }
        return data
    }

    /// Writes the export to `write`, piece by piece, and tells `leftOut` how many messages it leaves
    /// out: those above a missing parent that no thread or tag reaches (what an import killed part
    /// way leaves), which no import could read back. A thread or tag whose history lacks a message
    /// is damage: the export fails before writing anything, naming the missing message.
    /// - Parameter leaving: what local threads keep on this machine (`LocalThreads.privateContent`), left
    ///   out of the export as git leaves it out of commits; empty to export everything.
    public static func export(
        _ repository: Repository, leaving kept: PrivateContent = PrivateContent(), leftOut: (Int) -> Void,
        write: ([UInt8]) throws -> Void
    ) throws {
        let ids = try repository.objects.allIDs().filter { !kept.objects.contains($0) }.sorted { $0.hex < $1.hex }
        let refs = try repository.refs.allHeads().filter { !kept.threads.contains($0.name) }
            .sorted { $0.name.rawValue.utf8.lexicographicallyPrecedes($1.name.rawValue.utf8) }
        let tags = try repository.tags.all().filter { !kept.tags.contains($0.name) }
        let cutOff = try cutOffMessages(ids, tips: refs.flatMap(\.heads) + tags.map(\.target), repository: repository)
        leftOut(cutOff.count)
        let threads: [JSONReader.Value] = refs.map { thread in
            .object(["name": .string(thread.name.rawValue), "heads": .array(thread.heads.map { .string($0.hex) })])
        }
        var members: [String: JSONReader.Value] = [
            "format": .string("threadai-json"), "version": .number(String(version)), "messages": .array([]),
            "threads": .array(threads),
        ]
        members.merge(try sharedState(of: repository, leaving: kept)) { old, _ in old }
        // Everything but the messages, pretty-printed as Foundation's JSONSerialization printed it;
        // the messages are streamed into the place of the empty array (no string of the document can
        // hold its text: a line feed inside a string is written `\n`).
        var frame = JSONText.pretty(.object(members))
        frame.append(UInt8(ascii: "\n"))
        let kept = ids.filter { !cutOff.contains($0) }
        let empty = Array("\"messages\" : [\n\n  ]".utf8)
        guard !kept.isEmpty else { return try write(frame) }
        guard let slot = frame.firstRange(of: empty) else {
            throw ImportError(item: "the export", reason: "its frame lacks the messages member; please report this bug.")
        }
        try write(Array(frame[..<slot.lowerBound]) + Array("\"messages\" : [\n".utf8))
        for (index, id) in kept.enumerated() {
            let text = String(decoding: try repository.objects.bytes(of: id), as: UTF8.self)
            var piece: [UInt8] = index == 0 ? [] : Array(",\n".utf8)
            piece += repeatElement(UInt8(ascii: " "), count: 4)
            piece += JSONText.pretty(.object(["id": .string(id.hex), "object": .string(text)]), indent: 2)
            try write(piece)
        }
        try write(Array("\n  ]".utf8) + Array(frame[slot.upperBound...]))
    }

    /// The messages of `ids` whose history does not reach a root: read from the graph of what `tips`
    /// reach (which fails, naming the message, when one of those histories lacks one), and from their
    /// objects for the few messages no thread reaches.
    /// - Parameter tips: every thread's heads and every tag's message.
    static func cutOffMessages(_ ids: [ObjectID], tips: [ObjectID], repository: Repository) throws -> Set<ObjectID> {
        let graph = try repository.messageGraph(reaching: tips)
        try checkStored(graph, reachedFrom: tips, stored: ids, in: repository)
        var whole: [ObjectID: Bool] = [:]
        for id in ids where graph.record(of: id) == nil && whole[id] == nil {
            var path: [ObjectID] = []
            var next: ObjectID? = id
            var reachesRoot = true
            while let current = next {
                if graph.record(of: current) != nil { break }
                if let known = whole[current] {
                    reachesRoot = known
                    break
                }
                guard repository.objects.contains(current) else {
                    reachesRoot = false
                    break
                }
                path.append(current)
                // A malformed object is exported as it is, as before: the import that reads it says why.
                next = (try? repository.objects.header(current))?.parent
                if path.count > ids.count { break }  // a loop only a tampered file can make
            }
            for step in path { whole[step] = reachesRoot }
        }
        return Set(whole.filter { !$0.value }.keys)
    }

    /// Fails, as reading the objects would, when a message the threads and tags reach is not stored:
    /// the graph (docs/FORMAT.md §12.2) may come from a cache written before the file went, and the
    /// export, which writes the stored objects, would leave it out and make a file no import reads.
    /// - Parameter stored: every stored id.
    private static func checkStored(
        _ graph: MessageGraph, reachedFrom tips: [ObjectID], stored: [ObjectID], in repository: Repository
    ) throws {
        let storedSet = Set(stored)
        var seen = Set<Int>()
        for tip in tips {
            var next = graph.record(of: tip)
            while let record = next, seen.insert(record).inserted {
                let id = graph.id(record)
                guard storedSet.contains(id) else { throw ObjectError.missing(id, path: repository.objects.path(of: id)) }
                next = graph.parent(record)
            }
        }
    }
}
