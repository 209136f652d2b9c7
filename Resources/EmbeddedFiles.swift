/// The catalog's text files, compiled in by SwiftPM's `.embedInCode` rule (see Package.swift).
///
/// The rule gives each file a Swift identifier made from its file name (a leading digit
/// becomes `_`, so `6x10.figure` is `_x10_figure`), which cannot be listed at run time: this
/// table names every figure file, in catalog order, under its command-line name. The
/// `Polycube` module decodes the text; this module only carries the bytes.
public enum EmbeddedFiles {
    /// Command-line name and UTF-8 text of each file in `Figures/`, in catalog order.
    public static let figures: [(name: String, bytes: [UInt8])] = [
        ("cube", PackageResources.cube_figure),
        ("apartment-building", PackageResources.apartment_building_figure),
        ("arch", PackageResources.arch_figure),
        ("bathtub", PackageResources.bathtub_figure),
        ("battleship", PackageResources.battleship_figure),
        ("bed", PackageResources.bed_figure),
        ("canal", PackageResources.canal_figure),
        ("castle", PackageResources.castle_figure),
        ("chair", PackageResources.chair_figure),
        ("church", PackageResources.church_figure),
        ("cornerstone", PackageResources.cornerstone_figure),
        ("crystal", PackageResources.crystal_figure),
        ("dog", PackageResources.dog_figure),
        ("duck", PackageResources.duck_figure),
        ("high-wall", PackageResources.high_wall_figure),
        ("poodle", PackageResources.poodle_figure),
        ("pyramid", PackageResources.pyramid_figure),
        ("skyscraper", PackageResources.skyscraper_figure),
        ("snake", PackageResources.snake_figure),
        ("steamer", PackageResources.steamer_figure),
        ("throne", PackageResources.throne_figure),
        ("tower", PackageResources.tower_figure),
        ("tugboat", PackageResources.tugboat_figure),
        ("tunnel", PackageResources.tunnel_figure),
        ("wall", PackageResources.wall_figure),
        ("well", PackageResources.well_figure),
        ("6x10", PackageResources._x10_figure),
        ("5x12", PackageResources._x12_figure),
        ("4x15", PackageResources._x15_figure),
        ("3x20", PackageResources._x20_figure),
        ("8x8-hole", PackageResources._x8_hole_figure),
        ("2x3x10", PackageResources._x3x10_figure),
        ("2x5x6", PackageResources._x5x6_figure),
        ("3x4x5", PackageResources._x4x5_figure),
        ("bedlam", PackageResources.bedlam_figure),
    ]

    /// `Pieces/bedlam.pieces`: the Bedlam cube's pieces.
    public static let bedlamPieces: [UInt8] = PackageResources.bedlam_pieces
}
