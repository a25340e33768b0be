extension StoreFuzzing {
    /// An anchor note (docs/FORMAT.md §4.7.1): every anchor read from it is written as one line that
    /// reads back as the same anchor.
    package static func anchorNotes(_ bytes: [UInt8]) -> String? {
        for (id, anchor) in AnchorNotes.parse(bytes).anchors {
            guard let line = AnchorNoteLine.encode(id: id, anchor: anchor) else { return "an anchor read from a note cannot be written" }
            guard AnchorNoteLine.parse(line.dropLast()) == .anchor(id, anchor) else { return "a written anchor line does not read back" }
        }
        return nil
    }
}
