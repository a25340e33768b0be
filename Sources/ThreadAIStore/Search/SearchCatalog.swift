/// Every message a search may meet, numbered: the records of `cache/search` first (0..<index.count),
/// then the messages the index lacks ("extras", read from their objects' frontmatter when a walk
/// from a head meets them). A global number stands for one message either way.
struct SearchCatalog: Sendable {
    let index: SearchIndex?
    let objects: ObjectStore
    private(set) var extras = SearchExtras()

    init(index: SearchIndex?, objects: ObjectStore) {
        self.index = index
        self.objects = objects
    }

    var base: Int { index?.count ?? 0 }
    var count: Int { base + extras.ids.count }

    /// `cache/search` when `number` is one of its records; nil for an extra.
    @inline(__always)
    private func indexed(_ number: Int) -> SearchIndex? { number < base ? index : nil }

    func id(_ number: Int) -> ObjectID {
        indexed(number)?.id(number) ?? extras.ids[number - base]
    }

    func parent(_ number: Int) -> Int? {
        if let index = indexed(number) { return index.parent(number) }
        let parent = extras.parents[number - base]
        return parent < 0 ? nil : Int(parent)
    }

    func seconds(_ number: Int) -> Int64 { indexed(number)?.seconds(number) ?? extras.seconds[number - base] }

    func role(_ number: Int) -> Role { indexed(number)?.role(number) ?? extras.roles[number - base] }

    /// The `thread` field as recorded.
    func recordedThread(_ number: Int) -> String {
        if let index = indexed(number) { return index.names[index.threadNumber(number)] }
        return extras.names[Int(extras.threads[number - base])]
    }

    /// A number for the recorded `thread` field, the same for equal names from the same source:
    /// `threadKeys[key]` is the name.
    func threadKey(_ number: Int) -> Int {
        indexed(number)?.threadNumber(number) ?? (index?.names.count ?? 0) + Int(extras.threads[number - base])
    }

    var threadKeys: [String] { (index?.names ?? []) + extras.names }

    /// `parent` (-1 for a root) and `threadKey` of every number, column by column.
    func parentAndThreadColumns() -> (parents: [Int32], keys: [Int32]) {
        var parents = (index?.parentColumn ?? []).map { Int32(bitPattern: $0) - 1 }
        parents += extras.parents
        let offset = Int32(index?.names.count ?? 0)
        var keys = (index?.threadColumn ?? []).map { Int32(bitPattern: $0) }
        keys += extras.threads.map { offset + Int32(bitPattern: $0) }
        return (parents, keys)
    }

    /// The `code-commit` field, or nil.
    func codeCommit(_ number: Int) -> String? {
        if let index = indexed(number) {
            let code = index.codeNumber(number)
            return code == 0 ? nil : index.commits[code - 1]
        }
        let code = extras.codes[number - base]
        return code < 0 ? nil : extras.commits[Int(code)]
    }

    func number(of id: ObjectID) -> Int? {
        if let record = index?.record(of: id) { return record }
        return extras.position(of: id).map { base + $0 }
    }

    /// The number of `head`, reading from their objects the messages between it and the first
    /// ancestor the catalog already holds.
    mutating func resolve(_ head: ObjectID) throws(ThreadError) -> Int {
        var first: Int?
        var child: Int?
        var next: ObjectID? = head
        while let id = next {
            if let known = number(of: id) {
                if let child { extras.parents[child - base] = Int32(known) }
                return first ?? known
            }
            let header: MessageHeader
            do {
                header = try objects.header(id)
            } catch {
                throw .object(error)
            }
            let number = base + extras.add(id, header)
            if let child { extras.parents[child - base] = Int32(number) }
            first = first ?? number
            child = number
            next = header.parent
        }
        return first ?? 0
    }

    /// Record `number`'s content bytes from its object (for extras, and for records of a damaged block).
    func contentFromObject(_ number: Int) throws(ThreadError) -> ArraySlice<UInt8> {
        let id = id(number)
        let bytes: [UInt8]
        do {
            bytes = try objects.bytes(of: id)
        } catch {
            throw .object(error)
        }
        let header: MessageHeader
        do {
            header = try MessageCodec.decodeHeader(bytes)
        } catch {
            throw .object(.malformed(id, path: objects.location(of: id), error))
        }
        return bytes[header.contentOffset..<(header.contentOffset + header.contentByteCount)]
    }
}

/// The messages a catalog read from objects, column by column; names and commits interned.
struct SearchExtras {
    var ids: [ObjectID] = []
    /// Positions by the first 64 bits of the id (a third of the memory of whole ids as keys, which
    /// matters at a quarter of a million messages), with the rare ids that share them apart.
    private var positionByWord: [UInt64: Int32] = [:]
    private var collisions: [ObjectID: Int32] = [:]
    /// Global numbers; -1 for a root.
    var parents: [Int32] = []
    var seconds: [Int64] = []
    var roles: [Role] = []
    var threads: [UInt32] = []
    /// -1 for none.
    var codes: [Int32] = []
    var names: [String] = []
    var commits: [String] = []
    private var nameNumbers: [String: UInt32] = [:]
    private var commitNumbers: [String: Int32] = [:]

    func position(of id: ObjectID) -> Int? {
        if let position = positionByWord[id.leadingWord], ids[Int(position)] == id { return Int(position) }
        return collisions[id].map(Int.init)
    }

    mutating func add(_ id: ObjectID, _ header: MessageHeader) -> Int {
        let position = ids.count
        ids.append(id)
        if positionByWord[id.leadingWord] == nil {
            positionByWord[id.leadingWord] = Int32(position)
        } else {
            collisions[id] = Int32(position)
        }
        parents.append(-1)
        seconds.append(header.date.secondsSinceEpoch)
        roles.append(header.role)
        let name = header.thread.rawValue
        if let number = nameNumbers[name] {
            threads.append(number)
        } else {
            nameNumbers[name] = UInt32(names.count)
            threads.append(UInt32(names.count))
            names.append(name)
        }
        if let commit = header.fields["code-commit"] {
            if let number = commitNumbers[commit] {
                codes.append(number)
            } else {
                commitNumbers[commit] = Int32(commits.count)
                codes.append(Int32(commits.count))
                commits.append(commit)
            }
        } else {
            codes.append(-1)
        }
        return position
    }
}
