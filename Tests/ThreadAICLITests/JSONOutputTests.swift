import Testing
@testable import ThreadAICLI

@Suite("JSON output: what scripts read")
struct JSONOutputTests {
    struct Sample: Encodable {
        var forks: [String]
        var fields: [String: String]
        var text: String
    }

    @Test("an empty array or object is written [] or {}, at the top, inside, and element by element; a line break in a string stays escaped")
    func emptyContainers() throws {
        let output = BufferOutput()
        try JSONOutput.write([String](), to: output)
        try JSONOutput.write([Sample(forks: [], fields: [:], text: "a [\n\n]")], to: output)
        #expect(output.text == """
            []
            [
              {
                "fields" : {},
                "forks" : [],
                "text" : "a [\\n\\n]"
              }
            ]

            """)
        let elements = BufferOutput()
        var writer = JSONArrayWriter(to: elements)
        try writer.append(Sample(forks: [], fields: [:], text: ""))
        try writer.finish()
        #expect(elements.text.contains("\"forks\" : [],\n"), "\(elements.text)")
    }
}
