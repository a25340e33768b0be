#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ThreadAISupport

/// The error type and message a provider put in a JSON body, in any of the shapes seen in
/// the wild: Anthropic's `{"type":"error","error":{"type","message"}}`, OpenAI's
/// `{"error":{"message","type","code"}}`, and compatible servers' `{"error":"text"}`,
/// `{"detail":"text"}` or `{"message":"text"}`; a message or detail that is an object or an array
/// (Mistral's and FastAPI's validation errors) is kept as compact JSON.
struct ProviderErrorBody: Equatable {
    var type: String?
    var message: String?

    /// The fields found in `data`, or nil when it is not a JSON object carrying any of them.
    static func parse(_ data: Data) -> ProviderErrorBody? {
        // Not JSON, or JSON of another shape: the caller falls back to the body's plain text.
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        return parse(object)
    }

    static func parse(_ object: [String: JSONValue]) -> ProviderErrorBody? {
        var body = ProviderErrorBody()
        if case .object(let error)? = object["error"] {
            body.type = error["type"]?.text ?? error["code"]?.text
            body.message = error["message"]?.shown
            if body.type == nil, body.message == nil { body.message = error["detail"]?.shown }
        } else if case .string(let error)? = object["error"] {
            body.message = error
        } else {
            body.message = object["message"]?.shown ?? object["detail"]?.shown
            body.type = object["message"] != nil ? object["type"]?.text : nil
        }
        return body.type == nil && body.message == nil ? nil : body
    }

    /// The body's text when the server sent something other than JSON (an HTML error page, say).
    static func plainText(_ data: Data) -> String? {
        let text = String(decoding: data.prefix(2_000), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingSpaces()
        return text.isEmpty ? nil : text
    }
}
