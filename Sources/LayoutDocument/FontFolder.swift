#if canImport(Glibc)
import Glibc
import LayoutJSON
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one folder a document's font files (or its image files) may come from, for documents that arrive from
/// strangers (the server's `--fonts DIR` and `--images DIR`): a path a document names resolves inside it or is
/// refused, so that a document cannot make the process read any other file (`../../etc/passwd`, `/etc/shadow`, or a
/// symbolic link pointing out of the folder).
public struct FontFolder: Sendable, Equatable {
    /// The folder's canonical path (symbolic links resolved, no trailing `/`).
    public let path: String
    /// What the folder holds, as messages name it: `font` (messages say "font files", "the fonts folder") or
    /// `image`.
    public let kind: String

    /// The folder at `path` holding files of `kind` (`font`, `image`); `nil` when it does not exist or is not a
    /// folder.
    public init?(path: String, kind: String = "font") {
        guard let real = Self.canonicalPath(path) else { return nil }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.path = real == "/" ? "" : real
        self.kind = kind
    }

    /// Why a path was refused: the message of a document error, for the reader to put after the JSON path of the
    /// `file` key.
    public struct Refusal: Error, Sendable, Equatable {
        /// E.g. `"../x.ttf" leaves the fonts folder ("..")`.
        public let message: String
    }

    /// The canonical path of the file `relativePath` names inside the folder.
    public func resolve(_ relativePath: String) throws(Refusal) -> String {
        func refused(_ reason: String) -> Refusal {
            Refusal(message: "\(jsonString(relativePath)) \(reason)")
        }
        if relativePath.isEmpty { throw refused("is empty") }
        let folder = "the \(kind)s folder"
        if relativePath.hasPrefix("/") {
            throw refused("is an absolute path; \(kind) files are named relative to \(folder)")
        }
        if relativePath.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            throw refused("leaves \(folder) (\"..\")")
        }
        if relativePath.utf8.contains(0) { throw refused("contains a NUL character") }
        guard let real = Self.canonicalPath(path + "/" + relativePath) else {
            throw refused("is not a file in \(folder)")
        }
        guard real.hasPrefix(path + "/") else { throw refused("leads out of \(folder)") }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw refused("is not a file in \(folder)")
        }
        return real
    }

    /// The path with every symbolic link, `.` and `..` resolved; `nil` when it does not exist.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Where the font files (or the image files) a document names may come from.
public enum FontFiles: Sendable {
    /// Any file, relative paths from this folder (`nil`: the working folder): the command line, whose user chose
    /// the document.
    case relativeTo(String?)
    /// Only files inside this folder: documents from strangers (the server's `--fonts DIR`, `--images DIR`).
    case inside(FontFolder)
    /// None: a document naming such a file is refused (a server started without a fonts or images folder).
    case none
}

extension FontFiles {
    /// The path to open for the file a document names as `file`; `nil` when no file may be named (``none``).
    func resolve(_ file: String) throws(FontFolder.Refusal) -> String? {
        switch self {
        case .relativeTo(let baseFolder): file.hasPrefix("/") || baseFolder == nil ? file : baseFolder! + "/" + file
        case .inside(let folder): try folder.resolve(file)
        case .none: nil
        }
    }
}

/// Where the image files a document names may come from: the same choices as for its fonts (`data:` URLs need no
/// file and are always accepted).
public typealias ImageFiles = FontFiles
