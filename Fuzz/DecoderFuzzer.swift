// libFuzzer entry point for the Screenplay decoder; built by scripts/fuzz together with the
// Screenplay sources (swiftc -sanitize=fuzzer,address). See docs/SECURITY.md.
//
// For every input it checks that decoding never crashes, and that whatever decodes survives an
// encode/decode round trip unchanged (plain, and with the templates the encoder finds), renders
// as an outline, and validates without crashing.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let result = Screen.decode(from: bytes)
    if let screen = result.value {
        let again = Screen.decode(from: screen.encoded())
        guard again.value == screen else {
            fatalError("round trip changed the screen:\n\(String(decoding: screen.encoded(), as: UTF8.self))")
        }
        let templated = screen.encoded(templates: .automatic)
        guard Screen.decode(from: templated).value == screen else {
            fatalError("the templated form changed the screen:\n\(String(decoding: templated, as: UTF8.self))")
        }
        _ = OutlineRenderer.render(screen)
        _ = screen.validate()
    }
    if let node = Node.decode(from: bytes).value {
        _ = OutlineRenderer.render(node)
    }
    _ = Markup.parse(String(decoding: bytes, as: UTF8.self))
    return 0
}
