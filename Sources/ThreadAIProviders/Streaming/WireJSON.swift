#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The providers' JSON: keys in snake case on the wire (`stop_reason`, `finish_reason`), camel case
/// in the types that decode them. One place for the decoders of stream events and whole replies.
enum WireJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(type, from: data)
    }

    /// `body` as a `Value`, or nil when it is not one: for a body that may be a reply or an error,
    /// where failing to read it as a reply is the answer, not a failure.
    static func decodeIfPossible<Value: Decodable>(_ type: Value.Type, from body: Data) -> Value? {
        do {
            return try decode(type, from: body)
        } catch {
            return nil
        }
    }
}
