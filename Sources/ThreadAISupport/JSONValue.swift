#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value, kept as it came: a provider's error body whose shape varies by server, and the
/// MCP server's JSON-RPC messages (an id returned as it came, arguments checked by the tool).
package enum JSONValue: Codable, Equatable, Sendable {
    case string(String)
    case integer(Int)
    case number(Double)
    case boolean(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
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
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else {
            self = .array(try container.decode([JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .integer(let whole): try container.encode(whole)
        case .number(let number): try container.encode(number)
        case .boolean(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }

    /// The value of one JSON text, or nil when it is not JSON.
    package static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    package var string: String? { if case .string(let text) = self { text } else { nil } }

    /// Strings and numbers as text (`429`, `1.5`); anything else, and the empty string, as nil.
    package var text: String? {
        switch self {
        case .string(let text): text.isEmpty ? nil : text
        case .integer(let whole): String(whole)
        case .number(let number): number.jsonText
        case .boolean, .null, .array, .object: nil
        }
    }

    /// `text`, or an object or an array as compact JSON with sorted keys: how a message a server
    /// sent as structure is shown. Nil for the rest, and for an empty object or array.
    package var shown: String? {
        switch self {
        case .array(let items) where !items.isEmpty: compactJSON
        case .object(let members) where !members.isEmpty: compactJSON
        default: text
        }
    }

    /// The value as JSON without spaces or line breaks (a string's are escaped), keys sorted: one
    /// line of a line-delimited stream.
    package var compactJSON: String {
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

    /// What a person would call its type, for an error naming a wrong value.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .boolean: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .boolean(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
