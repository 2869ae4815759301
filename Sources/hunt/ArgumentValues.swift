import ArgumentParser
import HuntKit
import HuntSheets

// The library's formats and sizes as option values: their cases are the words `--help` lists.
extension DiagnosticFormat: ExpressibleByArgument {}
extension PhotoOutputFormat: ExpressibleByArgument {}
extension HuntExportFormat: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}
extension ReportRequest.Table: ExpressibleByArgument {}
extension SheetFormat: ExpressibleByArgument {}
extension SheetSettings.Paper: ExpressibleByArgument {}
extension WhereaboutsFormat: ExpressibleByArgument {}

/// `hunt judge --format`, read by the library (see `JudgeOutputFormats`).
extension JudgeOutputFormats: ExpressibleByArgument {
    public init?(argument: String) { self.init(list: argument) }
    public static var allValueStrings: [String] { words }
    public var defaultValueDescription: String { list }
}
