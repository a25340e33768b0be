import Foundation
import Testing
@testable import ThreadAIStore

@Suite("ObjectID")
struct ObjectIDTests {
    static let example = "fb93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58"

    @Test("reads and writes 64 lowercase hex digits")
    func hexRoundTrip() throws {
        let id = try ObjectID(hex: Self.example)
        #expect(id.hex == Self.example)
        #expect(id.description == Self.example)
        #expect(id.short == "fb93e79c")
    }

    @Test("the short form is the first 8 digits of the hex form, for any id")
    func shortForm() {
        for index in 0..<500 {
            let id = ObjectID.of(Array("message \(index)".utf8))
            #expect(id.short == String(id.hex.prefix(8)))
        }
    }

    @Test("names its file below objects/ with two digits of fan-out (FORMAT.md §3)")
    func fanOutPath() throws {
        #expect(try ObjectID(hex: Self.example).fanOutPath
            == "fb/93e79ce7cd2d844c334b2b9733623e08b71d4912f0b70f2b2a2aebf85fdb58.md")
        for index in 0..<500 {
            let id = ObjectID.of(Array("message \(index)".utf8))
            #expect(id.fanOutPath == id.hex.prefix(2) + "/" + id.hex.dropFirst(2) + ".md")
            #expect(try ObjectID(hex: id.hex) == id)
        }
    }

    @Test("is the SHA-256 of the bytes")
    func ofBytes() {
        #expect(ObjectID.of([UInt8]()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(ObjectID.of(Array("abc".utf8)).hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ObjectID.of(Data("abc".utf8)) == ObjectID.of(Array("abc".utf8)))
    }

    struct BadText: CustomTestStringConvertible, Sendable {
        let why: String
        let text: String
        var testDescription: String { why }
    }

    static let badTexts: [BadText] = [
        BadText(why: "empty", text: ""),
        BadText(why: "63 digits", text: String(example.dropLast())),
        BadText(why: "65 digits", text: example + "0"),
        BadText(why: "uppercase", text: example.uppercased()),
        BadText(why: "one uppercase digit", text: "F" + example.dropFirst()),
        BadText(why: "a letter past f", text: "g" + example.dropFirst()),
        BadText(why: "a trailing line feed", text: String(example.dropLast()) + "\n"),
        BadText(why: "a space", text: " " + example.dropFirst()),
        BadText(why: "an abbreviation", text: "fb93e79c"),
        BadText(why: "non-ASCII of the right character count", text: "é" + example.dropFirst()),
    ]

    @Test("rejects anything but 64 lowercase hex digits", arguments: badTexts)
    func rejects(_ bad: BadText) {
        #expect(throws: ObjectIDError(text: bad.text)) { try ObjectID(hex: bad.text) }
    }

    @Test("contiguous and non-contiguous digits read alike: a bad byte at any place, any length")
    func contiguousAndNot() {
        let digits = Array(Self.example.utf8)
        var texts: [[UInt8]] = [digits, Array(digits.dropLast()), digits + [UInt8(ascii: "0")], []]
        for place in digits.indices {
            for bad in [UInt8(ascii: "g"), UInt8(ascii: "F"), UInt8(ascii: "/"), UInt8(ascii: ":"), 0x60, 0] {
                var text = digits
                text[place] = bad
                texts.append(text)
            }
        }
        for text in texts {
            let contiguous = ObjectID(hexDigits: text)
            let oneByOne = ObjectID(hexDigits: text.lazy.map { $0 })
            #expect(contiguous == oneByOne, "\(String(decoding: text, as: UTF8.self))")
            #expect((contiguous != nil) == (text == digits))
        }
        #expect(ObjectID(hexDigits: digits)?.hex == Self.example)
    }

    @Test("error message says what an id looks like")
    func errorMessage() {
        #expect(ObjectIDError(text: "abc").description.contains("64 hexadecimal digits"))
        #expect(ObjectIDError(text: Self.example.uppercased()).description.contains("lowercase"))
    }

    @Test("orders like its hex text, and equal ids hash alike")
    func orderingAndHashing() throws {
        let ids = (0..<200).map { ObjectID.of(Array("message \($0)".utf8)) }
        #expect(ids.sorted().map(\.hex) == ids.map(\.hex).sorted())
        #expect(Set(ids).count == 200)
        let again = try ObjectID(hex: ids[7].hex)
        #expect(Set(ids).contains(again))
        #expect(again == ids[7])
        let low = try ObjectID(hex: String(repeating: "0", count: 63) + "1")
        let high = try ObjectID(hex: "1" + String(repeating: "0", count: 63))
        #expect(low < high)
        #expect(!(high < low))
    }

    @Test("encodes as its hex text in JSON")
    func codable() throws {
        let id = try ObjectID(hex: Self.example)
        let json = try JSONEncoder().encode([id])
        #expect(String(decoding: json, as: UTF8.self) == "[\"\(Self.example)\"]")
        #expect(try JSONDecoder().decode([ObjectID].self, from: json) == [id])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ObjectID].self, from: Data("[\"\(Self.example.uppercased())\"]".utf8))
        }
    }
}
