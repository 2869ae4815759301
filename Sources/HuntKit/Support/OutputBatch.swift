import Foundation
import Synchronization

/// The files one run writes, replaced all together or not at all, and never over an input.
///
/// Each file is written to a temporary file beside its target — a new, unpredictable name opened
/// with `O_CREAT|O_EXCL|O_NOFOLLOW`, so a planted file or symlink is never written through — and
/// only `commit()` renames them into place, one after the other, once every file is complete.
/// Until then the old files stay as they were. On SIGINT or SIGTERM (see `handleInterrupts()`)
/// the temporary files, the lock and the folders the batch made are removed, and the message
/// says what was and was not replaced; a signal during the renames waits for them to finish.
///
///     let batch = OutputBatch(inputs: [huntURL])
///     try batch.stage([UInt8](pdf), to: url, displayPath: "sheets.pdf")
///     let written = try batch.commit()
package final class OutputBatch: Sendable {
    /// Everything the batch has staged; the interrupt registry holds it (never this handle), so
    /// no lock is ever held while a batch can be released, and no release runs a deinit that locks.
    private let files: StagedFiles

    /// `inputs` are the files the run reads; `inputFolders` the folders it judges (nothing may be
    /// written inside them). `destination` names, for messages, where the outputs go.
    public init(inputs: [URL] = [], inputFolders: [URL] = [], destination: String? = nil) {
        files = StagedFiles(inputs: inputs, inputFolders: inputFolders, destination: destination)
        StagedFiles.register(files)
    }

    deinit {
        // Not committed: its temporary files, lock and new folders go. The registry then lets go
        // of `files`, whose own release takes no lock.
        files.discard()
        StagedFiles.unregister(files)
    }

    /// Refuses `target` when it is an input of the run (the same file, or a link to it) or lies
    /// inside an input folder. A target that does not exist yet is judged by its resolved parent.
    public func check(_ target: URL, displayPath: String) throws(OutputError) { try files.check(target, displayPath: displayPath) }

    /// Makes `folder` and its missing parents; on an interrupt or `discard()` the ones made here
    /// are removed again if still empty.
    public func makeFolder(_ folder: URL, displayPath: String) throws(OutputError) { try files.makeFolder(folder, displayPath: displayPath) }

    /// Keeps other runs from writing into `folder` until this batch ends: a `.hunt.lock` file
    /// holding this process's id, locked with flock(2). Another run holding it is an error that
    /// names its pid. Also proves that files can be created in the folder. Once it holds the lock,
    /// it removes the temporary files a run killed outright (`kill -9`, a power cut) left there:
    /// no other run can be writing them.
    public func lockFolder(_ folder: URL, displayPath: String) throws(OutputError) { try files.lockFolder(folder, displayPath: displayPath) }

    /// Writes `bytes` to a new temporary file beside `target`; `commit()` renames it into place.
    /// With `replacing: false` the commit refuses to replace a file that exists by then. Returns
    /// the written file's stamp, which the rename keeps: what `target` holds once committed.
    @discardableResult
    public func stage(_ bytes: [UInt8], to target: URL, displayPath: String, replacing: Bool = true) throws(OutputError) -> FileStamp {
        try files.stage(chunks: [bytes], to: target, displayPath: displayPath, replacing: replacing)
    }

    /// `stage` for text written in pieces (a 20 MB results file need not be joined in memory
    /// first; a lazy sequence need not even be held whole: each piece is written as it comes).
    @discardableResult
    public func stage(chunks: some Sequence<[UInt8]>, to target: URL, displayPath: String, replacing: Bool = true) throws(OutputError) -> FileStamp {
        try files.stage(chunks: chunks, to: target, displayPath: displayPath, replacing: replacing)
    }

    /// Renames every staged file into place and returns their display paths, in order. The first
    /// failing rename stops it; the message says which files were replaced before it.
    @discardableResult
    public func commit() throws(OutputError) -> [String] { try files.commit() }

    /// Removes every temporary file, the lock and the folders made, if not committed.
    public func discard() { files.discard() }

    /// On SIGINT or SIGTERM: abandon every batch still staging (removing its temporary files, lock
    /// and new folders), wait for one being committed, print what was and was not replaced, and
    /// exit 130 (SIGINT) or 143 (SIGTERM). Call once, early; later calls do nothing.
    ///
    /// The signal handler itself only writes the signal's number to a pipe (write(2) is
    /// async-signal-safe); a thread reading the pipe does the rest, so it may take locks and
    /// allocate. (libdispatch's signal sources on Linux let a signal that lands on an unblocked
    /// thread take its default action, killing the run with its temporary files in place.)
    public static func handleInterrupts() { StagedFiles.handleInterrupts() }
}

