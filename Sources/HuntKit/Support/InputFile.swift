#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input could not be opened or read, worded for a person: the file, what is wrong, what to do.
package struct InputFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it was, for callers that treat some differently.
    public enum Reason: String, Sendable, Hashable {
        /// Nothing at that path (or a folder on the way is missing).
        case notFound = "not-found"
        /// The operating system refused to open it.
        case permissionDenied = "permission-denied"
        /// A folder where a file was wanted.
        case isFolder = "is-folder"
        /// A device, FIFO or socket: reading one could hang or never end.
        case notRegularFile = "not-a-regular-file"
        /// A symbolic link inside a folder the input must stay in.
        case symbolicLink = "symbolic-link"
        /// An absolute path or `..` where a path inside a folder was wanted.
        case leavesFolder = "leaves-folder"
        /// Larger than the limit for this kind of input.
        case tooLarge = "too-large"
        /// The operating system reported an error while reading.
        case io = "io-error"
    }

    /// The file as messages name it.
    public var path: String
    /// What kind of failure it was.
    public var reason: Reason
    /// What is wrong, e.g. "is a device, FIFO or socket, not a regular file".
    public var message: String
    /// What to do.
    public var fix: String

    /// `path: error: message — fix`.
    public var description: String { "\(path): error: \(message) — \(fix)" }

    /// The error as a diagnostic about the file, with a stable code.
    public var diagnostic: Diagnostic {
        .error(code, message, at: SourceLocation(file: path), fix: fix)
    }

    /// The diagnostic code for this reason (kept to the codes scripts already match where one existed).
    public var code: DiagnosticCode {
        switch reason {
        case .notFound: "file-not-found"
        case .isFolder, .notRegularFile: "not-a-file"
        case .tooLarge: "file-too-large"
        case .leavesFolder: "path-outside"
        case .symbolicLink: "symbolic-link"
        case .permissionDenied, .io: "unreadable"
        }
    }
}

