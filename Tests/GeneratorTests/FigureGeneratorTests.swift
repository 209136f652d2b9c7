import Dispatch
import Testing
import Polycube
import Solver
@testable import Generator

@Suite struct FigureGeneratorTests {
    /// The Soma pieces' shapes up to rotation, for telling which piece a generated piece is.
    static let somaShapes: [Shape] = PieceSet.soma.pieces.map { $0.shape.canonical(under: Isometry.rotations) }

    /// Every promise of a generated figure, re-checked from scratch: 27 cells joined face to
    /// face, the pieces it was built from are the seven Soma pieces exactly covering it and go
    /// down by the rule, and the solver's own count equals the one claimed.
    static func check(_ generated: GeneratedFigure) throws {
        let cells = generated.figure.cells
        #expect(cells.count == 27)
        #expect(Shape(cells).isConnected)
        #expect(cells.map(\.z).min() == 0)
        let pieceCells = generated.pieces.flatMap { $0 }
        #expect(pieceCells.count == 27 && Set(pieceCells) == Set(cells))
        let shapes = generated.pieces.map { Shape($0).canonical(under: Isometry.rotations) }
        #expect(Set(shapes) == Set(somaShapes) && shapes.count == 7)
        #expect(Buildability.buildOrder(generated.pieces) != nil)
        let recount = try Solver(generated.figure).count()
        #expect(recount == generated.count)
        #expect(generated.id == FigureID(cells: cells))
        #expect(generated.figure.name == generated.id.text)
    }

    @Test("200 seeds: every figure connected, buildable, with exactly the count it claims")
    func twoHundredSeeds() throws {
        var distinctCounts = Set<Int>()
        for seed in 0..<200 {
            let generated = try FigureGenerator.generate(GenerationRequest(), seed: UInt64(seed)).get()
            try Self.check(generated)
            distinctCounts.insert(generated.count.distinct)
        }
        // Not one shape over and over: the counts range widely.
        #expect(distinctCounts.count > 50)
    }

    @Test("unique figures have exactly one distinct solution, and it builds by the rule")
    func uniqueFigures() throws {
        for seed in 0..<12 {
            let generated = try FigureGenerator.generate(GenerationRequest(solutions: 1), seed: UInt64(seed)).get()
            try Self.check(generated)
            #expect(generated.count.distinct == 1)
            let solutions = try Solver(generated.figure).solutions(.raw)
            #expect(solutions.count == generated.count.raw)
            #expect(solutions.contains(where: Buildability.isBuildable))
        }
    }

    @Test("a request for N solutions gets exactly N; a grade request gets that grade")
    func requests() throws {
        for n in [2, 5] {
            let generated = try FigureGenerator.generate(GenerationRequest(solutions: n), seed: 11).get()
            #expect(generated.count.distinct == n)
            try Self.check(generated)
        }
        for grade in 1...5 {
            let generated = try FigureGenerator.generate(GenerationRequest(grade: grade), seed: 5).get()
            #expect(generated.grade.value == grade)
        }
    }

    @Test("a request no candidate meets fails with a message after its attempts")
    func impossibleRequest() throws {
        let result = try FigureGenerator.generate(GenerationRequest(solutions: 10_000, maxAttempts: 5), seed: 1)
        guard case .failure(let failure) = result else { Issue.record("expected a failure"); return }
        #expect(failure.attempts == 5)
        #expect(failure.description.hasPrefix("no figure with exactly 10000 solutions found in 5 attempts"))
    }

    @Test("the same seed gives the same bytes, on one thread or two, in any order")
    func determinism() throws {
        let request = GenerationRequest(solutions: 1)
        let once = try (0..<6).map { try FigureGenerator.generate(request, seed: 42, index: $0).get().fileText }
        let again = try (0..<6).map { try FigureGenerator.generate(request, seed: 42, index: $0).get().fileText }
        #expect(once == again)
        let slots = Slots(count: 6)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in stride(from: 5 - worker, through: 0, by: -2) {
                slots.set(index, try? FigureGenerator.generate(request, seed: 42, index: index).get().fileText)
            }
        }
        #expect(slots.values == once)
        #expect(Set(once).count == 6)
        // Pinned: the generator's output must not drift without a new version (DailyRule).
        #expect(once[0].hasPrefix("; A Soma figure made by `soma generate` (generator 1, seed 42, figure 1).\n"))
    }

    @Test("the file text reads back as the same figure, with its facts in the header")
    func fileText() throws {
        let generated = try FigureGenerator.generate(GenerationRequest(solutions: 1), seed: 7).get()
        let read = try FigureReader.read(text: generated.fileText, path: "g.figure")
        #expect(read.name == generated.id.text)
        #expect(FigureID(read) == generated.id)
        #expect(try Solver(read).count() == generated.count)
        #expect(generated.fileText.contains("; id \(generated.id); grade \(generated.grade.value) of 5; 1 distinct solution, \(generated.count.raw) raw.\n"))
    }

    @Test("the buildability rule: a piece with nothing under it and off the floor cannot go down")
    func buildabilityRule() {
        let floor = [Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0)]
        let onTop = [Cell(0, 0, 1), Cell(0, 1, 1)]            // rests on the floor piece's (0,0,0)
        let floating = [Cell(5, 5, 2), Cell(5, 6, 2)]         // nothing under it
        #expect(Buildability.buildOrder([onTop, floor]) == [1, 0])
        #expect(Buildability.buildOrder([floor, floating]) == nil)
    }
}

/// Results from worker threads, each in its slot.
private final class Slots: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var slots: [String?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: String?) { lock.wait(); slots[index] = value; lock.signal() }
    var values: [String?] { lock.wait(); defer { lock.signal() }; return slots }
}
