/// Reading JSON as Foundation's `JSONSerialization` read it, for the llm and Claude Code importers,
/// which used it until ThreadAI stopped linking full Foundation: the same documents are accepted
/// and the same values come out, so a re-import writes the same messages.
extension JSONReader.Value {
    /// The document in `bytes`, or nil where `JSONSerialization` refused it: not UTF-8 (a UTF-8 byte
    /// order mark before it is skipped), not JSON (a comma before an object's or array's end is
    /// allowed), nested more than 512 deep, or holding a number no `Double` holds. Its numbers are in
    /// `JSONNumberForm.foundation`'s form.
    static func readingLikeFoundation(_ bytes: some Collection<UInt8>) -> JSONReader.Value? {
        var bytes = Array(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var reader = JSONReader(bytes: bytes)
        reader.leniency = .foundation
        guard let value = try? reader.readValue(), (try? reader.end()) != nil else { return nil }
        return value.mappingNumbers(JSONNumberForm.foundation)
    }

    /// The value with each number's text replaced by `form`'s; nil when `form` gives nil for one.
    func mappingNumbers(_ form: (String) -> String?) -> JSONReader.Value? {
        switch self {
        case .number(let text): return form(text).map { .number($0) }
        case .array(let elements):
            var mapped: [JSONReader.Value] = []
            for element in elements {
                guard let value = element.mappingNumbers(form) else { return nil }
                mapped.append(value)
            }
            return .array(mapped)
        case .object(let members):
            var mapped: [String: JSONReader.Value] = [:]
            for (key, member) in members {
                guard let value = member.mappingNumbers(form) else { return nil }
                mapped[key] = value
            }
            return .object(mapped)
        case .string, .bool, .null: return self
        }
    }

    /// A number that is a whole `Int`, or a boolean as 0 or 1: what a cast of Foundation's value to
    /// `Int` gave.
    var integer: Int? {
        switch self {
        case .number(let text): Int(text) ?? Double(text).flatMap { Int(exactly: $0) }
        case .bool(let truth): truth ? 1 : 0
        default: nil
        }
    }

    /// A string as it is, a number as its text: how the llm importer names rows by a column
    /// (`"\(value)"` of Foundation's value); nil for anything else.
    var text: String? {
        switch self {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
    }

    /// Whether the value is missing or JSON null (Foundation's `NSNull`).
    static func isAbsent(_ value: JSONReader.Value?) -> Bool {
        guard let value else { return true }
        if case .null = value { return true }
        return false
    }
}
