import ThreadAIStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a chat Gemini CLI saved with `/chat save TAG`: `~/.gemini/tmp/PROJECT/checkpoint-TAG.json`,
/// the model's history as the Gemini API takes it, `{"history": [Content…], "authType"?}` (or, from
/// older versions, the bare array). A `Content` is `{"role": "user" | "model", "parts": [Part…]}`;
/// it has no id and no time, so a message is named by its place in the history (a later save under
/// the same tag that only adds turns keeps the earlier ids), and the conversation by the file's name.
enum GeminiCheckpoint {
    static func isCheckpoint(_ path: String) -> Bool {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasPrefix("checkpoint-") && file.hasSuffix(".json")
    }

    static func parse(_ data: Data, name: String) throws(ImportError) -> ImportConversation {
        let document = JSONReader.Value.readingLikeFoundation(data)
        guard let history = document?.array ?? document?.object?["history"]?.array else {
            throw ImportError(item: name, reason: "holds no history array, so it is no Gemini CLI checkpoint")
        }
        var nodes: [ImportNode] = []
        for (index, content) in history.enumerated() {
            let object = content.object ?? [:]
            let parts = object["parts"]?.array ?? []
            var fields: [String: String] = [:]
            let role: Role = object["role"]?.string == "model" ? .assistant : .user
            if role == .user, !parts.isEmpty, parts.allSatisfy({ $0.object?["functionResponse"] != nil }) {
                fields["source-role"] = "tool_result"
            }
            let text = GeminiParts.text(.array(parts))
            // The first turn of every chat is the context Gemini CLI sets up, not the user's words.
            if index == 0, role == .user, text.hasPrefix("This is the Gemini CLI.") { fields["hidden"] = "true" }
            nodes.append(ImportNode(
                sourceID: String(index + 1), parentSourceID: nodes.last?.sourceID, role: role, date: nil, content: text, fields: fields))
        }
        let file = (name.split(separator: "/").last.map(String.init) ?? name).dropFirst("checkpoint-".count).dropLast(".json".count)
        let tag = decodedTag(String(file))
        return ImportConversation(
            format: "gemini", id: "checkpoint-" + tag, title: tag, date: nil, nodes: nodes, currentNode: nodes.last?.sourceID)
    }

    /// The tag Gemini CLI wrote with `encodeURIComponent`: each `%XX` its byte, the result read as
    /// UTF-8; a name that does not decode stays as it is.
    static func decodedTag(_ name: String) -> String {
        var bytes: [UInt8] = []
        var rest = Substring(name).utf8[...]
        while let byte = rest.first {
            let hex = rest.dropFirst().prefix(2)
            if byte == UInt8(ascii: "%"), hex.count == 2, let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16) {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(byte)
                rest = rest.dropFirst()
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? name
    }
}
