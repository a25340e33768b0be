import Testing

/// Some bytes of HTTP, named for the test report, since the bytes themselves hold line breaks.
struct WireSample: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var text: String

    init(_ testDescription: String, _ text: String) {
        self.testDescription = testDescription
        self.text = text
    }
}
