#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one folder a document's font files may come from, for documents that arrive from strangers (the server's
/// `--fonts DIR`): a path a document names resolves inside it or is refused, so that a document cannot make the
/// process read any other file (`../../etc/passwd`, `/etc/shadow`, or a symbolic link pointing out of the
/// folder).
public struct FontFolder: Sendable, Equatable {
    /// The folder's canonical path (symbolic links resolved, no trailing `/`).
    public let path: String

    /// The folder at `path`; `nil` when it does not exist or is not a folder.
    public init?(path: String) {
        guard let real = Self.canonicalPath(path) else { return nil }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.path = real == "/" ? "" : real
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
        if relativePath.hasPrefix("/") {
            throw refused("is an absolute path; font files are named relative to the fonts folder")
        }
        if relativePath.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            throw refused("leaves the fonts folder (\"..\")")
        }
        if relativePath.utf8.contains(0) { throw refused("contains a NUL character") }
        guard let real = Self.canonicalPath(path + "/" + relativePath) else {
            throw refused("is not a file in the fonts folder")
        }
        guard real.hasPrefix(path + "/") else { throw refused("leads out of the fonts folder") }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw refused("is not a file in the fonts folder")
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

/// Where the font files a document names may come from.
public enum FontFiles: Sendable {
    /// Any file, relative paths from this folder (`nil`: the working folder): the command line, whose user chose
    /// the document.
    case relativeTo(String?)
    /// Only files inside this folder: documents from strangers (the server's `--fonts DIR`).
    case inside(FontFolder)
    /// None: a document naming a font file is refused (a server started without a fonts folder).
    case none
}
