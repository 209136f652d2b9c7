internal import PolycubeResources

/// The catalog read figure by figure, for a login's start-up (issue 35): the play menu lists
/// the Soma figures by name and parses one only when it is looked at, and a saved position's
/// figure is found by the name its file states, parsing only that file.
extension Catalog {
    /// The command-line names of one kind, in catalog order, without parsing any layers: the
    /// names of `entries(of:)` (`CatalogTests`).
    public static func names(of kind: CatalogEntry.Kind) -> [String] {
        EmbeddedFiles.figures.filter { statedKind(of: $0.bytes) == kind }.map(\.name)
    }

    /// The first figure of `kind`, in catalog order, whose name (`Figure.name`, what progress
    /// is saved under) is `title`; nil when none is. Each file's header is read for its
    /// `name:` line and only a file that states `title` is parsed (and checked: the parsed
    /// figure's name must be `title`).
    public static func figure(titled title: String, of kind: CatalogEntry.Kind) -> Figure? {
        for file in EmbeddedFiles.figures where statedHeader("name", of: file.bytes) == title
            && statedKind(of: file.bytes) == kind {
            if let found = try? Catalog.figure(named: file.name), found.name == title { return found }
        }
        return nil
    }

    /// The trimmed value of a catalog file's header line `key:` (comments dropped), read
    /// without parsing the layers; nil when the header has no such line. Catalog files only:
    /// they are tested to read, so their headers are well formed.
    static func statedHeader(_ key: String, of bytes: [UInt8]) -> String? {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var content = bytes[start..<end]
            start = end + 1
            if let comment = content.firstIndex(of: UInt8(ascii: ";")) { content = content[..<comment] }
            guard content.contains(where: { !isSpace($0) }) else { continue }
            // The first line of a layer ends the header.
            guard let colon = content.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let stated = content[..<colon].filter { !isSpace($0) }
            guard stated.elementsEqual(key.utf8) else { continue }
            var value = content[(colon + 1)...]
            while let first = value.first, isSpace(first) { value = value.dropFirst() }
            while let last = value.last, isSpace(last) { value = value.dropLast() }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }
}
