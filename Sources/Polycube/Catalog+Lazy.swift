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
    /// they are tested to read, so their headers are well formed. One pass over each line's
    /// bytes: the play menu asks every file its kind, and slicing and filtering each line was
    /// 90,000 instructions of a login's start-up (issue 35).
    static func statedHeader(_ key: String, of bytes: [UInt8]) -> String? {
        var key = key
        return key.withUTF8 { key in bytes.withUnsafeBufferPointer { statedHeader(key, in: $0) } }
    }

    private static func statedHeader(_ key: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> String? {
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
        var start = 0
        while start < text.count {
            // The line's end, and before its comment (`;`) its first colon and whether it holds
            // anything but spaces.
            var end = start, comment = -1, colon = -1, blank = true
            while end < text.count, text[end] != UInt8(ascii: "\n") {
                let byte = text[end]
                if comment < 0 {
                    if byte == UInt8(ascii: ";") {
                        comment = end
                    } else {
                        if colon < 0 && byte == UInt8(ascii: ":") { colon = end }
                        if !isSpace(byte) { blank = false }
                    }
                }
                end += 1
            }
            let line = start, contentEnd = comment < 0 ? end : comment
            start = end + 1
            if blank { continue }
            // The first line of a layer ends the header.
            guard colon >= 0 else { return nil }
            // The stated key with every space left out, against `key`.
            var matched = 0, same = true
            for index in line..<colon where !isSpace(text[index]) {
                guard matched < key.count, text[index] == key[matched] else { same = false; break }
                matched += 1
            }
            guard same, matched == key.count else { continue }
            var first = colon + 1, last = contentEnd
            while first < last, isSpace(text[first]) { first += 1 }
            while last > first, isSpace(text[last - 1]) { last -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: text[first..<last]), as: UTF8.self)
        }
        return nil
    }
}
