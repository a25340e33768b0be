extension String {
    /// The text between single quotes, with invisible and control characters written as `\u{…}`.
    ///
    /// Names and revisions can come from files another person committed, so an error message must not let
    /// them move the cursor, clear the terminal or hide characters that make two names differ. A text
    /// longer than 200 scalars is cut there, with how much more it held: an error is not the place
    /// to echo a pasted page back.
    public var quotedForDisplay: String {
        var result = "'"
        let limit = 200
        let count = unicodeScalars.count
        for scalar in unicodeScalars.prefix(limit) {
            if scalar == "\\" {
                result += "\\\\"
            } else if scalar.isShownAsEscape {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + (count > limit ? "…' (\(count) characters)" : "'")
    }
}

extension Unicode.Scalar {
    var isShownAsEscape: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        case .spaceSeparator:
            return self != " "
        default:
            return false
        }
    }
}
