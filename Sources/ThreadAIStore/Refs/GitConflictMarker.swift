/// The lines git writes around a conflict it could not merge: `<<<<<<< ours`, `||||||| base`,
/// `=======`, `>>>>>>> theirs` — seven of one character, alone or followed by a space and a label.
///
/// A merge that did not apply the `union` driver (one made by a forge, or with the attributes
/// missing) leaves them in a ref, whose ids between them are the heads that driver would have kept
/// (docs/FORMAT.md §5.1); in a text file such as `config` they say why a line does not parse.
public enum GitConflictMarker {
    /// Whether `line` (without its line end) is a conflict marker.
    public static func isMarker(_ line: some Collection<UInt8>) -> Bool {
        guard line.count >= 7, let first = line.first, "<|=>".utf8.contains(first) else { return false }
        let rest = line.dropFirst(7)
        return line.prefix(7).allSatisfy { $0 == first } && (rest.isEmpty || rest.first == UInt8(ascii: " "))
    }
}
