/// One step of an edit script as index ranges into the two compared sequences,
/// before the elements themselves are copied out.
struct EditSpan: Equatable {
    enum Kind: Equatable {
        case equal, deleted, inserted
    }

    var kind: Kind
    /// Positions in the old sequence this span covers (empty for insertions).
    var old: Range<Int>
    /// Positions in the new sequence this span covers (empty for deletions).
    var new: Range<Int>
}

/// Collects edit spans in order, joining each span to the previous one when they
/// are of the same kind and touch, so runs come out maximal.
struct EditScript {
    private(set) var spans: [EditSpan] = []

    mutating func append(_ kind: EditSpan.Kind, old: Range<Int>, new: Range<Int>) {
        guard !old.isEmpty || !new.isEmpty else { return }
        if let last = spans.last, last.kind == kind,
           last.old.upperBound == old.lowerBound, last.new.upperBound == new.lowerBound {
            spans[spans.count - 1].old = last.old.lowerBound..<old.upperBound
            spans[spans.count - 1].new = last.new.lowerBound..<new.upperBound
        } else {
            spans.append(EditSpan(kind: kind, old: old, new: new))
        }
    }

    /// Returns the spans with each change between two equal spans rewritten as one
    /// deletion followed by one insertion, the order readers expect.
    func deletionsBeforeInsertions() -> [EditSpan] {
        var result: [EditSpan] = []
        var change: (old: Range<Int>, new: Range<Int>)?
        func flushChange() {
            guard let pending = change else { return }
            if !pending.old.isEmpty {
                result.append(EditSpan(kind: .deleted, old: pending.old, new: pending.new.lowerBound..<pending.new.lowerBound))
            }
            if !pending.new.isEmpty {
                result.append(EditSpan(kind: .inserted, old: pending.old.upperBound..<pending.old.upperBound, new: pending.new))
            }
            change = nil
        }
        for span in spans {
            if span.kind == .equal {
                flushChange()
                result.append(span)
            } else if let pending = change {
                change = (pending.old.lowerBound..<span.old.upperBound, pending.new.lowerBound..<span.new.upperBound)
            } else {
                change = (span.old, span.new)
            }
        }
        flushChange()
        return result
    }
}
