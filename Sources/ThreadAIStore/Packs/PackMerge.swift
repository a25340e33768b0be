/// The entries of several packs in one ascending order of ids, each id once, without a table of
/// every entry: each pack's entries are sorted already (docs/FORMAT.md §15.1), so a merge of their
/// heads (a binary heap of one cursor per pack) gives the order in one pass. For the multi-pack
/// index, whose million rows would otherwise be gathered, sorted and copied.
enum PackMerge {
    /// Where one merged entry is: its pack's position in the list, and its offset and length there.
    struct Place {
        let pack: UInt32
        let offset: Int
        let length: Int
    }

    /// Gives `body` every entry of `packs` with its id, ascending by id; an id several packs hold
    /// comes from the first of them. An index's entry whose numbers lie outside its pack is left out
    /// (`Pack.entries`). The pages the packs' indexes were read from are dropped every
    /// `releaseEvery` entries: a cursor's next page is read again, not every page kept.
    static func forEach(_ packs: [Pack], _ body: (Place, ObjectID) -> Void) {
        var heap = Heap()
        for (number, pack) in packs.enumerated() where pack.count > 0 {
            heap.push(Cursor(pack: number, position: 0, id: pack.id(at: 0)))
        }
        var last: ObjectID?
        var read = 0
        while let cursor = heap.popFirst() {
            let pack = packs[cursor.pack]
            if cursor.id != last, let entry = pack.entry(at: cursor.position) {
                body(Place(pack: UInt32(cursor.pack), offset: entry.offset, length: entry.length), cursor.id)
                last = cursor.id
            }
            let next = cursor.position + 1
            if next < pack.count { heap.push(Cursor(pack: cursor.pack, position: next, id: pack.id(at: next))) }
            read += 1
            if read % releaseEvery == 0 { packs.forEach { $0.releaseMemory() } }
        }
    }

    /// Entries merged between two drops of the indexes' pages: about 3 MB of each index's columns.
    static let releaseEvery = 1 << 16

    /// A pack's next entry: ordered by id, then by the pack's place in the list (the first wins).
    private struct Cursor {
        let pack: Int
        let position: Int
        let id: ObjectID

        func precedes(_ other: Cursor) -> Bool { id == other.id ? pack < other.pack : id < other.id }
    }

    /// A binary min-heap of cursors: one per pack, so a handful to a few hundred.
    private struct Heap {
        private var items: [Cursor] = []

        mutating func push(_ cursor: Cursor) {
            items.append(cursor)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child].precedes(items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func popFirst() -> Cursor? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let first = items.removeLast()
            var parent = 0
            while true {
                let (left, right) = (2 * parent + 1, 2 * parent + 2)
                var least = parent
                if left < items.count, items[left].precedes(items[least]) { least = left }
                if right < items.count, items[right].precedes(items[least]) { least = right }
                guard least != parent else { break }
                items.swapAt(parent, least)
                parent = least
            }
            return first
        }
    }
}
