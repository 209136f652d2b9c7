import Dispatch

/// The one piece of state shared with background counts: which count is the latest. Only the
/// loop's thread sets it; searches read it to know they are stale, so a stream of edits in the
/// designer never queues up searches.
final class LatestGeneration: @unchecked Sendable {
    private let queue = DispatchQueue(label: "soma.designer.latest-count")
    private var value = -1

    func set(_ generation: Int) { queue.sync { value = generation } }
    func get() -> Int { queue.sync { value } }
}
