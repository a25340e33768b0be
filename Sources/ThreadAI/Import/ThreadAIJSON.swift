import ThreadAIStore

#if canImport(FoundationEssentials)
import Foundation
#else
import Foundation
#endif

/// The `threadai-json` interchange format (docs/FORMAT.md §11): every message object's exact text
/// and every thread's heads, sorted, so one repository always exports to the same bytes and an
/// import of the export rebuilds it identically.
public enum ThreadAIJSON {
    public static let version = 1

    public static func export(_ repository: Repository) throws -> Data {
        var messages: [[String: Any]] = []
        for id in try repository.objects.allIDs().sorted(by: { $0.hex < $1.hex }) {
            messages.append(["id": id.hex, "object": String(decoding: try repository.objects.bytes(of: id), as: UTF8.self)])
        }
        var threads: [[String: Any]] = []
        for name in try repository.refs.names().sorted(by: { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }) {
            threads.append(["name": name.rawValue, "heads": try repository.refs.heads(of: name).map(\.hex)])
        }
        let document: [String: Any] = ["format": "threadai-json", "version": version, "messages": messages, "threads": threads]
        var data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Whether `data` looks like a `threadai-json` export (for format detection).
    public static func looksLikeExport(_ data: Data) -> Bool {
        String(decoding: data.prefix(200), as: UTF8.self).contains("\"format\" : \"threadai-json\"")
    }

    /// Stores every message of the export (verifying each id), then places every thread by
    /// compare-and-swap, as `Importer` does.
    /// - Parameter secrets: what to do with credentials in the messages (docs/CLI.md, "Secrets"); they
    ///   are named by their hashes, so a credential cannot be redacted: anything but `.allow` refuses.
    public static func load(
        _ data: Data, name: String, into importer: Importer, summary: inout Importer.Summary, secrets: SecretPolicy = .allow
    ) throws(ImportError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ImportError(item: name, reason: "not valid JSON (truncated?): \(error.localizedDescription)")
        }
        guard let document = root as? [String: Any], document["format"] as? String == "threadai-json" else {
            throw ImportError(item: name, reason: "not a threadai-json export (no \"format\": \"threadai-json\")")
        }
        guard let found = document["version"] as? Int, found == version else {
            throw ImportError(item: name, reason: "unknown threadai-json version \(document["version"] ?? "none"); this threadai reads version \(version)")
        }
        let repository = importer.repository
        if secrets != .allow { try refuseSecrets(in: document["messages"] as? [Any] ?? [], name: name) }
        for (index, element) in (document["messages"] as? [Any] ?? []).enumerated() {
            let item = "\(name) message #\(index + 1)"
            guard let entry = element as? [String: Any], let hex = entry["id"] as? String, let text = entry["object"] as? String else {
                throw ImportError(item: item, reason: "needs an \"id\" and an \"object\"")
            }
            do {
                let id = try ObjectID(hex: hex)
                let bytes = Array(text.utf8)
                guard ObjectID.of(bytes) == id else { throw ImportError(item: "\(item) (\(hex))", reason: "its object does not hash to its id") }
                let existed = repository.objects.contains(id)
                _ = try repository.objects.write(try MessageCodec.decode(bytes))
                summary.messages += 1
                if !existed { summary.newMessages += 1 }
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(item: "\(item) (\(hex))", reason: "\(error)")
            }
        }
        for (index, element) in (document["threads"] as? [Any] ?? []).enumerated() {
            let item = "\(name) thread #\(index + 1)"
            guard let entry = element as? [String: Any], let raw = entry["name"] as? String, let heads = entry["heads"] as? [String] else {
                throw ImportError(item: item, reason: "needs a \"name\" and \"heads\"")
            }
            do {
                let thread = try ThreadName(raw)
                guard heads.count == 1 else {
                    summary.skipped.append("thread \(raw): diverged (\(heads.count) heads); reconcile it and export again")
                    continue
                }
                let head = try ObjectID(hex: heads[0])
                guard repository.objects.contains(head) else {
                    throw ImportError(item: "\(item) (\(raw))", reason: "its head \(heads[0]) is not among the messages")
                }
                try importer.moveRef(thread, to: head, item: name, summary: &summary)
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(item: "\(item) (\(raw))", reason: "\(error)")
            }
        }
        summary.conversations += 1
    }

    /// Refuses the whole export, before anything is written, when a message holds a credential.
    private static func refuseSecrets(in messages: [Any], name: String) throws(ImportError) {
        for (index, element) in messages.enumerated() {
            guard let text = (element as? [String: Any])?["object"] as? String else { continue }
            let findings = SecretScanner.findings(in: text)
            guard !findings.isEmpty else { continue }
            let id = (element as? [String: Any])?["id"] as? String ?? ""
            throw ImportError(
                item: "\(name) message #\(index + 1) (\(id))",
                reason: SecretsFound(item: "it", findings: findings).description
                    + " A threadai-json export cannot be redacted on import (its messages are named by their hashes): remove the secret at its source, or use --allow-secrets.")
        }
    }
}
