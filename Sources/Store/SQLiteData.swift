import Polycube

/// One value of an SQLite column or `?` parameter, as SQLite stores it (its five storage
/// classes). The accessors read a value only as the class it was stored as: a number stored as
/// text is not a number here, so a damaged or hand-edited row fails its checks instead of being
/// guessed at.
enum SQLiteData: Hashable, Sendable {
    case integer(Int)
    case float(Double)
    case text(String)
    case blob([UInt8])
    case null

    /// The text, when the value is text.
    var string: String? {
        if case .text(let s) = self { return s }
        return nil
    }

    /// The whole number, when the value is an integer.
    var integer: Int? {
        if case .integer(let i) = self { return i }
        return nil
    }
}

/// One row of a result: its columns by name, in the statement's order.
struct SQLiteRow: Sendable {
    let names: [String]
    let values: [SQLiteData]

    /// The value of the first column called `name`, or nil when the statement has no such column.
    func column(_ name: String) -> SQLiteData? {
        names.firstIndex(of: name).map { values[$0] }
    }
}

extension SQLiteData: CustomStringConvertible {
    /// The value for a note about a row that failed its checks: numbers as written, text made
    /// safe to show (it came from a file anyone could have edited), a blob by its length.
    var description: String {
        switch self {
        case .integer(let i): "\(i)"
        case .float(let d): "\(d)"
        case .text(let s): UntrustedText.shown(s)
        case .blob(let bytes): "(\(bytes.count) bytes)"
        case .null: "null"
        }
    }
}
