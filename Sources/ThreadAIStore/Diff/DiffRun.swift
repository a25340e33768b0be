/// A maximal run of elements that an edit script keeps, deletes or inserts.
public enum DiffRun<Element> {
    /// Elements present in both sequences.
    case equal([Element])
    /// Elements only in the old sequence.
    case deleted([Element])
    /// Elements only in the new sequence.
    case inserted([Element])

    /// The elements of the run, whatever its kind.
    public var elements: [Element] {
        switch self {
        case .equal(let elements), .deleted(let elements), .inserted(let elements): elements
        }
    }
}

extension DiffRun: Sendable where Element: Sendable {}
extension DiffRun: Equatable where Element: Equatable {}
