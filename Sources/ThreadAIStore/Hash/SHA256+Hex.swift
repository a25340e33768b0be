extension SHA256 {
    /// Returns the SHA-256 digest of `bytes` as 64 lowercase hexadecimal characters,
    /// the form object names take in the store.
    public static func hexDigest(_ bytes: some Sequence<UInt8>) -> String {
        hexString(hash(bytes))
    }

    /// Returns `bytes` spelled as lowercase hexadecimal, two characters per byte.
    public static func hexString(_ bytes: some Sequence<UInt8>) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var ascii: [UInt8] = []
        ascii.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            ascii.append(digits[Int(byte >> 4)])
            ascii.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: ascii, as: UTF8.self)
    }
}
