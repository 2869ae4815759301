extension ConnectionGuard {
    /// Whose allowance a connection counts against, told from its latest request head.
    enum Holder: Hashable, Sendable {
        /// The judge's token: counted against nothing but the total.
        case judge
        /// A team's room (`/t/TOKEN/…`): that team's allowance, wherever its phones are.
        case team(String)
        /// The leaderboard's token: one allowance for every screen showing it.
        case viewer
        /// No valid token, or no request head yet: the client address's allowance.
        case address(String)
    }

    /// The open connections and whose they are, apart from the channels themselves, so that
    /// the order in which they make way is a value a test can pin.
    ///
    /// A new connection is taken in unless the total is reached and every connection is busy;
    /// at the total it takes the place of the oldest idle connection, a judge's last. It counts
    /// against its address until its first request head says whose it is. When a request would
    /// put its holder over the allowance, the holder's oldest idle connection makes way; when
    /// none is idle the request is refused (the handler answers 429 and closes). So one address,
    /// team or leaderboard screen that holds its whole allowance holds only its own.
    struct Ledger<Key: Hashable> {
        struct Entry {
            let address: String
            /// When it was taken in: lower is older.
            let order: UInt64
            var holder: Holder
            var requestsInProgress = 0
            /// It has carried the judge's token: it makes way last.
            var judge = false

            var idle: Bool { requestsInProgress == 0 }
        }

        enum Answer: Equatable {
            /// Take it (or go on with the request); close `evicting` first.
            case go(evicting: [Key])
            /// Close it (at accept) or answer the request with 429 and close it.
            case refuse
        }

        let limits: Limits
        private(set) var open: [Key: Entry] = [:]
        private var byHolder: [Holder: Set<Key>] = [:]
        private var opened: UInt64 = 0

        init(limits: Limits) { self.limits = limits }

        /// The most connections `holder` may keep; nil for no bound but the total.
        func allowance(_ holder: Holder) -> Int? {
            switch holder {
            case .judge: nil
            case .team: limits.perTeam
            case .viewer: limits.viewers
            case .address: limits.perAddress
            }
        }

        /// How many open connections count against `holder`.
        func count(_ holder: Holder) -> Int { byHolder[holder]?.count ?? 0 }

        /// A connection from `address` has opened.
        mutating func admit(_ key: Key, address: String) -> Answer {
            guard open[key] == nil else { return .go(evicting: []) }
            var evicting: [Key] = []
            if open.count >= limits.total {
                let victim = open.filter { $0.value.idle }.min { ($0.value.judge ? 1 : 0, $0.value.order) < ($1.value.judge ? 1 : 0, $1.value.order) }
                guard let victim else { return .refuse }
                forget(victim.key)
                evicting.append(victim.key)
            }
            let holder = Holder.address(address)
            if let allowance = allowance(holder), count(holder) >= allowance, let victim = oldestIdle(of: holder, besides: key) {
                forget(victim)
                evicting.append(victim)
            }
            opened += 1
            open[key] = Entry(address: address, order: opened, holder: holder)
            byHolder[holder, default: []].insert(key)
            return .go(evicting: evicting)
        }

        /// A request head has come on `key`, for `holder` (nil: no valid token).
        mutating func began(_ key: Key, holder asked: Holder?) -> Answer {
            guard let entry = open[key] else { return .refuse }
            let holder = asked ?? .address(entry.address)
            var evicting: [Key] = []
            if let allowance = allowance(holder), count(holder) - (entry.holder == holder ? 1 : 0) >= allowance {
                guard let victim = oldestIdle(of: holder, besides: key) else { return .refuse }
                forget(victim)
                evicting.append(victim)
            }
            byHolder[entry.holder]?.remove(key)
            byHolder[holder, default: []].insert(key)
            open[key]?.holder = holder
            open[key]?.requestsInProgress += 1
            if holder == .judge { open[key]?.judge = true }
            return .go(evicting: evicting)
        }

        /// A response has ended on `key`.
        mutating func ended(_ key: Key) {
            if let n = open[key]?.requestsInProgress, n > 0 { open[key]?.requestsInProgress = n - 1 }
        }

        /// `key` has closed.
        mutating func forget(_ key: Key) {
            guard let entry = open.removeValue(forKey: key) else { return }
            byHolder[entry.holder]?.remove(key)
            if byHolder[entry.holder]?.isEmpty == true { byHolder[entry.holder] = nil }
        }

        private func oldestIdle(of holder: Holder, besides key: Key) -> Key? {
            var oldest: (key: Key, order: UInt64)?
            for other in byHolder[holder] ?? [] where other != key {
                guard let entry = open[other], entry.idle, entry.order < oldest?.order ?? .max else { continue }
                oldest = (other, entry.order)
            }
            return oldest?.key
        }
    }
}
