/// One line of a drawn conversation graph.
enum GraphRow<ID: Hashable>: Hashable {
    /// The line of a node: the lanes with `*` in the node's column, each lane followed by one space,
    /// so the caller appends the node's text right after `prefix` (`"| * "` then `"b1"`).
    case node(prefix: String, id: ID)
    /// A line between nodes that moves lanes left (`/`, `_`, `|`), without trailing spaces.
    case connector(String)

    /// The line with `text` after a node's prefix; a connector line is returned unchanged.
    func line(text: (ID) -> String) -> String {
        switch self {
        case .node(let prefix, let id): prefix + text(id)
        case .connector(let drawing): drawing
        }
    }
}

extension GraphRow: Sendable where ID: Sendable {}
