import ArgumentParser
import Foundation
import ScreenplayDSL

/// Reads a document file for the CLI, refusing one over the size limit before reading it.
struct DocumentFile {
    let path: String

    enum ReadError: Error, CustomStringConvertible {
        case unreadable(String)
        case tooLarge(Int, limit: Int)

        var description: String {
            switch self {
            case .unreadable(let reason): "cannot read the file: \(reason)"
            case .tooLarge(let size, let limit): "document is \(size) bytes; the limit is \(limit) (not parsed)"
            }
        }
    }

    /// The paths given, with each folder replaced by the `.json` files under it (sorted): a folder
    /// is not a document.
    static func expanding(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".json") }.sorted()
            guard !found.isEmpty else { throw ValidationError("\(path) is a folder with no .json documents in it") }
            files += found.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }

    func read(limits: DocumentLimits) throws(ReadError) -> [UInt8] {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadable(FileManager.default.fileExists(atPath: path) ? "\(error.localizedDescription)" : "no such file")
        }
        if let size = (attributes[.size] as? NSNumber)?.intValue, size > limits.maxDocumentBytes {
            throw .tooLarge(size, limit: limits.maxDocumentBytes)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("permission denied or not a file") }
        defer { try? handle.close() }
        // Read at most one byte past the limit, so a file that grows meanwhile is still refused.
        let data: Data
        do {
            data = try handle.read(upToCount: min(limits.maxDocumentBytes, Int.max - 1) + 1) ?? Data()
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        if data.count > limits.maxDocumentBytes { throw .tooLarge(data.count, limit: limits.maxDocumentBytes) }
        return [UInt8](data)
    }

    /// Reads and decodes the file as a screen; read failures become an error diagnostic at `$`.
    func decodeScreen(options: DecodingOptions) -> DecodeResult<Screen> {
        do throws(ReadError) {
            return Screen.decode(from: try read(limits: options.limits), options: options)
        } catch {
            let code: Diagnostic.Code = if case .tooLarge = error { .limitExceeded } else { "unreadable" }
            return DecodeResult(value: nil, diagnostics: [Diagnostic(.error, code, at: .root, error.description)])
        }
    }
}

/// Options shared by the commands that read documents.
struct LimitOptions: ParsableArguments {
    @Option(help: "Largest document accepted, in bytes.")
    var maxBytes = DocumentLimits.default.maxDocumentBytes

    @Option(help: "Deepest JSON nesting accepted.")
    var maxDepth = DocumentLimits.default.maxDepth

    @Option(help: "A URL scheme to allow besides http, https and relative paths (repeatable), such as tel.")
    var allowScheme: [String] = []

    var decodingOptions: DecodingOptions {
        var limits = DocumentLimits.default
        limits.maxDocumentBytes = maxBytes
        limits.maxDepth = maxDepth
        return DecodingOptions(
            limits: limits, allowedURLSchemes: DecodingOptions.default.allowedURLSchemes.union(allowScheme.map { $0.lowercased() }))
    }
}

/// Writes to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