/// An input file opened read-only: the one way HuntKit opens anything it reads.
///
/// Every open uses `O_NONBLOCK` (a FIFO with no writer does not hang the open) and `O_CLOEXEC`,
/// then `fstat`s the descriptor and refuses anything that is not a regular file, so a device such
/// as `/dev/zero` or a FIFO is never read. Whole-file reads stop at a stated limit. Opened
/// `inside:` a folder, every component of the path is opened with `openat` and `O_NOFOLLOW`
/// from that folder's descriptor: a symbolic link, an absolute path or `..` is refused, and a file
/// swapped for a link after a folder was listed is refused at the read.
///
/// The descriptor is closed when the value is released.
package final class InputFile: Sendable {
    let descriptor: Int32
    /// Size in bytes when opened.
    public let size: UInt64
    /// The file as messages name it.
    public let displayPath: String
    /// Which file this is and how it was when opened, for caches that must notice a change.
    public let stamp: FileStamp

    private init(descriptor: Int32, size: UInt64, displayPath: String, stamp: FileStamp) {
        self.descriptor = descriptor
        self.size = size
        self.displayPath = displayPath
        self.stamp = stamp
    }

    deinit { close(descriptor) }

    /// Opens a path the user gave (a symbolic link they name is theirs to follow).
    /// - Parameters:
    ///   - path: the file, as the user gave it.
    ///   - displayPath: how messages name the file (default: `path`).
    public convenience init(path: String, displayPath: String? = nil) throws(InputFileError) {
        let displayPath = displayPath ?? path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Self.openError(errno, displayPath: displayPath) }
        try self.init(checking: fd, displayPath: displayPath)
    }

    /// Opens `relativePath` (`/`-separated, written as `PathText` escapes it) inside `folder`,
    /// refusing links, absolute paths and `..`.
    public convenience init(_ relativePath: String, inside folder: InputFolder, displayPath: String? = nil) throws(InputFileError) {
        let displayPath = displayPath ?? relativePath
        let (parent, name) = try folder.openParent(of: relativePath, displayPath: displayPath)
        try self.init(name: name, in: parent ?? folder, displayPath: displayPath)
    }

    /// Opens `name` (one component, escaped) in `folder`, without following a link. The folder is
    /// passed as the object, not its descriptor, so it stays open for the call.
    convenience init(name: String, in folder: InputFolder, displayPath: String) throws(InputFileError) {
        let fd = PathText.withRawName(name) { openat(folder.descriptor, $0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW) }
        guard fd >= 0 else { throw Self.openError(errno, displayPath: displayPath) }
        try self.init(checking: fd, displayPath: displayPath)
    }

    /// Takes `fd`, a descriptor this process was given open (a child process's photo), checking it
    /// as every open is checked: a regular file, or refused.
    convenience init(inherited fd: Int32, displayPath: String) throws(InputFileError) {
        try self.init(checking: fd, displayPath: displayPath)
    }

    private convenience init(checking fd: Int32, displayPath: String) throws(InputFileError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let saved = errno
            close(fd)
            throw Self.openError(saved, displayPath: displayPath)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            self.init(descriptor: fd, size: UInt64(max(0, Int64(info.st_size))), displayPath: displayPath, stamp: FileStamp(info))
        case S_IFDIR:
            close(fd)
            throw InputFileError(path: displayPath, reason: .isFolder, message: "is a folder, not a file", fix: "name a file inside it")
        default:
            close(fd)
            throw Self.notRegular(displayPath)
        }
    }

    /// The whole file, refusing one larger than `limitBytes`. `what` names the kind of input for the message ("hunt file").
    public func readAll(limitBytes: Int, what: String) throws(InputFileError) -> [UInt8] {
        guard size <= UInt64(limitBytes) else {
            throw InputFileError(
                path: displayPath, reason: .tooLarge,
                message: "is \(Self.describe(bytes: size)); a \(what) may be at most \(Self.describe(bytes: UInt64(limitBytes)))",
                fix: "is this really a \(what)? Check the path")
        }
        // The file may have grown since fstat: read one byte past the limit to notice.
        let bytes = try read(at: 0, count: Int(size) + 1)
        guard bytes.count <= limitBytes else {
            throw InputFileError(
                path: displayPath, reason: .tooLarge,
                message: "grew past \(Self.describe(bytes: UInt64(limitBytes))) while being read; a \(what) may be at most that",
                fix: "wait until the file is complete, then run again")
        }
        return bytes
    }

    /// Up to `count` bytes from `offset` (fewer only at the end), with `pread`: no shared file
    /// position, so one file may be read from many threads.
    public func read(at offset: UInt64, count: Int) throws(InputFileError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32?
        // Uninitialized: pread fills it, so there is no point clearing 64 KiB first.
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            (initialized, failure) = fill(UnsafeMutableRawBufferPointer(raw), from: offset)
        }
        if let failure { throw readError(failure) }
        return buffer
    }

    /// As `read(at:count:)`, into `buffer`, whose storage is reused when it is not shared (a
    /// reader going through many files keeps a few buffers rather than allocating each time);
    /// `buffer` then holds the bytes read.
    func read(at offset: UInt64, count: Int, into buffer: inout [UInt8]) throws(InputFileError) {
        // Only what the buffer grows by is cleared; pread overwrites the rest.
        if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
        let (filled, failure) = buffer.withUnsafeMutableBytes { fill(UnsafeMutableRawBufferPointer(rebasing: $0[..<count]), from: offset) }
        buffer.removeLast(buffer.count - filled)
        if let failure { throw readError(failure) }
    }

    /// `pread`s until `raw` is full or the file ends: how many bytes came, and the `errno` that stopped it early.
    private func fill(_ raw: UnsafeMutableRawBufferPointer, from offset: UInt64) -> (filled: Int, failure: Int32?) {
        var filled = 0
        while filled < raw.count {
            let n = pread(descriptor, raw.baseAddress! + filled, raw.count - filled, off_t(offset) + off_t(filled))
            if n < 0 {
                if errno == EINTR { continue }
                return (filled, errno)
            }
            if n == 0 { break }
            filled += n
        }
        return (filled, nil)
    }

    private func readError(_ code: Int32) -> InputFileError {
        InputFileError(
            path: displayPath, reason: .io, message: "could not be read: \(String(cString: strerror(code)))",
            fix: "check the disk or network share and try again")
    }

    /// Reads a whole file the user named; see `readAll(limitBytes:what:)`.
    public static func read(path: String, displayPath: String? = nil, limitBytes: Int, what: String) throws(InputFileError) -> [UInt8] {
        try InputFile(path: path, displayPath: displayPath).readAll(limitBytes: limitBytes, what: what)
    }

    /// Standard input, read to its end but at most `limitBytes` (a pipe has no size to check first;
    /// `hunt where --positions - < /dev/zero` stops at the limit instead of filling memory).
    public static func readStandardInput(displayPath: String = "<stdin>", limitBytes: Int, what: String) throws(InputFileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limitBytes {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputFileError(
                    path: displayPath, reason: .io, message: "could not be read: \(String(cString: strerror(errno)))",
                    fix: "check what is piped in")
            }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
        throw InputFileError(
            path: displayPath, reason: .tooLarge, message: "holds more than \(describe(bytes: UInt64(limitBytes))); a \(what) may be at most that",
            fix: "is this really a \(what)? Check what is piped in")
    }

    static func notRegular(_ displayPath: String) -> InputFileError {
        InputFileError(
            path: displayPath, reason: .notRegularFile, message: "is a device, FIFO or socket, not a regular file",
            fix: "give a regular file (copy the data into one)")
    }

    static func openError(_ code: Int32, displayPath: String) -> InputFileError {
        switch code {
        case ENOENT, ENOTDIR:
            return InputFileError(path: displayPath, reason: .notFound, message: "no such file", fix: "check the path")
        case EACCES, EPERM:
            return InputFileError(
                path: displayPath, reason: .permissionDenied, message: "may not be read (permission denied)",
                fix: "make the file readable (chmod +r)")
        case ELOOP, EMLINK:
            return InputFileError(
                path: displayPath, reason: .symbolicLink, message: "is a symbolic link; links are not followed here",
                fix: "copy the file in instead of linking to it")
        case ENXIO, EOPNOTSUPP, ENODEV:
            return notRegular(displayPath)
        default:
            return InputFileError(
                path: displayPath, reason: .io, message: "could not be opened: \(String(cString: strerror(code)))",
                fix: "check the path and the disk")
        }
    }

    static func describe(bytes: UInt64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}

