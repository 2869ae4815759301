/// The coded pictures of a HEIF/AVIF file as its boxes and bitstreams declare them, read without
/// libheif: for each `hvc1`/`av01` item the size its `ispe` declares and the frame size its own
/// bitstream asks for — the HEVC sequence parameter set (in `hvcC` or the item's data; ITU-T H.265
/// 7.3.2.2) or the AV1 sequence header (in `av1C` or the item's data; AV1 5.5). libde265 and dav1d
/// allocate what the bitstream asks for, whatever `ispe` says, so a preview's plan checks both
/// (`PhotoThumbnail.prepareHEIF`); the grids' tiles (`dimg`) say which items a grid decodes.
struct HEIFCodedPictures {
    struct Coded: Equatable {
        var ispe: Size?
        /// The largest frame any of the item's parameter sets or sequence headers declares.
        var frame: Size?
    }

    struct Size: Equatable {
        var width: Int
        var height: Int
    }

    /// Coded items by item ID.
    var coded: [UInt32: Coded] = [:]
    /// Grid items' tiles, by the grid's item ID.
    var tiles: [UInt32: [UInt32]] = [:]
    /// Every item's `ispe`, coded or not.
    var ispe: [UInt32: Size] = [:]

    /// Reads the boxes of the file and the parameter sets of each coded item's data (an item of
    /// more than `maxItemBytes` is an error).
    init(_ reader: PagedReader, maxItemBytes: Int) throws(ContainerError) {
        let (_, found) = try ISOBMFFReader.meta(reader)
        guard let meta = found, let metaBox = try ISOBMFFReader.boxHeader(meta, at: 0, base: 0, limit: UInt64(meta.count)) else { return }
        let children = try ISOBMFFReader.childBoxes(meta, from: Int(metaBox.headerLength) + 4, to: meta.count, in: "meta")
        guard let iinf = children["iinf"], let iprp = children["iprp"] else { return }
        let items = try ISOBMFFReader.items(meta, iinf)
        let properties = try Self.properties(meta, iprp)
        var locations: [UInt32: ISOBMFFReader.Location] = [:]
        if let iloc = children["iloc"] { locations = try ISOBMFFReader.itemLocations(meta, iloc) }
        if let iref = children["iref"] { tiles = try Self.references(meta, iref, type: "dimg") }
        for (id, boxes) in properties {
            if let box = boxes.first(where: { $0.type == "ispe" }), Int(box.payload) + 12 <= Int(box.end) {
                ispe[id] = Size(width: Int(meta.u32be(Int(box.payload) + 4)), height: Int(meta.u32be(Int(box.payload) + 8)))
            }
        }
        for (id, type) in items where type == "hvc1" || type == "av01" {
            let config = properties[id]?.first { $0.type == (type == "hvc1" ? "hvcC" : "av1C") }
            let configBytes = config.map { Array(meta[Int($0.payload)..<Int($0.end)]) } ?? []
            var frames: [Size] = []
            var data: [UInt8] = []
            if let location = locations[id] {
                data = try ISOBMFFReader.itemData(
                    location, of: "image", meta: meta, idat: children["idat"], reader: reader,
                    limitBytes: maxItemBytes)
            }
            if type == "hvc1" {
                frames = HEVCParameterSets.frames(hvcC: configBytes, data: data)
            } else {
                frames = AV1SequenceHeader.frames(obus: configBytes.count > 4 ? Array(configBytes[4...]) : []) + AV1SequenceHeader.frames(obus: data)
            }
            let largest = frames.max { $0.width * $0.height < $1.width * $1.height }
            coded[id] = Coded(ispe: ispe[id], frame: largest)
        }
    }

    /// The coded items a decode of item `id` runs through a decoder: the item itself, a grid's tiles,
    /// else (derived pictures) every coded item of the file.
    func decoded(by id: UInt32) -> [Coded] {
        if let item = coded[id] { return [item] }
        if let tiles = tiles[id] { return tiles.compactMap { coded[$0] } }
        return Array(coded.values)
    }