/// The state of one `OutputBatch`: what it staged, the folders it made, its lock file, in a
/// `Mutex`; it has no deinit, so the registry may drop it while holding its own lock.
private final class StagedFiles: Sendable {
    /// An input of the run: an output that is (or links to) the same file is refused.
    private struct Input {
        var device: UInt64, inode: UInt64, displayPath: String, isFolder: Bool
    }

    private struct Staged {
        var temporary: String, target: String, displayPath: String, replacing: Bool
    }

    private enum State { case staging, committed, abandoned }

    /// What changes as the batch goes, all under one lock.
    private struct Ledger {
        var state = State.staging
        var staged: [Staged] = []
        var madeFolders: [String] = []
        var lockFile: (fd: Int32, path: String)?
        var committed: [String] = []

        /// What the interrupt message says.
        mutating func abandon() {
            guard state == .staging else { return }
            state = .abandoned
            for file in staged { unlink(file.temporary) }
            releaseLock()
            for folder in madeFolders.reversed() { rmdir(folder) }
        }

        mutating func releaseLock() {
            if let (fd, path) = lockFile {
                unlink(path)
                close(fd)
                lockFile = nil
            }
        }
    }

    private let ledger = Mutex(Ledger())
    private let inputs: [Input]
    /// What an interrupt message names as kept, e.g. `results/`.
    private let destination: String?

