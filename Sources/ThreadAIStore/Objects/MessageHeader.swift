/// The frontmatter of a message object and where its content lies, read without building the content.
///
/// History walks read thousands of objects and need only parents, threads and dates; the content is
/// `bytes[contentOffset ..< contentOffset + contentByteCount]` of the object it was decoded from.
public struct MessageHeader: MessageFrontmatter {
    public let parent: ObjectID?
    public let thread: ThreadName
    public let role: Role
    public let date: Timestamp
    public let fields: [String: String]
    /// Number of bytes from the start of the object to the first byte of the content.
    public let contentOffset: Int
    /// Number of bytes of content: the rest of the object without its final line feed.
    public let contentByteCount: Int
}
