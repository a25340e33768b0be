/// Why a text is not a message id.
public struct ObjectIDError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The rejected text.
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String {
        let count = text.count
        if count != ObjectID.hexDigitCount {
            return "\(text.quotedForDisplay) is not a message id: an id is 64 hexadecimal digits, "
                + "this has \(count) characters."
        }
        return "\(text.quotedForDisplay) is not a message id: an id is written with the digits 0-9 and "
            + "the lowercase letters a-f only."
    }
}
