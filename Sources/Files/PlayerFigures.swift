#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Polycube

/// The player's own figures: the files in the figures folder (`XDGPaths.figuresDirectory`,
/// where `soma design` saves), in any of the three formats, so that every command finds a saved
/// figure by its name as well as by its path.
///
/// `soma design` saves `NAME.figure` under a file name safe on a command line (`My Tower` is
/// `my-tower.figure`); designs saved before as `NAME.txt` read all the same.
public struct PlayerFigures: Sendable {
    /// The folder of the player's figures.
    public let directory: String

    public init(directory: String = XDGPaths.current.figuresDirectory) {
        self.directory = directory
    }

    /// One file of the folder, read or not.
    public struct File: Sendable {
        /// The file's name in the folder (`my-tower.figure`).
        public let fileName: String
        public let path: String
        /// The figure, or why the file cannot be read.
        public let figure: Result<Figure, FigureLoadFailure>

        /// The file name without its extension: what `soma figures` lists to type.
        public var stem: String {
            guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
            return String(fileName[..<dot])
        }
    }

    /// Why a file of the folder could not be read, in words.
    public struct FigureLoadFailure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The file names of the folder (not hidden, not folders), sorted; none when it is missing.
    public func fileNames() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { name in
            guard !name.hasPrefix(".") else { return false }
            // stat(2): FileManager's directory test needs ObjCBool, which only full Foundation has.
            var info = stat()
            return stat(directory + "/" + name, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
        }.sorted()
    }

    /// Every file of the folder, read, in file-name order.
    public func files() -> [File] {
        fileNames().map(read)
    }

    private func read(_ fileName: String) -> File {
        let path = directory + "/" + fileName
        do {
            return File(fileName: fileName, path: path, figure: .success(try FigureReader.load(path: path)))
        } catch {
            return File(fileName: fileName, path: path, figure: .failure(FigureLoadFailure(description: "\(error)")))
        }
    }

    /// A file name without its extension (`my-tower.figure` -> `my-tower`).
    static func stem(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }

    /// The file a command-line word names: its file name (`my-tower.figure`), the file name
    /// without extension (`my-tower`), or the figure's own name (`My Tower`, `my tower`: case
    /// does not matter). A word with a slash is a path, never looked up here. Nil when none is.
    public func find(_ name: String) -> File? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        let names = fileNames()
        if let exact = names.first(where: { $0 == name }) { return read(exact) }
        // By stem: a saved `.figure` wins over an older `.txt` of the same name.
        let stems = names.filter { Self.stem($0) == name }
        if let file = stems.first(where: { $0.hasSuffix(".figure") }) ?? stems.first { return read(file) }
        let wanted = name.lowercased()
        return files().first { file in
            if case .success(let figure) = file.figure { return figure.name.lowercased() == wanted }
            return false
        }
    }
}
