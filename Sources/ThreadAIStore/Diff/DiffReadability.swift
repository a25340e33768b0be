/// Reshapes a word diff's runs for reading without changing what they rebuild.
enum DiffReadability {
    /// A change between two equal stretches: what it removes and what it adds.
    private struct Change {
        var removed = ""
        var added = ""
    }

    private enum Segment {
        case equal(String)
        case change(Change)
    }

    /// Folds each whitespace-only equal run that sits between two changes into them,
    /// so "[-the-] [-cat-]{+a+} {+dog+}" reads "[-the cat-]{+a dog+}".
    ///
    /// A fold happens only when the merged change both removes and adds words:
    /// folding the space between two pure insertions would turn it into a removed
    /// and re-added space, which reads worse than leaving it alone.
    static func foldingWhitespaceBetweenChanges(_ runs: [TextDiffRun]) -> [TextDiffRun] {
        var segments: [Segment] = []
        for run in runs {
            switch run.kind {
            case .equal:
                segments.append(.equal(run.text))
            case .removed, .added:
                var change = Change()
                if case .change(let existing) = segments.last {
                    change = existing
                    segments.removeLast()
                }
                if run.kind == .removed { change.removed += run.text } else { change.added += run.text }
                segments.append(.change(change))
            }
        }

        var folded: [Segment] = []
        var index = 0
        while index < segments.count {
            if case .equal(let space) = segments[index], isWhitespace(space),
               case .change(let before) = folded.last,
               index + 1 < segments.count, case .change(let after) = segments[index + 1],
               !(before.removed.isEmpty && after.removed.isEmpty),
               !(before.added.isEmpty && after.added.isEmpty) {
                folded[folded.count - 1] = .change(Change(
                    removed: before.removed + space + after.removed,
                    added: before.added + space + after.added
                ))
                index += 2
                continue
            }
            folded.append(segments[index])
            index += 1
        }

        return folded.flatMap { segment -> [TextDiffRun] in
            switch segment {
            case .equal(let text):
                return [TextDiffRun(kind: .equal, text: text)]
            case .change(let change):
                var runs: [TextDiffRun] = []
                if !change.removed.isEmpty { runs.append(TextDiffRun(kind: .removed, text: change.removed)) }
                if !change.added.isEmpty { runs.append(TextDiffRun(kind: .added, text: change.added)) }
                return runs
            }
        }
    }

    private static func isWhitespace(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy(\.isWhitespace)
    }
}