/// A folder that inputs must stay inside (the submissions folder, a hunt file's folder), opened
/// once; files are opened relative to it with `InputFile(_:inside:)`.
package final class InputFolder: Sendable, Hashable {
    let descriptor: Int32
    /// The folder as messages name it.
    public let displayPath: String
    /// The path it was opened at (sub-folders: the path they were reached by).
    public let path: String

    public static func == (a: InputFolder, b: InputFolder) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Opens the folder at `path` (a link the user names is followed; nothing below it is).
    public init(path: String, displayPath: String? = nil) throws(InputFileError) {
        let displayPath = displayPath ?? path
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOTDIR {
                throw InputFileError(path: displayPath, reason: .notRegularFile, message: "is not a folder", fix: "give a folder")
            }
            throw InputFile.openError(errno, displayPath: displayPath)
        }
        descriptor = fd
        self.displayPath = displayPath
        self.path = path
    }

    private init(descriptor: Int32, displayPath: String, path: String) {
        self.descriptor = descriptor
        self.displayPath = displayPath
        self.path = path
    }

    deinit { close(descriptor) }

    /// The sub-folder `name` (one escaped component), not following a link.
    func subfolder(_ name: String, displayPath: String) throws(InputFileError) -> InputFolder {
        let fd = PathText.withRawName(name) { openat(descriptor, $0, O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK) }
        guard fd >= 0 else {
            let saved = errno
            // O_DIRECTORY reports a link as "not a folder": say which it is.
            if saved == ENOTDIR || saved == ELOOP, kind(of: name) == .symbolicLink { throw InputFile.openError(ELOOP, displayPath: displayPath) }
            if saved == ENOTDIR {
                throw InputFileError(
                    path: displayPath, reason: .notFound, message: "no such file (a file is where a folder was expected)", fix: "check the path")
            }
            throw InputFile.openError(saved, displayPath: displayPath)
        }
        return InputFolder(descriptor: fd, displayPath: displayPath, path: path + "/" + name)
    }

    /// The sub-folder at `relativePath` (escaped, `/`-separated), every component opened without following a link.
    public func folder(at relativePath: String, displayPath: String) throws(InputFileError) -> InputFolder {
        let (parent, name) = try openParent(of: relativePath, displayPath: displayPath)
        return try (parent ?? self).subfolder(name, displayPath: displayPath)
    }

    /// What `relativePath` is, not following links on the way or at the end.
    func kind(ofPath relativePath: String) -> EntryKind {
        guard let (parent, name) = try? openParent(of: relativePath, displayPath: relativePath) else { return .other }
        return (parent ?? self).kind(of: name) ?? .other
    }

    /// The folder holding the last component of `relativePath` (nil: this folder) and that component.
    func openParent(of relativePath: String, displayPath: String) throws(InputFileError) -> (InputFolder?, String) {
        let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        guard !relativePath.hasPrefix("/"), let last = parts.last, !parts.contains("..") else {
            throw InputFileError(
                path: displayPath, reason: .leavesFolder, message: "leaves the folder \(self.displayPath)",
                fix: "give a path inside \(self.displayPath), without `..`")
        }
        var folder: InputFolder?
        for part in parts.dropLast() where part != "." {
            folder = try (folder ?? self).subfolder(String(part), displayPath: displayPath)
        }
        return (folder, String(last))
    }

    /// The entries of the folder, names escaped (`PathText`), with their kinds; nil when it cannot be listed.
    func entries() -> [(name: String, kind: EntryKind)]? {
        let fd = dup(descriptor)
        guard fd >= 0 else { return nil }
        guard let dir = fdopendir(fd) else {
            close(fd)
            return nil
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var result: [(String, EntryKind)] = []
        while let entry = readdir(dir) {
            let (name, kind) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, EntryKind) in
                let bytes = raw.prefix { $0 != 0 }
                return (PathText.escape(bytes), EntryKind(Int32(entry.pointee.d_type)))
            }
            if name == "." || name == ".." { continue }
            result.append((name, kind == .unknown ? self.kind(of: name) ?? .other : kind))
        }
        return result
    }

    /// An entry's stamp, by `fstatat` without following a link; nil when there is none.
    func stamp(of name: String) -> FileStamp? {
        var info = stat()
        guard PathText.withRawName(name, { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        return FileStamp(info)
    }

    /// What an entry is, by `fstatat` without following a link; nil when there is none.
    func kind(of name: String) -> EntryKind? {
        var info = stat()
        guard PathText.withRawName(name, { fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    enum EntryKind: Sendable, Hashable {
        case file, directory, symbolicLink, other, unknown
        init(_ type: Int32) {
            switch type {
            case Int32(DT_REG): self = .file
            case Int32(DT_DIR): self = .directory
            case Int32(DT_LNK): self = .symbolicLink
            case Int32(DT_UNKNOWN): self = .unknown
            default: self = .other
            }
        }
    }
}

/// A file's identity (device and inode), size and modification time, as `stat` gives them: two
/// equal stamps mean the same file, most likely unchanged.
package struct FileStamp: Sendable, Hashable {
    /// The device the file is on.
    public var device: UInt64
    /// The file's inode on that device.
    public var inode: UInt64
    /// Its size, bytes.
    public var sizeBytes: Int64
    /// When it was last modified, nanoseconds since 1970.
    public var modifiedNanoseconds: Int64
}

extension FileStamp {
    /// The stamp of what `stat` reported (internal: no C type in the public API).
    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            sizeBytes: Int64(info.st_size), modifiedNanoseconds: Int64(modified.tv_sec) &* 1_000_000_000 &+ Int64(modified.tv_nsec))
    }

    /// The stamp of what is at `path`, not following a final link; nil when nothing is there.
    public static func of(path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }
}
