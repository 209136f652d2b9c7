/// The one-word mask of a large search in a box of 4x4x4 cells (`ExactCover.isCubeOfFour`: the
/// Bedlam cube), whose neighbour steps and the masks of the cells that may step along each
/// axis are then constants of the type (`cubeSteps`, `cubeUp`, `cubeDown`): the hole and
/// passage tests at every node shift by immediates and read no fields of the engine, and the
/// passage window's five cells are read without a loop. Bedlam's search, counted on one thread
/// (callgrind, shard 1/64, the search alone): 249 instructions a node before (the neighbour
/// count loaded and spilled nine fields, a fifth of the node), 195 after; the search's switches
/// (passages, pairs, single copies) as constants too, 178 (853M -> 780M instructions, the
/// same 4.37M nodes), though the whole count's CPU time on one thread did not show it (0.997 of
/// before, 5 alternating runs at load 5.5-6.6; probably the tests it drops were well predicted
/// and off the critical path; on two threads 0.92, 3 runs). The masks are checked against the
/// layout's, and the switches against the figure's, before this type is chosen, so the search
/// prunes alike; it differs from the general one only in its choice of passage cell
/// (`SearchEngine.passageCell`), which finds the same solutions in fewer nodes.
struct CubeMask: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
    static var isCubeOfFour: Bool { true }

    /// The box numbering's steps along x, y and z (`CellLayout`: the fastest axis first).
    static var cubeSteps: (Int, Int, Int) { (1, 4, 16) }
    /// Per axis, the cells not on the box's upper face (`CellLayout.Direction.canStepUp`).
    static var cubeUp: (UInt64, UInt64, UInt64) { (0x7777_7777_7777_7777, 0x0FFF_0FFF_0FFF_0FFF, 0x0000_FFFF_FFFF_FFFF) }
    /// Per axis, the cells not on the box's lower face (`canStepDown`).
    static var cubeDown: (UInt64, UInt64, UInt64) { (0xEEEE_EEEE_EEEE_EEEE, 0xFFF0_FFF0_FFF0_FFF0, 0xFFFF_FFFF_FFFF_0000) }
    /// The cells of a passage window in a box: a neighbour's five other neighbours.
    static var passageWidth: Int { 5 }

    /// True when `layout` is the box numbering of 4x4x4 cells with these steps and masks.
    static func fits(_ layout: CellLayout) -> Bool {
        let d = layout.directions
        guard d.count == 3, d[0].step == cubeSteps.0, d[1].step == cubeSteps.1, d[2].step == cubeSteps.2 else { return false }
        let ups = [cubeUp.0, cubeUp.1, cubeUp.2], downs = [cubeDown.0, cubeDown.1, cubeDown.2]
        for k in 0..<3 where d[k].canStepUp != CellMask(low: ups[k]) || d[k].canStepDown != CellMask(low: downs[k]) {
            return false
        }
        return true
    }
}
