extension Array where Element == String {
    /// The elements with `separator` between them, as `joined(separator:)` gives them.
    ///
    /// For the paths every command takes: the standard library's `joined(separator:)` is generic and
    /// not specialized, so its first use in a process looks the element's associated types up by their
    /// mangled names, a search through every type the executable holds (about 0.1 ms, a thirtieth of a
    /// short `log`; docs/PERFORMANCE.md, "Types looked up by name"). This one is concrete.
    public func joinedText(separator: String) -> String {
        var text = ""
        for index in indices {
            if index > startIndex { text.append(separator) }
            text.append(self[index])
        }
        return text
    }
}
