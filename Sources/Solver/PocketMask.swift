/// The few mask operations the pocket test needs, for one word or two.
protocol PocketMask: Equatable {
    associatedtype Step
    static var none: Self { get }
    var isNone: Bool { get }
    var size: Int { get }
    var lowest: Self { get }
    func union(_ other: Self) -> Self
    func intersection(_ other: Self) -> Self
    func subtracting(_ other: Self) -> Self
    func up(_ step: Step) -> Self
    func down(_ step: Step) -> Self
}

extension UInt64: PocketMask {
    static var none: UInt64 { 0 }
    var isNone: Bool { self == 0 }
    var size: Int { nonzeroBitCount }
    var lowest: UInt64 { self & (0 &- self) }
    func union(_ other: UInt64) -> UInt64 { self | other }
    func intersection(_ other: UInt64) -> UInt64 { self & other }
    func subtracting(_ other: UInt64) -> UInt64 { self & ~other }
    func up(_ step: UInt64) -> UInt64 { self &<< step }
    func down(_ step: UInt64) -> UInt64 { self &>> step }
}

extension CellMask: PocketMask {
    static var none: CellMask { .empty }
    var isNone: Bool { isEmpty }
    var size: Int { count }
    var lowest: CellMask { var m = CellMask.empty; m.insert(first); return m }
    func union(_ other: CellMask) -> CellMask { self | other }
    func intersection(_ other: CellMask) -> CellMask { self & other }
    func subtracting(_ other: CellMask) -> CellMask { self & ~other }
    func up(_ step: Int) -> CellMask { self << step }
    func down(_ step: Int) -> CellMask { self >> step }
}
