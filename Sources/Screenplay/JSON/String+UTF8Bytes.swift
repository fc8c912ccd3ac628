extension String {
    /// Runs `body` on the string's UTF-8 bytes, read in place: a native string's bytes are always
    /// contiguous (a small one's are read from the stack). `withUTF8` needs a mutable string, so
    /// calling it on a parameter copies the string and checks it is unique, on every call.
    ///
    /// ```swift
    /// let key = name.withUTF8Bytes { MemberKey.rawValue(spelt: $0) }
    /// ```
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var bridged = self
        return bridged.withUTF8(body)
    }
}
