internal import CSpawn
import Foundation

/// A short-lived child process that reads one open file and answers on stdout, run with
/// `posix_spawn`: the one file that sees `posix_spawn`, pipes, `poll`, `waitpid` and `setrlimit`.
///
/// The child gets the file as one descriptor (`as`), `/dev/null` as stdin, a pipe as stdout and
/// as stderr, and no other descriptor of the parent (`posix_spawn_file_actions_addclosefrom_np`;
/// a server's sockets stay its own). The parent reads both pipes up to their caps, and kills the
/// child (SIGKILL) when it outgrows them or outlives `wallSeconds`.
enum ChildProcess {
    /// How the child ended.
    enum End: Equatable, Sendable {
        case exited(Int32)
        case signal(Int32)
        /// Killed after `wallSeconds`.
        case timedOut
        /// Killed for writing more than the cap to stdout or stderr.
        case tooMuchOutput
    }

    struct Ended: Sendable {
        var end: End
        var stdout: [UInt8]
        var stderr: [UInt8]
    }

    struct SpawnError: Error, Sendable {
        var message: String
        init(_ what: String, _ code: Int32) { message = "\(what): \(String(cString: strerror(code)))" }
    }

    /// Runs `argv` (`argv[0]` is the executable's path) with `descriptor` as its descriptor
    /// `target`, and waits for it to end.
    static func run(
        _ argv: [String], descriptor: Int32, as target: Int32, maxStdoutBytes: Int, maxStderrBytes: Int,
        wallSeconds: Double
    ) throws(SpawnError) -> Ended {
        let out = try pipe(), err = try pipe()
        defer { close(out.read); close(err.read) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out.write, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write, 2)
        // dup2 onto itself clears close-on-exec too (glibc 2.29 and later).
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
        posix_spawn_file_actions_addclosefrom_np(&actions, target + 1)
        var pid: pid_t = 0
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ)
        close(out.write)
        close(err.write)
        guard spawned == 0 else { throw SpawnError("posix_spawn \(argv[0])", spawned) }
        return collect(
            pid: pid, stdout: out.read, stderr: err.read, maxStdoutBytes: maxStdoutBytes, maxStderrBytes: maxStderrBytes,
            deadline: ContinuousClock.now + .milliseconds(Int(wallSeconds * 1000)))
    }

    private static func pipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SpawnError("pipe", errno) }
        return (ends[0], ends[1])
    }

    /// Reads both pipes until they end and the child has exited, then reaps it; kills it at the
    /// deadline or when a pipe brings more than its cap. The child's end is one more descriptor
    /// in the same `poll` (a pidfd, Linux 5.3), so nothing here asks `waitpid` in a loop.
    private static func collect(
        pid: pid_t, stdout: Int32, stderr: Int32, maxStdoutBytes: Int, maxStderrBytes: Int,
        deadline: ContinuousClock.Instant
    ) -> Ended {
        var ended = Ended(end: .exited(0), stdout: [], stderr: [])
        var open = [stdout, stderr]
        let exit = childEnd(pid)
        defer { if exit >= 0 { close(exit) } }
        var status: Int32 = 0
        var reaped = false
        var killedFor: End?
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while killedFor == nil, !open.isEmpty || (exit >= 0 && !reaped) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { killedFor = .timedOut; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if exit >= 0, !reaped { fds.append(pollfd(fd: exit, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(
                &fds, nfds_t(fds.count), Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
            if ready < 0, errno != EINTR { killedFor = .exited(-1); break }
            for entry in fds where entry.revents != 0 {
                if entry.fd == exit {
                    reaped = waitpid(pid, &status, WNOHANG) == pid
                    continue
                }
                let n = read(entry.fd, &chunk, chunk.count)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                guard n > 0 else { open.removeAll { $0 == entry.fd }; continue }
                if entry.fd == stdout { ended.stdout += chunk[..<n] } else { ended.stderr += chunk[..<n] }
                if ended.stdout.count > maxStdoutBytes || ended.stderr.count > maxStderrBytes { killedFor = .tooMuchOutput }
            }
        }
        if killedFor == nil {
            // Without a pidfd (not Linux): both pipes have closed, so the child is ending.
            if !reaped { while waitpid(pid, &status, 0) < 0, errno == EINTR {} }
            return ended.with(end: end(of: status))
        }
        kill(pid, SIGKILL)
        if !reaped { while waitpid(pid, &status, 0) < 0, errno == EINTR {} }
        return ended.with(end: killedFor!)
    }

    /// A descriptor that polls readable when child `pid` ends, or -1 where the kernel has none.
    private static func childEnd(_ pid: pid_t) -> Int32 {
        #if os(Linux)
        hunt_pidfd_open(pid)
        #else
        -1
        #endif
    }

    private static func end(of status: Int32) -> End {
        // WIFEXITED / WTERMSIG, which Swift does not import (they are macros).
        status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signal(status & 0x7f)
    }

    /// Limits this process (the child, first thing): its address space, its CPU time (SIGXCPU
    /// at `cpuSeconds`, SIGKILL a second later) and no core file, each at most the limit it
    /// inherited (a process may lower its hard limits, not raise them).
    static func limitSelf(addressSpaceBytes: Int, cpuSeconds: Int) {
        func lower(_ resource: __rlimit_resource, to value: Int, hard: Int) {
            let id = __rlimit_resource_t(resource.rawValue)
            var limit = rlimit()
            getrlimit(id, &limit)
            limit.rlim_max = min(limit.rlim_max, rlim_t(max(0, hard)))
            limit.rlim_cur = min(limit.rlim_max, rlim_t(max(0, value)))
            setrlimit(id, &limit)
        }
        lower(RLIMIT_CORE, to: 0, hard: 0)
        lower(RLIMIT_AS, to: addressSpaceBytes, hard: addressSpaceBytes)
        lower(RLIMIT_CPU, to: max(1, cpuSeconds), hard: max(1, cpuSeconds) + 1)
    }
}

private extension ChildProcess.Ended {
    func with(end: ChildProcess.End) -> Self { var copy = self; copy.end = end; return copy }
}
