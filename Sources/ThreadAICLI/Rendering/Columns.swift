/// Lays rows of cells out in columns padded with spaces, the last column unpadded.
enum Columns {
    /// Each row as one line; cells are separated by two spaces after padding to the widest cell.
    static func lines(_ rows: [[String]]) -> [String] {
        let columnCount = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columnCount)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalWidth.columns(of: cell)) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - TerminalWidth.columns(of: cell))
            }.joined(separator: "  ")
        }
    }
}
