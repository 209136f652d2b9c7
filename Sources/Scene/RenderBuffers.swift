#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory a picture is drawn in, kept from one frame to the next by whoever draws the
/// frames (a game screen, the benchmark): the sample grid, the faces, the hit ids, the
/// canvas's cells and the block encoder's table of choices.
///
/// A sextant frame of 200x60 cells takes 1.6 MB (the 864 KB sample grid and the 770 KB of
/// cells). Made and freed every frame, that is past glibc's trim threshold: the heap was given
/// back to the kernel each frame and page-faulted in again, which took longer than the drawing
/// (issue 34). Kept here, a frame of the same size allocates no large block at all.
///
/// The owner's copies share one set (a game screen is a value, copied freely): each render
/// takes the set out under a lock and puts it back, and a render that finds it taken (two
/// threads drawing copies of one screen at once) draws in fresh memory. The canvas a frame
/// returns shares its cells with the set until the frame is dropped; a frame kept past the
/// next render costs that render a fresh canvas, never a wrong picture.
public final class RenderBuffers: @unchecked Sendable {
    /// What one render works in; moved out of the set and back, so that each array is uniquely
    /// held while it is written and never copied.
    struct Storage {
        var samples: [SceneSample] = []
        var ids: [HitID] = []
        var faces: [Rasterizer.Face] = []
        var depths: [Double] = []
        var order: [Int] = []
        var cells: [TerminalCell] = []
        /// The block encoder's choices, by the cells' kind and the background they were made
        /// for (a choice depends on nothing else but the colours it is looked up by).
        var choices = BlockEncoder.Choices()
        /// The last frame's looks, used again while the style and the pieces' colours and marks
        /// stay the same (the looks depend on nothing else): some 400 looks made per frame.
        var looks: KeptLooks?
    }

    /// A frame's look table and what it was made from.
    struct KeptLooks {
        var style: RenderStyle
        var parts: [(color: PieceColor, marks: ScenePiece.Marks)]
        var table: LookTable

        init(_ table: LookTable, model: SceneModel, style: RenderStyle) {
            self.style = style
            parts = model.pieces.map { ($0.color, $0.marks) }
            self.table = table
        }

        /// Whether the table is the one `model` in `style` would make.
        func fits(_ model: SceneModel, _ style: RenderStyle) -> Bool {
            guard style == self.style, model.pieces.count == parts.count else { return false }
            for (piece, part) in zip(model.pieces, parts) where piece.color != part.color || piece.marks != part.marks { return false }
            return true
        }
    }

    /// Allocated once and never moved, as a pthread mutex must be.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var storage: Storage? = Storage()

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The set, or fresh memory while another render has it.
    func take() -> Storage {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var taken: Storage? = nil
        swap(&taken, &storage)
        return taken ?? Storage()
    }

    /// Puts the set back for the next render (the caller drops its copy, so the arrays are
    /// held once again).
    func give(_ returned: Storage) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        storage = returned
    }
}

/// Moves the array out of `array`, leaving it empty: the one taken is then held once, so
/// writing it copies nothing.
@inline(__always)
func moveOut<T>(_ array: inout [T]) -> [T] {
    var out: [T] = []
    swap(&out, &array)
    return out
}
