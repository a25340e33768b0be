/// Computes minimal edit scripts between two sequences.
public enum SequenceDiff {
    /// Returns a minimal edit script turning `old` into `new`, as maximal runs.
    ///
    /// Uses Myers' algorithm in linear space, after trimming the common prefix and
    /// suffix. Within each change, the deleted run comes before the inserted run.
    /// Concatenating the equal and deleted runs gives `old`; equal and inserted give `new`.
    public static func diff<Element: Hashable>(_ old: [Element], _ new: [Element]) -> [DiffRun<Element>] {
        editSpans(old, new).map { span in
            switch span.kind {
            case .equal: .equal(Array(old[span.old]))
            case .deleted: .deleted(Array(old[span.old]))
            case .inserted: .inserted(Array(new[span.new]))
            }
        }
    }

    /// Returns the edit script as index ranges, deletions before insertions in each change.
    static func editSpans<Element: Hashable>(_ old: [Element], _ new: [Element]) -> [EditSpan] {
        // Interning turns every comparison in the O(ND) search into an integer compare.
        var symbols: [Element: Int] = [:]
        func intern(_ element: Element) -> Int {
            if let symbol = symbols[element] { return symbol }
            let symbol = symbols.count
            symbols[element] = symbol
            return symbol
        }
        let oldSymbols = old.map(intern)
        let newSymbols = new.map(intern)
        return MyersDiff.editScript(old: oldSymbols, new: newSymbols).deletionsBeforeInsertions()
    }
}
