extension Int {
    /// `self + other`, held at `Int.max` or `Int.min` instead of trapping. Totals of points and
    /// counts use it: the hunt file bounds each value, but a hunt built in code or a hand-edited
    /// results.json may not, and no input may crash the tool.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self * other`, held at `Int.max` or `Int.min` instead of trapping.
    func multipliedClamped(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}

extension Sequence {
    /// The sum of `value` over the elements, held at the ends of `Int` instead of trapping.
    public func clampedSum(_ value: (Element) throws -> Int) rethrows -> Int {
        try reduce(0) { $0.addingClamped(try value($1)) }
    }
}
