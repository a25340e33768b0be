import Testing
import ThreadAI

/// `import` without a format name recognises ThreadAI's own export by its `format` member however
/// the file is spaced (a trial wrote an export again with Python's `json.dump` and `jq -c`, and it
/// was read as a ChatGPT export).
@Suite("Detecting a threadai-json export")
struct ExportDetectionTests {
    @Test("as written, compact, or spaced otherwise", arguments: [
        "{\n  \"format\" : \"threadai-json\",\n  \"version\" : 1",
        "{\"format\":\"threadai-json\",\"version\":1",
        "{\"format\": \"threadai-json\", \"version\": 1",
        "{\"version\": 1,\r\n\t\"format\"\t:\r\n \"threadai-json\"",
    ])
    func recognised(start: String) {
        #expect(ThreadAIJSON.looksLikeExport(Array(start.utf8)))
    }

    @Test("not a ChatGPT export, nor a format named otherwise or cut short", arguments: [
        "[{\"title\": \"format\", \"mapping\": {}}]",
        "{\"format\": \"threadai-jsonl\"",
        "{\"format\": \"other\", \"note\": \"threadai-json\"}",
        "{\"format\" :",
    ])
    func notRecognised(start: String) {
        #expect(!ThreadAIJSON.looksLikeExport(Array(start.utf8)))
    }
}
