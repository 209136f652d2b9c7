import Polycube
@testable import Solver
import Testing

/// `Solver.damage(in:shard:of:)`: progress read back from a checkpoint is checked against the
/// shard's own search before it is resumed; what no search could have made is refused in words,
/// never trapped on or counted.
@Suite struct SavedProgressCheckTests {
    static let solver = try! Solver(Figures.somaCube)
    static let partition = solver.partition(into: 2)
    static let done = try! solver.count(shard: 0, of: partition).jobs

    @Test func progressTheSearchMadePasses() throws {
        #expect(Self.solver.damage(in: Self.done, shard: 0, of: Self.partition) == nil)
        #expect(Self.solver.damage(in: [], shard: 0, of: Self.partition) == nil)
        // Stopped mid-search: every snapshot passes.
        let job = Self.partition.jobs(inShard: 0)[0]
        let underWay = JobProgress(job: job, distinct: 0, raw: 0, resumeAt: [Int](repeating: 0, count: 3))
        #expect(Self.solver.damage(in: [underWay], shard: 0, of: Self.partition) == nil)
    }

    /// Each edit is one a hostile checkpoint made: they crashed the search or gave a wrong count.
    static func edited(_ what: String, _ j: [JobProgress], other: Int) -> [JobProgress] {
        let first = j[0].job
        switch what {
        case "another shard's job": return [JobProgress(job: other, distinct: 0, raw: 0, resumeAt: nil)]
        case "a job twice": return [j[0], j[0]]
        case "a job index below zero": return [JobProgress(job: -1, distinct: 0, raw: 0, resumeAt: nil)]
        case "a job index of Int.max": return [JobProgress(job: .max, distinct: 0, raw: 0, resumeAt: nil)]
        case "counts near Int.max": return [JobProgress(job: first, distinct: .max, raw: .max, resumeAt: nil)]
        case "a negative count": return [JobProgress(job: first, distinct: -5, raw: -240, resumeAt: nil)]
        case "more distinct than raw": return [JobProgress(job: first, distinct: 10, raw: 5, resumeAt: nil)]
        case "an option below zero": return [JobProgress(job: first, distinct: 0, raw: 0, resumeAt: [-1])]
        case "an option of Int.max": return [JobProgress(job: first, distinct: 0, raw: 0, resumeAt: [.max])]
        default: return [JobProgress(job: first, distinct: 0, raw: 0, resumeAt: Array(repeating: 0, count: 1_000_000))]
        }
    }

    @Test(arguments: [
        ("another shard's job", "is not one of this shard's"),
        ("a job twice", "appears twice"),
        ("a job index below zero", "is not one of this shard's"),
        ("a job index of Int.max", "is not one of this shard's"),
        ("counts near Int.max", "distinct and"),
        ("a negative count", "distinct and"),
        ("more distinct than raw", "do not go together"),
        ("an option below zero", "does not exist"),
        ("an option of Int.max", "does not exist"),
        ("a resume path of a million steps", "steps"),
    ])
    func impossibleProgressIsRefused(what: String, says: String) throws {
        let other = Self.partition.jobs(inShard: 1)[0]
        let why = Self.solver.damage(in: Self.edited(what, Self.done, other: other), shard: 0, of: Self.partition)
        #expect(why?.contains(says) == true, "\(what): \(why ?? "passed")")
    }

    /// A counting job (no symmetry test) finds distinct solutions only: raw is its multiplicity
    /// times distinct, exactly.
    @Test func rawMustBeTheMultiplicityTimesTheSolutions() throws {
        let plan = Self.partition.plan
        guard let j = Self.partition.jobs(inShard: 0).first(where: { plan.jobs[$0].check.isEmpty && plan.jobs[$0].multiplicity > 1 }),
              let saved = Self.done.first(where: { $0.job == j }) else { return }
        var edited = saved
        edited.raw += 1
        #expect(Self.solver.damage(in: [edited], shard: 0, of: Self.partition) != nil)
        edited = saved
        edited.distinct += 1
        #expect(Self.solver.damage(in: [edited], shard: 0, of: Self.partition) != nil)
    }
}
