#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// Any JSON value, for bodies whose shape varies by server.
enum LooseJSON: Decodable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case null
    case array([LooseJSON])
    case object([String: LooseJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .boolean(flag)
        } else if let whole = try? container.decode(Int.self) {
            self = .integer(whole)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let members = try? container.decode([String: LooseJSON].self) {
            self = .object(members)
        } else {
            self = .array(try container.decode([LooseJSON].self))
        }
    }

    /// Strings and numbers as text (`429`, `1.5`); anything else, and the empty string, as nil.
    var text: String? {
        switch self {
        case .string(let text): text.isEmpty ? nil : text
        case .integer(let whole): String(whole)
        case .number(let number): number.jsonText
        case .boolean, .null, .array, .object: nil
        }
    }

    /// `text`, or an object or an array as compact JSON with sorted keys: how a message a server
    /// sent as structure is shown. Nil for the rest, and for an empty object or array.
    var shown: String? {
        switch self {
        case .array(let items) where !items.isEmpty: compactJSON
        case .object(let members) where !members.isEmpty: compactJSON
        default: text
        }
    }

    /// The value as JSON without spaces, keys sorted.
    var compactJSON: String {
        switch self {
        case .string(let text): JSONStringText.quoted(text)
        case .integer(let whole): String(whole)
        case .number(let number): number.jsonText
        case .boolean(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): "[" + items.map(\.compactJSON).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { JSONStringText.quoted($0.key) + ":" + $0.value.compactJSON }.joined(separator: ",") + "}"
        }
    }
}
