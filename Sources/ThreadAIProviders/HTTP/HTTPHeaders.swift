/// HTTP header fields with case-insensitive names, as HTTP defines them.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    public init(_ pairs: [String: String]) {
        for (name, value) in pairs.sorted(by: { $0.key < $1.key }) { self[name] = value }
    }

    /// The value of the field named `name` (any case); setting replaces it, nil removes it.
    public subscript(name: String) -> String? {
        get {
            let wanted = name.lowercased()
            return fields.first { $0.name == wanted }?.value
        }
        set {
            let wanted = name.lowercased()
            fields.removeAll { $0.name == wanted }
            if let newValue { fields.append((wanted, newValue)) }
        }
    }

    /// Fields in the order they were set, names lowercased.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