    /// The property boxes each item is associated with (`ipco` by `ipma`, ISO/IEC 23008-12 9.3).
    static func properties(_ meta: [UInt8], _ iprp: ISOBMFFReader.Box) throws(ContainerError) -> [UInt32: [ISOBMFFReader.Box]] {
        let inside = try ISOBMFFReader.childBoxes(meta, from: Int(iprp.payload), to: Int(iprp.end), in: "iprp")
        guard let ipco = inside["ipco"], let ipma = inside["ipma"] else { return [:] }
        var list: [ISOBMFFReader.Box] = []
        var i = Int(ipco.payload)
        while i < Int(ipco.end), let box = try ISOBMFFReader.boxHeader(meta, at: i, base: 0, limit: ipco.end), box.end <= ipco.end {
            list.append(box)
            i = Int(box.end)
        }
        var p = Int(ipma.payload)
        let end = Int(ipma.end)
        guard p + 8 <= end else { throw .corrupt("the `ipma` box is too short") }
        let version = meta[p], wideIndex = meta[p + 3] & 1 == 1
        let count = Int(meta.u32be(p + 4))
        p += 8
        var byItem: [UInt32: [ISOBMFFReader.Box]] = [:]
        for _ in 0..<count {
            let idWidth = version < 1 ? 2 : 4
            guard p + idWidth + 1 <= end else { throw .corrupt("the `ipma` box is cut short") }
            let id = idWidth == 2 ? UInt32(meta.u16be(p)) : meta.u32be(p)
            let associations = Int(meta[p + idWidth])
            p += idWidth + 1
            guard p + associations * (wideIndex ? 2 : 1) <= end else { throw .corrupt("the `ipma` box is cut short") }
            for _ in 0..<associations {
                let index = wideIndex ? Int(meta.u16be(p) & 0x7FFF) : Int(meta[p] & 0x7F)
                p += wideIndex ? 2 : 1
                if index >= 1, index <= list.count { byItem[id, default: []].append(list[index - 1]) }
            }
        }
        return byItem
    }

    /// References of one type in `iref` (ISO/IEC 14496-12 8.11.12): from-item → to-items.
    static func references(_ meta: [UInt8], _ iref: ISOBMFFReader.Box, type: String) throws(ContainerError) -> [UInt32: [UInt32]] {
        guard Int(iref.payload) + 4 <= Int(iref.end) else { return [:] }
        let idWidth = meta[Int(iref.payload)] == 0 ? 2 : 4
        var i = Int(iref.payload) + 4
        var found: [UInt32: [UInt32]] = [:]
        while i < Int(iref.end), let box = try ISOBMFFReader.boxHeader(meta, at: i, base: 0, limit: iref.end), box.end <= iref.end {
            defer { i = Int(box.end) }
            var p = Int(box.payload)
            guard box.type == type, p + idWidth + 2 <= Int(box.end) else { continue }
            let read = { (at: Int) in idWidth == 2 ? UInt32(meta.u16be(at)) : meta.u32be(at) }
            let from = read(p)
            let count = Int(meta.u16be(p + idWidth))
            p += idWidth + 2
            for _ in 0..<count where p + idWidth <= Int(box.end) {
                found[from, default: []].append(read(p))
                p += idWidth
            }
        }
        return found
    }
}

/// Bits of a bitstream, most significant first, with Exp-Golomb codes (H.265 9.2, AV1 4.10); reads
/// past the end give zeros, and `overrun` says so.
struct BitReader {
    let bytes: [UInt8]
    private(set) var position = 0
    var overrun: Bool { position > bytes.count * 8 }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bits(_ n: Int) -> Int {
        var value = 0
        for _ in 0..<n {
            let byte = position / 8 < bytes.count ? bytes[position / 8] : 0
            value = value << 1 | Int(byte >> (7 - UInt8(position % 8)) & 1)
            position += 1
        }
        return value
    }

    mutating func skip(_ n: Int) { position += n }

    /// ue(v); nil past 31 leading zeros (no real value is that long).
    mutating func exponentialGolomb() -> Int? {
        var zeros = 0
        while bits(1) == 0 {
            zeros += 1
            if zeros > 31 || overrun { return nil }
        }
        return (1 << zeros) - 1 + bits(zeros)
    }
}

/// The frame sizes HEVC sequence parameter sets declare (`pic_width_in_luma_samples`,
/// `pic_height_in_luma_samples`), from an `hvcC` box's NAL arrays and an item's length-prefixed NAL units.
enum HEVCParameterSets {
    static func frames(hvcC: [UInt8], data: [UInt8]) -> [HEIFCodedPictures.Size] {
        // hvcC (ISO/IEC 14496-15 8.3.3.1): 22 bytes of fields, lengthSizeMinusOne in byte 21, then the arrays.
        guard hvcC.count >= 23 else { return [] }
        var nals: [ArraySlice<UInt8>] = []
        var i = 23
        for _ in 0..<Int(hvcC[22]) {
            guard i + 3 <= hvcC.count else { break }
            let count = Int(hvcC.u16be(i + 1))
            i += 3
            for _ in 0..<count {
                guard i + 2 <= hvcC.count else { break }
                let length = Int(hvcC.u16be(i))
                guard i + 2 + length <= hvcC.count else { break }
                nals.append(hvcC[(i + 2)..<(i + 2 + length)])
                i += 2 + length
            }
        }
        let lengthSize = Int(hvcC[21] & 3) + 1
        i = 0
        while i + lengthSize <= data.count {
            let length = data[i..<(i + lengthSize)].reduce(0) { $0 << 8 | Int($1) }
            let start = i + lengthSize
            guard length > 0, start + length <= data.count else { break }
            nals.append(data[start..<(start + length)])
            i = start + length
        }
        return nals.compactMap(frame)
    }

