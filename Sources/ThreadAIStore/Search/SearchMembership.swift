/// Which thread each message of a catalog is shown under, from the current refs and renames (never
/// from a cache, docs/FORMAT.md §12.3): the thread that owns it (§5.3) when that thread's history holds
/// it, else the first thread, by name, whose history holds it (a deleted thread's messages that a fork
/// keeps). Messages no ref reaches have no thread: a search does not see them.
struct SearchMembership {
    /// The threads, sorted by the bytes of their names.
    let threads: [(name: ThreadName, heads: [ObjectID])]
    /// Per global number: the index in `threads`, or -1 when no thread reaches it.
    private(set) var labels: [Int32]
    /// Per global number: how far below a head of its thread the walk that labelled it met it.
    private(set) var depths: [Int32]

    init(threads: [(name: ThreadName, heads: [ObjectID])], catalog: inout SearchCatalog, renames: Renames) throws(ThreadError) {
        self.threads = threads.sorted { $0.name.rawValue.utf8.lexicographicallyPrecedes($1.name.rawValue.utf8) }
        var heads: [[Int]] = []
        for thread in self.threads {
            var numbers: [Int] = []
            for head in thread.heads { numbers.append(try catalog.resolve(head)) }
            heads.append(numbers)
        }
        var threadIndex: [String: Int32] = [:]
        for (index, thread) in self.threads.enumerated() { threadIndex[thread.name.rawValue] = Int32(index) }
        let owners = catalog.threadKeys.map { threadIndex[renames.currentName(of: $0)] ?? -1 }
        // The walks below read a parent and a thread a million times at a developer-year: from two
        // columns read once, not through the catalog's records (a fifth of a digest's time before).
        let (parents, keys) = catalog.parentAndThreadColumns()
        var labels = [Int32](repeating: -1, count: catalog.count)
        var depths = [Int32](repeating: 0, count: catalog.count)
        // The owner's own messages: from each head down while the thread owns them.
        for index in self.threads.indices {
            for head in heads[index] {
                var depth: Int32 = 0
                var number = head
                while number >= 0, labels[number] < 0, owners[Int(keys[number])] == Int32(index) {
                    (labels[number], depths[number]) = (Int32(index), depth)
                    depth += 1
                    number = Int(parents[number])
                }
            }
        }
        // Everything else the refs reach, under the first thread that reaches it; each message walked once.
        var walked = [Bool](repeating: false, count: catalog.count)
        for index in self.threads.indices {
            for head in heads[index] {
                var depth: Int32 = 0
                var number = head
                while number >= 0, !walked[number] {
                    walked[number] = true
                    if labels[number] < 0 { (labels[number], depths[number]) = (Int32(index), depth) }
                    depth += 1
                    number = Int(parents[number])
                }
            }
        }
        self.labels = labels
        self.depths = depths
    }

    func threadName(_ number: Int) -> String? {
        labels[number] < 0 ? nil : threads[Int(labels[number])].name.rawValue
    }

    /// The global numbers of the history of each of `starts`, as flags.
    static func history(of starts: [Int], in catalog: SearchCatalog) -> [Bool] {
        var inHistory = [Bool](repeating: false, count: catalog.count)
        for start in starts {
            var next: Int? = start
            while let number = next, !inHistory[number] {
                inHistory[number] = true
                next = catalog.parent(number)
            }
        }
        return inHistory
    }
}