    init(inputs: [URL], inputFolders: [URL], destination: String?) {
        var found: [Input] = []
        for (url, isFolder) in inputs.map({ ($0, false) }) + inputFolders.map({ ($0, true) }) {
            var info = stat()
            if stat(url.path, &info) == 0 {
                found.append(
                    Input(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), displayPath: url.relativePathForDisplay, isFolder: isFolder))
            }
        }
        self.inputs = found
        self.destination = destination
    }

    /// Makes the batch known to the interrupt handler. A batch begun after an interrupt writes
    /// nothing: the process is about to end. (Its own lock is taken after the registry's is let
    /// go: elsewhere a batch's lock is held while the registry's is taken, never the other way.)
    static func register(_ files: StagedFiles) {
        let afterInterrupt = registry.withLock { registry in
            registry.batches[ObjectIdentifier(files)] = files
            return registry.interrupted
        }
        if afterInterrupt { files.ledger.withLock { $0.state = .abandoned } }
    }

    static func unregister(_ files: StagedFiles) {
        _ = registry.withLock { $0.batches.removeValue(forKey: ObjectIdentifier(files)) }
    }

    // MARK: Checks and folders

    func check(_ target: URL, displayPath: String) throws(OutputError) {
        var info = stat()
        if stat(target.path, &info) == 0,
            let input = inputs.first(where: { !$0.isFolder && $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) })
        {
            let same = input.displayPath == displayPath ? "" : " (`\(input.displayPath)`)"
            throw OutputError(
                path: displayPath, message: "is an input of this run\(same); writing there would destroy it: choose another output name")
        }
        // Walk up the existing ancestors: an output inside a judged folder would be judged next time.
        guard inputs.contains(where: \.isFolder) else { return }
        var folder = target.deletingLastPathComponent().standardizedFileURL
        while true {
            if stat(folder.path, &info) == 0,
                let input = inputs.first(where: { $0.isFolder && $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) })
            {
                throw OutputError(
                    path: displayPath,
                    message:
                        "is inside `\(input.displayPath)`, which this run reads; the next run would read it as input: write it outside that folder")
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
    }

    func makeFolder(_ folder: URL, displayPath: String) throws(OutputError) {
        var missing: [URL] = []
        var current = folder.standardizedFileURL
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: current.path, isDirectory: &isDirectory) {
            missing.append(current)
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { break }
            current = parent
        }
        if missing.isEmpty, !isDirectory.boolValue {
            throw OutputError(path: displayPath, message: "is a file, not a folder; give a folder (the outputs are written inside it)")
        }
        for url in missing.reversed() {
            try ledger.withLock { (ledger) throws(OutputError) in
                guard ledger.state == .staging else { throw Self.abandonedError(displayPath) }
                guard mkdir(url.path, 0o777) == 0 || errno == EEXIST else {
                    throw OutputError(path: displayPath, message: "cannot create the folder \(url.relativePathForDisplay) (\(Self.reason(errno)))")
                }
                ledger.madeFolders.append(url.path)
            }
        }
    }

    func lockFolder(_ folder: URL, displayPath: String) throws(OutputError) {
        // Under the ledger's lock, so an interrupt that abandoned the batch first leaves no lock file behind.
        try ledger.withLock { (ledger) throws(OutputError) in
            guard ledger.state == .staging else { throw Self.abandonedError(displayPath) }
            ledger.lockFile = try Self.takeLock(folder.appendingPathComponent(".hunt.lock").path, displayPath: displayPath)
        }
        Self.removeStaleTemporaries(in: folder.path)
    }

    /// Removes the plain files in `folder` named as `createTemporary` names them
    /// (`.<name>.<12 letters or digits>.tmp`); the names removed, sorted. Only for a folder whose
    /// lock is held.
    @discardableResult
    static func removeStaleTemporaries(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where isTemporaryName(name) {
            let path = (folder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    /// `.results.json.Ab3dE5fG7hJ9.tmp`: a dot, a name, a dot, 12 letters or digits, `.tmp`.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 19, bytes[0] == UInt8(ascii: "."), name.hasSuffix(".tmp") else { return false }
        let random = bytes[(bytes.count - 16)..<(bytes.count - 4)]
        return bytes[bytes.count - 17] == UInt8(ascii: ".")
            && random.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    private static func takeLock(_ path: String, displayPath: String) throws(OutputError) -> (fd: Int32, path: String) {
        for _ in 0..<10 {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard fd >= 0 else {
                throw OutputError(path: displayPath, message: "cannot write in this folder (\(Self.reason(errno))); choose another folder")
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                var bytes = [UInt8](repeating: 0, count: 32)
                let n = read(fd, &bytes, bytes.count)
                close(fd)
                let pid = n > 0 ? String(decoding: bytes[..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
                throw OutputError(
                    path: displayPath, message: "another run is writing here (pid \(pid)); wait for it to finish, or choose another folder")
            }
            // The holder before us may have removed the file after we opened it: lock the file that is there.
            var mine = stat(), there = stat()
            guard fstat(fd, &mine) == 0, lstat(path, &there) == 0, mine.st_dev == there.st_dev, mine.st_ino == there.st_ino else {
                close(fd)
                continue
            }
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(fd, 0)
            _ = pwrite(fd, text, text.count, 0)
            return (fd, path)
        }
        throw OutputError(path: displayPath, message: "another run keeps replacing the lock file \(path); wait for it to finish")
    }

    // MARK: Staging

    func stage(chunks: some Sequence<[UInt8]>, to target: URL, displayPath: String, replacing: Bool = true) throws(OutputError) -> FileStamp {
        try check(target, displayPath: displayPath)
        let (fd, temporary) = try createTemporary(beside: target, displayPath: displayPath)
        var info = stat()
        do throws(OutputError) {
            for chunk in chunks {
                let failure = chunk.withUnsafeBytes { Self.writeAll(fd, $0) }
                if failure != 0 { throw OutputError(path: displayPath, message: "cannot write the file (\(Self.reason(failure)))") }
            }
            guard fstat(fd, &info) == 0, close(fd) == 0 else {
                throw OutputError(path: displayPath, message: "cannot write the file (\(Self.reason(errno)))")
            }
        } catch {
            close(fd)
            ledger.withLock { ledger in
                _ = unlink(temporary)
                ledger.staged.removeAll { $0.temporary == temporary }
            }
            throw error
        }
        ledger.withLock { ledger in
            if let i = ledger.staged.firstIndex(where: { $0.temporary == temporary }) {
                ledger.staged[i].target = target.path
                ledger.staged[i].replacing = replacing
            }
        }
        return FileStamp(info)
    }

    private func createTemporary(beside target: URL, displayPath: String) throws(OutputError) -> (Int32, String) {
        let folder = target.deletingLastPathComponent().path
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return try ledger.withLock { (ledger) throws(OutputError) in
            guard ledger.state == .staging else { throw Self.abandonedError(displayPath) }
            for _ in 0..<100 {
                let random = String((0..<12).map { _ in letters.randomElement()! })
                let temporary = (folder as NSString).appendingPathComponent(".\(target.lastPathComponent).\(random).tmp")
                // 0666 less the umask, like any new file; never through a link, never an existing file.
                let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                if fd < 0, errno == EEXIST { continue }
                guard fd >= 0 else {
                    throw OutputError(
                        path: displayPath, message: "cannot write in \(URL(fileURLWithPath: folder).relativePathForDisplay) (\(Self.reason(errno)))")
                }
                ledger.staged.append(Staged(temporary: temporary, target: "", displayPath: displayPath, replacing: true))
                return (fd, temporary)
            }
            throw OutputError(path: displayPath, message: "cannot find a free temporary name in \(folder)")
        }
    }

    /// Writes every byte; 0, or the errno that stopped it.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return n == 0 ? EIO : errno }
            offset += n
        }
        return 0
    }

    // MARK: Commit

    func commit() throws(OutputError) -> [String] {
        try ledger.withLock { (ledger) throws(OutputError) in
            guard ledger.state == .staging else { throw Self.abandonedError(destination ?? "outputs") }
            // No fsync: rename(2) is what makes each swap atomic for readers and for Ctrl-C, and
            // flushing 20 MB to disk on every run costs more wall time than judging it.
            var done: [String] = []
            for (i, file) in ledger.staged.enumerated() {
                let ok: Bool
                if file.replacing {
                    ok = rename(file.temporary, file.target) == 0
                } else {
                    // link(2) refuses an existing name: a file that appeared meanwhile is kept.
                    ok = link(file.temporary, file.target) == 0
                    if ok { unlink(file.temporary) }
                }
                if !ok {
                    let reason = errno == EEXIST ? "it exists; nothing is overwritten" : Self.reason(errno)
                    for rest in ledger.staged[i...] { unlink(rest.temporary) }
                    ledger.staged = []
                    ledger.state = .abandoned
                    let kept = done.isEmpty ? "nothing was replaced" : "replaced only \(done.joined(separator: ", "))"
                    throw OutputError(path: file.displayPath, message: "cannot write the file (\(reason)); \(kept)")
                }
                done.append(file.displayPath)
            }
            ledger.state = .committed
            ledger.committed = done
            ledger.releaseLock()
            return done
        }
    }

    func discard() {
        ledger.withLock { $0.abandon() }
    }

    /// The error for a batch abandoned by `discard()`. A batch abandoned by an interrupt gives
    /// none: the interrupt handler is ending the process with the signal's status, and the calling
    /// thread waits for that instead of reporting an error of its own, which raced the handler to
    /// exit 1 first. (No deadlock: the handler has left this batch's lock, or never takes it —
    /// a batch begun after the interrupt is not among those it visits; a batch's lock is taken
    /// before the registry's, never after.)
    private static func abandonedError(_ displayPath: String) -> OutputError {
        if registry.withLock({ $0.interrupted }) { while true { pause() } }  // until the handler ends the process: a wait, not a poll
        return OutputError(path: displayPath, message: "the run was interrupted; nothing more is written")
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    // MARK: Interrupts

    private struct Registry {
        /// Every live batch's files, for the interrupt handler. Strong references to
        /// `StagedFiles`, never to an `OutputBatch`: dropping one here runs no deinit that locks
        /// (a weak reference to the batch, read under this lock, once made the last strong one,
        /// and the batch's deinit then took this lock again: a deadlock in `hunt serve`).
        var batches: [ObjectIdentifier: StagedFiles] = [:]
        /// Set by the interrupt handler.
        var interrupted = false
        /// Whether `handleInterrupts()` has set up its pipe and handlers.
        var handling = false
    }

    private static let registry = Mutex(Registry())

    /// What an interrupt does to this batch, as a sentence for the user.
    private func interrupt() -> String {
        ledger.withLock { ledger in
            switch ledger.state {
            case .committed:
                return "all outputs were already written (\(ledger.committed.joined(separator: ", ")))"
            case .abandoned:
                return ""
            case .staging:
                let kept =
                    destination.map { "; \($0) is as it was" }
                    ?? (ledger.staged.isEmpty ? "" : "; \(ledger.staged.map(\.displayPath).joined(separator: ", ")) kept as they were")
                ledger.abandon()
                return "nothing was written\(kept)"
            }
        }
    }

    /// See `OutputBatch.handleInterrupts()`.
    static func handleInterrupts() {
        let readEnd = registry.withLock { registry -> Int32? in
            guard !registry.handling else { return nil }
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { return nil }
            registry.handling = true
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            interruptPipe = fds[1]
            return fds[0]
        }
        guard let readEnd else { return }
        // Waits for a signal for the rest of the process: one of `BlockingWork`'s threads.
        BlockingWork.shared.start {
            var signo: UInt8 = 0
            while read(readEnd, &signo, 1) != 1 {}
            let batches = registry.withLock { registry in
                registry.interrupted = true
                return Array(registry.batches.values)
            }
            let said = batches.map { $0.interrupt() }.filter { !$0.isEmpty }
            let text = said.isEmpty ? "nothing was written" : said.joined(separator: "; ")
            FileHandle.standardError.write(Data("\ninterrupted: \(text)\n".utf8))
            // _exit: end now, not after atexit handlers while other threads carry on.
            _exit(128 + Int32(signo))
        }
        for signo in [SIGINT, SIGTERM] {
            signal(signo) { signo in
                var byte = UInt8(truncatingIfNeeded: signo)
                _ = Foundation.write(interruptPipe, &byte, 1)
            }
        }
    }
}

/// The write end of `handleInterrupts()`'s pipe; a plain global (statically initialised, no lazy
/// initialisation) because the signal handler reads it.
nonisolated(unsafe) private var interruptPipe: Int32 = -1

extension OutputBatch {
    /// Writes one file atomically: a batch of one, committed at once. With `makingFolder`, the
    /// file's missing folders are made first (and removed again if the write fails). Returns the
    /// stamp of the file written (an edit someone makes after the rename has another).
    @discardableResult
    public static func write(
        _ bytes: [UInt8], to url: URL, displayPath: String? = nil, inputs: [URL] = [],
        makingFolder: Bool = false
    ) throws(OutputError) -> FileStamp {
        let batch = OutputBatch(inputs: inputs)
        let displayPath = displayPath ?? url.relativePathForDisplay
        if makingFolder { try batch.makeParentFolder(of: url, displayPath: displayPath) }
        let stamp = try batch.stage(bytes, to: url, displayPath: displayPath)
        try batch.commit()
        return stamp
    }

    /// Makes the folder `file` goes in when it is missing (`hunt report --out rep/report.html`,
    /// `hunt sheets -o print/sheets.pdf`), as `makeFolder` does.
    public func makeParentFolder(of file: URL, displayPath: String) throws(OutputError) {
        let parent = file.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let shownParent = (displayPath as NSString).deletingLastPathComponent
        if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return }
            throw OutputError(
                path: displayPath, message: "`\(shownParent)` is a file, not a folder, so nothing can be written inside it; choose another path")
        }
        try makeFolder(parent, displayPath: shownParent)
    }
}

/// A file that could not be written, and what to do.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    /// The file as messages name it.
    public var path: String
    /// What went wrong, and what to do.
    public var message: String
    public var description: String { "\(path): error: \(message)" }
}