    /// The size an SPS NAL unit (type 33) declares; nil for other units.
    static func frame(_ nal: ArraySlice<UInt8>) -> HEIFCodedPictures.Size? {
        guard nal.count > 3, (nal[nal.startIndex] >> 1) & 0x3F == 33 else { return nil }
        // The payload without emulation prevention bytes (00 00 03 → 00 00).
        var rbsp: [UInt8] = []
        var zeros = 0
        for byte in nal.dropFirst(2) {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            zeros = byte == 0 ? zeros + 1 : 0
            rbsp.append(byte)
        }
        var bits = BitReader(rbsp)
        bits.skip(4)  // sps_video_parameter_set_id
        let subLayers = bits.bits(3)  // sps_max_sub_layers_minus1
        bits.skip(1)  // sps_temporal_id_nesting_flag
        bits.skip(96)  // general profile, tier and level (7.3.3)
        var profilePresent: [Bool] = [], levelPresent: [Bool] = []
        for _ in 0..<subLayers {
            profilePresent.append(bits.bits(1) == 1)
            levelPresent.append(bits.bits(1) == 1)
        }
        if subLayers > 0 { bits.skip(2 * (8 - subLayers)) }
        for layer in 0..<subLayers {
            if profilePresent[layer] { bits.skip(88) }
            if levelPresent[layer] { bits.skip(8) }
        }
        guard bits.exponentialGolomb() != nil, let chroma = bits.exponentialGolomb() else { return nil }
        if chroma == 3 { bits.skip(1) }  // separate_colour_plane_flag
        guard let width = bits.exponentialGolomb(), let height = bits.exponentialGolomb(), !bits.overrun else { return nil }
        return HEIFCodedPictures.Size(width: width, height: height)
    }
}

/// The largest frame AV1 sequence header OBUs declare (`max_frame_width_minus_1 + 1` by
/// `max_frame_height_minus_1 + 1`, AV1 5.5.1), in a run of OBUs (`av1C`'s configOBUs, an item's data).
enum AV1SequenceHeader {
    static func frames(obus: [UInt8]) -> [HEIFCodedPictures.Size] {
        var found: [HEIFCodedPictures.Size] = []
        var i = 0
        while i < obus.count {
            let header = obus[i]
            let type = Int(header >> 3 & 15), hasExtension = header & 4 != 0, hasSize = header & 2 != 0
            var p = i + 1 + (hasExtension ? 1 : 0)
            var size = obus.count - p
            if hasSize {
                var value = 0
                for k in 0..<8 {
                    guard p < obus.count else { return found }
                    value |= Int(obus[p] & 0x7F) << (7 * k)
                    p += 1
                    if obus[p - 1] & 0x80 == 0 { break }
                }
                size = value
            }
            guard size >= 0, p + size <= obus.count else { return found }
            if type == 1, let frame = frame(Array(obus[p..<(p + size)])) { found.append(frame) }
            i = p + size
        }
        return found
    }

    static func frame(_ payload: [UInt8]) -> HEIFCodedPictures.Size? {
        var bits = BitReader(payload)
        bits.skip(4)  // seq_profile, still_picture
        let reduced = bits.bits(1) == 1
        if reduced {
            bits.skip(5)  // seq_level_idx[0]
        } else {
            var decoderModel = false, bufferDelayLength = 0
            if bits.bits(1) == 1 {  // timing_info_present_flag
                bits.skip(64)  // num_units_in_display_tick, time_scale
                if bits.bits(1) == 1 { guard bits.exponentialGolomb() != nil else { return nil } }  // num_ticks_per_picture_minus_1
                decoderModel = bits.bits(1) == 1
                if decoderModel {
                    bufferDelayLength = bits.bits(5) + 1
                    bits.skip(32 + 5 + 5)  // num_units_in_decoding_tick, two lengths
                }
            }
            let initialDisplayDelay = bits.bits(1) == 1
            for _ in 0...bits.bits(5) {  // operating_points_cnt_minus_1
                bits.skip(12)  // operating_point_idc
                if bits.bits(5) > 7 { bits.skip(1) }  // seq_level_idx, seq_tier
                if decoderModel, bits.bits(1) == 1 { bits.skip(2 * bufferDelayLength + 1) }
                if initialDisplayDelay, bits.bits(1) == 1 { bits.skip(4) }
            }
        }
        let widthBits = bits.bits(4) + 1, heightBits = bits.bits(4) + 1
        let width = bits.bits(widthBits) + 1, height = bits.bits(heightBits) + 1
        return bits.overrun ? nil : HEIFCodedPictures.Size(width: width, height: height)
    }
}
