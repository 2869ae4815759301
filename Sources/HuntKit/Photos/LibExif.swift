internal import CEXIF
import Foundation

/// The one place that talks to libexif: loads an EXIF block with `exif_data_load_data` and copies
/// the entries HuntKit needs out as `RawExif`.
///
/// - Options: neither `FOLLOW_SPECIFICATION` (it would add default entries and drop others) nor
///   `IGNORE_UNKNOWN_TAGS` (newer tags such as GPSHPositioningError must survive).
/// - A log records what libexif complains about (corrupt maker notes, bad offsets) as warnings; it
///   never aborts the load.
/// - GPS entries come from the GPS IFD's own content (`data->ifd[EXIF_IFD_GPS]`), never from a
///   search over all IFDs.
enum LibExif {
    /// Log messages kept per file.
    static let maxLogMessages = 8

    /// Decodes a TIFF-structured block (starting `II*\0` or `MM\0*`, at most `TIFFReader.libexifLimit`
    /// bytes); nil when libexif finds no IFD at all.
    static func decode(_ block: [UInt8]) -> RawExif? {
        guard block.count >= 8 else { return nil }
        guard let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)

        let recorder = LogRecorder()
        let log = exif_log_new()
        if let log {
            exif_log_set_func(log, logCallback, Unmanaged.passUnretained(recorder).toOpaque())
            exif_data_log(data, log)
        }
        defer { if let log { exif_log_unref(log) } }

        // `exif_data_load_data` wants the APP1 form: `Exif\0\0` then the TIFF structure.
        var buffer = JPEGReader.exifHeader
        buffer.reserveCapacity(block.count + 6)
        buffer += block
        buffer.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }

        var raw = RawExif(bigEndian: exif_data_get_byte_order(data) == EXIF_BYTE_ORDER_MOTOROLA)
        let ifds = data.pointee.ifd
        raw.ifd0 = entries(ifds.0, RawExif.ifd0Tags)
        raw.exif = entries(ifds.2, RawExif.exifTags)
        raw.gps = entries(ifds.3, nil)
        raw.hasThumbnail = data.pointee.data != nil && data.pointee.size > 0
        raw.log = recorder.messages
        let any = [ifds.0, ifds.1, ifds.2, ifds.3].contains { ($0?.pointee.count ?? 0) > 0 }
        return any ? raw : nil
    }

    private static func entries(_ content: UnsafeMutablePointer<ExifContent>?, _ wanted: Set<UInt16>?) -> [UInt16: RawExif.Entry] {
        guard let content, let list = content.pointee.entries else { return [:] }
        var result: [UInt16: RawExif.Entry] = [:]
        for i in 0..<Int(content.pointee.count) {
            guard let entry = list[i]?.pointee else { continue }
            let tag = UInt16(truncatingIfNeeded: entry.tag.rawValue)
            if let wanted, !wanted.contains(tag) { continue }
            guard result[tag] == nil, entry.size <= 4096 else { continue }
            let bytes = entry.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(entry.size))) } ?? []
            result[tag] = RawExif.Entry(type: UInt16(truncatingIfNeeded: entry.format.rawValue), count: Int(entry.components), bytes: bytes)
        }
        return result
    }

    final class LogRecorder {
        var messages: [String] = []
    }
}

/// libexif's log function: formats the message and keeps the first few.
private func logCallback(
    _ log: OpaquePointer?, _ code: ExifLogCode, _ domain: UnsafePointer<CChar>?, _ format: UnsafePointer<CChar>?,
    _ args: CVaListPointer?, _ context: UnsafeMutableRawPointer?
) {
    guard let context, let format, let args, code == EXIF_LOG_CODE_CORRUPT_DATA || code == EXIF_LOG_CODE_NO_MEMORY else { return }
    let recorder = Unmanaged<LibExif.LogRecorder>.fromOpaque(context).takeUnretainedValue()
    guard recorder.messages.count < LibExif.maxLogMessages else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, args) }
    let domainText = domain.map { String(cString: $0) } ?? "libexif"
    recorder.messages.append("\(domainText): \(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
}
