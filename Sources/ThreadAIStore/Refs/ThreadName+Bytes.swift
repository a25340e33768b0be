extension ThreadName {
    /// The name spelled by `bytes` (a file's path below a ref folder), when it follows rules 1 to 5;
    /// nil when it breaks one: the verdict of `init(_:)` on `String(decoding: bytes, as: UTF8.self)`.
    ///
    /// A name of ASCII letters, digits and `/ - _ . +` (nearly every name) is judged on its bytes,
    /// with no `String` built unless it is valid and no grapheme clusters; any other is judged by
    /// `init(_:)`. Listing thousands of refs checks every file name this way.
    static func validated(_ bytes: UnsafeBufferPointer<UInt8>) -> ThreadName? {
        switch plainASCIIVerdict(bytes) {
        case true?: ThreadName(checked: String(decoding: bytes, as: UTF8.self))
        case false?: nil
        case nil: try? ThreadName(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Whether a name made only of ASCII letters, digits and `/ - _ . +` follows rules 1 to 5
    /// (checked in the order `firstBrokenRule` checks them); nil for a name holding other bytes.
    static func plainASCIIVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !bytes.isEmpty, bytes.count <= maximumByteCount else { return false }
        guard bytes.allSatisfy(isAllowedASCII) else { return nil }
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != slash { end += 1 }
            guard end > start, componentIsValid(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return false }
            start = end + 1
        }
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { return false }
        if bytes.count == 4 && equalsIgnoringCase(bytes[...], "HEAD") { return false }
        if bytes.count >= 4 && bytes.allSatisfy(isHexDigit) { return false }
        return true
    }

    /// Rules 3 and 4 for one component of plain ASCII (not empty).
    private static func componentIsValid(_ component: UnsafeBufferPointer<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        if component[0] == dot || component[component.count - 1] == dot { return false }
        if component.count >= 5 && equalsIgnoringCase(component[(component.count - 5)...], ".lock") { return false }
        let device = component.prefix(while: { $0 != dot })
        switch device.count {
        case 3:
            return !["CON", "PRN", "AUX", "NUL"].contains { equalsIgnoringCase(device, $0) }
        case 4:
            let port = device.prefix(3)
            let digit = device[device.startIndex + 3]
            guard digit >= UInt8(ascii: "1") && digit <= UInt8(ascii: "9") else { return true }
            return !equalsIgnoringCase(port, "COM") && !equalsIgnoringCase(port, "LPT")
        default:
            return true
        }
    }

    private static let slash = UInt8(ascii: "/")

    /// Whether the ASCII `bytes` spell `text`, ignoring the case of letters.
    private static func equalsIgnoringCase(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        return zip(bytes, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)).allSatisfy {
            lowercased($0) == lowercased($1)
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
