/// The frame a job of a 4x4x4 box's count is searched in (`ExactCover.isCubeOfFour`, the Bedlam
/// cube).
///
/// A job whose solutions need no test counts the completions of its prefix, and every symmetry
/// of the figure maps those one to one onto the completions of the prefix's image: the job may
/// be searched in any of its images, with the same count. The trees are not the same, since the
/// search fills the cells in one fixed order, and they differ a lot: the Bedlam cube's X
/// pentacube, the plan's first piece, flat on a face, takes 162M to 488M nodes with the rest of
/// the search in its 24 images, and inside the cube 30M to 159M (issue 37). The images that put
/// the prefix's cells early in the fill order (compared from the last cell,
/// `CellMask.comesBefore`) tend to be the small ones, as the pieces placed then wall in the
/// first cells the search fills; among those, Knuth's estimate (`SearchEngine.estimateOwnNodes`,
/// with the box's own choice of passage) picks one.
///
/// Measured on the whole Bedlam count split into its 1,105 jobs (one thread; nodes, the search
/// as planned 215.9M): the earliest image alone 197.9M; the image estimated smallest of all 24
/// with 8 random paths each 182.7M, 16 paths 177.0M, 32 paths 169.8M, 64 paths 167.2M (a sample
/// of 56 jobs searched in every image: 10.8M nodes as planned, 6.3M in the best image of each);
/// the 12 earliest images with 16 paths each 177.2M, the 8 earliest 188.4M. A path costs about
/// 5,000 instructions, a node about 180, so the 12 earliest at 16 paths are kept: half the
/// estimates of all 24 for the same nodes.
extension Solver {
    /// Images of a job estimated (the earliest ones) and random paths per image.
    static let frameCandidates = 12
    static let frameProbes = 16

    /// `job` with its prefix turned to the image whose search is estimated smallest among the
    /// `frameCandidates` earliest, or `job` itself when its solutions are tested (the test is
    /// made in its own frame) or outside a 4x4x4 box. Deterministic (fixed seeds), so a resumed
    /// job is searched in the frame its checkpoint was taken in.
    static func framed<Mask: SearchMask>(_ job: SearchPlan.Job, symmetries: [FigureSymmetry],
                                         on engine: SearchEngine<Mask>, problem: ExactCover) -> SearchPlan.Job {
        guard Mask.isCubeOfFour, job.check.isEmpty, !job.prefix.isEmpty, symmetries.count > 1 else { return job }
        var images: [(prefix: [Int], cells: CellMask)] = []
        images.reserveCapacity(symmetries.count)
        for symmetry in symmetries {
            var image: [Int] = []
            image.reserveCapacity(job.prefix.count)
            var cells = CellMask.empty
            for o in job.prefix {
                var turned = CellMask.empty
                symmetry.cellPermutation.withUnsafeBufferPointer { permutation in
                    problem.masks[o].forEachIndex { turned.insert(permutation[$0]) }
                }
                guard let i = problem.option(piece: symmetry.pieceMap[problem.optionPiece[o]], mask: turned) else { break }
                image.append(i)
                cells = cells | turned
            }
            if image.count == job.prefix.count { images.append((image, cells)) }
        }
        images.sort { $0.cells.comesBefore($1.cells) }
        var best = job.prefix
        var bestEstimate = Double.infinity
        for (k, image) in images.prefix(frameCandidates).enumerated() {
            let estimate = engine.estimateOwnNodes(prefix: image.prefix, probes: frameProbes, seed: UInt64(k))
            if estimate < bestEstimate { best = image.prefix; bestEstimate = estimate }
        }
        return SearchPlan.Job(prefix: best, multiplicity: job.multiplicity, check: job.check)
    }
}
