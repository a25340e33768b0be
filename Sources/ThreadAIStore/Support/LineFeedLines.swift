extension String {
    /// The lines of a file the format defines, split at each LF (U+000A) alone: a CR before it stays
    /// in its line (and then makes a name or an id on it invalid, as the bytes say). Splitting a
    /// `String` at `"\n"` goes by grapheme clusters, where CR LF is one character that no split
    /// matches, so two lines ending in CR LF would read as one.
    public func linesAtLineFeeds(omittingEmpty: Bool = true) -> [Substring] {
        unicodeScalars.split(separator: "\n", omittingEmptySubsequences: omittingEmpty).map { self[$0.startIndex..<$0.endIndex] }
    }
}
