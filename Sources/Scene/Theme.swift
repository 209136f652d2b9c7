/// The terminal's background, which the greys of the floor and of the figure's ghost are
/// chosen against: near-black greys vanish on a dark background's neighbours but would be
/// black blots on a light one.
public enum Theme: String, Hashable, Sendable, CaseIterable {
    case dark, light
}
