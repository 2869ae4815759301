import Foundation

// PLACEHOLDER until the geo issue fills it in: HuntLoader calls this after it has checked that
// the files exist, so reading `area:` and `places:` files plugs in here without touching the loader.
extension Hunt {
    /// Reads the files that `area:` and `places:` targets name, attaching their geometry.
    /// Returns diagnostics that name the file (and the feature) for anything wrong in them.
    public mutating func readTargetFiles() -> [Diagnostic] { [] }
}
