import Testing
import ThreadAI

/// `import` without a format name recognises ThreadAI's own export by its `format` member however
/// the file is spaced (a trial wrote an export again with Python's `json.dump` and `jq -c`, and it
/// was read as a ChatGPT export).
@Suite("Detecting a threadai-json export")
struct ExportDetectionTests {
    @Test("recognised as written, compact, or spaced otherwise; not a ChatGPT export, nor a format named otherwise or cut short", arguments: [
        ("{\n  \"format\" : \"threadai-json\",\n  \"version\" : 1", true),
        ("{\"format\":\"threadai-json\",\"version\":1", true),
        ("{\"format\": \"threadai-json\", \"version\": 1", true),
        ("{\"version\": 1,\r\n\t\"format\"\t:\r\n \"threadai-json\"", true),
        ("[{\"title\": \"format\", \"mapping\": {}}]", false),
        ("{\"format\": \"threadai-jsonl\"", false),
        ("{\"format\": \"other\", \"note\": \"threadai-json\"}", false),
        ("{\"format\" :", false),
    ])
    func detection(start: String, isExport: Bool) {
        #expect(ThreadAIJSON.looksLikeExport(Array(start.utf8)) == isExport)
    }
}
