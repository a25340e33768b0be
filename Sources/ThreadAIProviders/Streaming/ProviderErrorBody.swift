import Foundation

/// The error type and message a provider put in a JSON body, in any of the shapes seen in
/// the wild: Anthropic's `{"type":"error","error":{"type","message"}}`, OpenAI's
/// `{"error":{"message","type","code"}}`, and compatible servers' `{"error":"text"}`,
/// `{"detail":"text"}` or `{"message":"text"}`.
struct ProviderErrorBody: Equatable {
    var type: String?
    var message: String?

    /// The fields found in `data`, or nil when it is not a JSON object carrying any of them.
    static func parse(_ data: Data) -> ProviderErrorBody? {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        return parse(object)
    }

    static func parse(_ object: [String: Any]) -> ProviderErrorBody? {
        var body = ProviderErrorBody()
        if let error = object["error"] as? [String: Any] {
            body.type = text(error["type"]) ?? text(error["code"])
            body.message = text(error["message"])
            if body.type == nil, body.message == nil { body.message = text(error["detail"]) }
        } else if let error = object["error"] as? String {
            body.message = error
        } else {
            body.message = text(object["message"]) ?? text(object["detail"])
            body.type = object["message"] != nil ? text(object["type"]) : nil
        }
        return body.type == nil && body.message == nil ? nil : body
    }

    /// The body's text when the server sent something other than JSON (an HTML error page, say).
    static func plainText(_ data: Data) -> String? {
        let text = String(decoding: data.prefix(2_000), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// Strings and numbers as text; anything else (null, objects) as nil.
    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: return string.isEmpty ? nil : string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }
}
