import Foundation
import HuntKit

/// Draws sheets as a print-ready PDF: a cover and task cards per team, or the marshals' key.
///
/// Cards never split across pages unless one is taller than a whole page; then its clue breaks
/// between lines and the next part is headed "continued".
public struct PDFSheetRenderer: SheetRenderer {
    public var layout: SheetLayout

    public init(layout: SheetLayout = .standard) {
        self.layout = layout
    }

    public func render(_ document: SheetDocument) throws(SheetError) -> [UInt8] {
        try renderWithPageMap(document).bytes
    }

    /// The PDF and what went on each page (`cover:TEAM`, `card:N`, `card:N:continued`, `hints`,
    /// `key`, `entry:N`), so pagination can be tested without parsing the PDF.
    func renderWithPageMap(_ document: SheetDocument) throws(SheetError) -> (bytes: [UInt8], pages: [[String]]) {
        let size = document.paper.sizePoints
        let title =
            switch document.kind {
            case .answerKey: document.words.text("sheet.key.title", ["hunt": document.huntTitle])
            case .posters: "\(document.huntTitle) — posters"
            case .players: document.huntTitle
            }
        let canvas = try PDFCanvas(
            widthPoints: size.width, heightPoints: size.height, title: title,
            creator: "HuntKit hunt sheets", createDate: document.date)
        // An Arabic or Hebrew sheet, the answer key as well, lays out mirrored.
        canvas.mirrored = document.isRightToLeft
        let writer = PDFSheetWriter(canvas: canvas, layout: layout, document: document)
        writer.write()
        return (try canvas.finish(), writer.pages.filter { !$0.isEmpty })
    }
}

/// The drawing state of one PDF: the canvas, the cursor and the page's furniture.
private final class PDFSheetWriter {
    let canvas: PDFCanvas
    let layout: SheetLayout
    let document: SheetDocument
    /// The mark before each of a card's details, pointing into the text: ◂ on a mirrored sheet.
    var detailMark: String { canvas.mirrored ? "◂ " : "▸ " }

    /// The printable area, in points from the page's top left.
    let left, right, top, bottom: Double
    var width: Double { right - left }

    /// The cursor: where the next thing is drawn.
    var y: Double
    /// Nothing has been drawn on this page yet.
    var pageIsEmpty = true
    /// The section's label in the footer, and its page number.
    var footerLabel = ""
    var sectionPage = 1
    var firstPage = true
    /// What was drawn on each page, for tests.
    var pages: [[String]] = [[]]

    init(canvas: PDFCanvas, layout: SheetLayout, document: SheetDocument) {
        self.canvas = canvas
        self.layout = layout
        self.document = document
        left = layout.marginLeftPoints
        right = canvas.widthPoints - layout.marginRightPoints
        top = layout.marginTopPoints
        let footer = layout.showFooter ? layout.smallSizePoints * 1.3 + 10 : 0
        bottom = max(top + 100, canvas.heightPoints - layout.marginBottomPoints - footer)
        y = top
    }

    // MARK: Styles

    var body: TextStyle { TextStyle(family: layout.bodyFont, sizePoints: layout.bodySizePoints, colour: layout.textColour) }
    var small: TextStyle { TextStyle(family: layout.bodyFont, sizePoints: layout.smallSizePoints, colour: layout.mutedColour) }
    var kicker: TextStyle {
        TextStyle(family: layout.bodyFont, sizePoints: layout.smallSizePoints, bold: true, colour: layout.accentColour)
    }
    var heading: TextStyle {
        TextStyle(family: layout.headingFont, sizePoints: layout.headingSizePoints, bold: true, colour: layout.textColour)
    }
    var title: TextStyle {
        TextStyle(family: layout.headingFont, sizePoints: layout.titleSizePoints, bold: true, colour: layout.textColour)
    }
    var mono: TextStyle {
        TextStyle(
            family: layout.monoFont, sizePoints: max(5, layout.smallSizePoints - 1.5), colour: layout.mutedColour,
            alignment: .centre)
    }

    // MARK: Pages

    func write() {
        switch document.kind {
        case .players:
            for section in document.sections { write(section) }
        case .answerKey:
            if let key = document.answerKey { write(key) }
        case .posters:
            for poster in document.posters { write(poster) }
        }
        drawFooter()
    }

    /// Starts a section on a fresh page, with a bookmark.
    func beginSection(_ label: String, bookmark: String) {
        if !firstPage { newPage() }
        firstPage = false
        footerLabel = label
        sectionPage = 1
        canvas.addOutline(bookmark, bold: true)
    }

    func newPage() {
        drawFooter()
        canvas.newPage()
        pages.append([])
        sectionPage += 1
        y = top
        pageIsEmpty = true
    }

    /// Moves to a new page unless `height` fits below the cursor (or the page is still empty).
    func ensure(_ height: Double) {
        if y + height > bottom && !pageIsEmpty { newPage() }
    }

    func drawFooter() {
        guard layout.showFooter else { return }
        let baseline = canvas.heightPoints - layout.marginBottomPoints - layout.smallSizePoints * 1.3
        canvas.line(from: (left, baseline - 5), to: (right, baseline - 5), layout.ruleColour, lineWidth: 0.5)
        canvas.draw(footerLabel, small, x: left, y: baseline, widthPoints: width * 0.75)
        var pageStyle = small
        pageStyle.alignment = .right
        canvas.draw("\(sectionPage)", pageStyle, x: right - 60, y: baseline, widthPoints: 60)
    }

    /// Draws a paragraph at the cursor, breaking it across pages between lines where needed.
    func flow(
        _ text: String, _ style: TextStyle, indent: Double = 0, trailing: Double = 0, spaceAfter: Double = 0,
        bar: SheetColour? = nil
    ) {
        guard !text.isEmpty else { return }
        let x = left + indent, w = width - indent - trailing
        let height = canvas.measure(text, style, widthPoints: w)
        if y + height <= bottom || (pageIsEmpty && height <= bottom - top) {
            ensure(height)
            draw(text, style, x: x, width: w, bar: bar)
            y += height + spaceAfter
            pageIsEmpty = false
            return
        }
        // Too tall for what is left of the page: fill the page line by line, then go on.
        let bytes = Array(text.utf8)
        var lines = canvas.lines(text, style, widthPoints: w)
        while !lines.isEmpty {
            let base = lines[0].topPoints
            var count = 0
            while count < lines.count && y + (lines[count].bottomPoints - base) <= bottom { count += 1 }
            if count == 0 {
                if pageIsEmpty { count = 1 } else { newPage(); continue }
            }
            let range = lines[0].byteRange.lowerBound..<min(bytes.count, lines[count - 1].byteRange.upperBound)
            let part = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .newlines)
            draw(part, style, x: x, width: w, bar: bar)
            y += lines[count - 1].bottomPoints - base
            pageIsEmpty = false
            lines.removeFirst(count)
            if !lines.isEmpty { newPage() }
        }
        y += spaceAfter
    }

    private func draw(_ text: String, _ style: TextStyle, x: Double, width: Double, bar: SheetColour?) {
        let height = canvas.draw(text, style, x: x, y: y, widthPoints: width)
        if let bar { canvas.fill(SheetRect(x: x - 9, y: y + 1, width: 2.5, height: max(0, height - 2)), bar) }
    }

    func space(_ points: Double) {
        if !pageIsEmpty { y = min(bottom, y + points) }
    }

    func rule(_ colour: SheetColour? = nil, lineWidth: Double = 0.75, spaceBefore: Double = 6, spaceAfter: Double = 8) {
        ensure(spaceBefore + spaceAfter + 12)
        y += pageIsEmpty ? 0 : spaceBefore
        canvas.line(from: (left, y), to: (right, y), colour ?? layout.ruleColour, lineWidth: lineWidth)
        y += spaceAfter
        pageIsEmpty = false
    }

    /// A section heading, kept with at least `keepWith` points of what follows it.
    func sectionHeading(_ text: String, keepWith: Double = 40) {
        let height = canvas.measure(text, heading, widthPoints: width)
        ensure(height + keepWith)
        space(layout.bodySizePoints * 1.2)
        flow(text, heading, spaceAfter: layout.bodySizePoints * 0.5)
    }

    // MARK: The cover

    func write(_ section: SheetDocument.PlayerSection) {
        let label = [document.huntTitle, section.teamName].compactMap { $0 }.joined(separator: " · ")
        beginSection(label, bookmark: section.teamName ?? document.huntTitle)
        if layout.showCover {
            writeCover(section.cover)
            newPage()
        } else {
            flow(label, heading, spaceAfter: 4)
            rule(layout.accentColour, lineWidth: 1.5, spaceBefore: 0, spaceAfter: 10)
        }
        cardTeam = section.teamName
        writeCards(section.cards)
        if !section.hintPage.isEmpty { writeHintPage(section) }
    }

    func writeCover(_ cover: SheetDocument.Cover) {
        pages[pages.count - 1].append("cover:" + (cover.teamName ?? ""))
        flow(document.words.text("sheet.kicker"), kicker, spaceAfter: 6)
        flow(cover.huntTitle, title, spaceAfter: 14)
        var teamStyle = heading
        teamStyle.sizePoints = layout.headingSizePoints * 1.45
        teamStyle.colour = layout.accentColour
        if let team = cover.teamName {
            flow(team, teamStyle, spaceAfter: 4)
            if !cover.teamMembers.isEmpty { flow(cover.teamMembers.joined(separator: ", "), body, spaceAfter: 4) }
        } else {
            // No teams in the file: a line to write the team's name on.
            flow(document.words.text("sheet.team"), small, spaceAfter: 2)
            y += teamStyle.sizePoints * 1.3
            canvas.line(from: (left, y), to: (left + width * 0.6, y), layout.textColour, lineWidth: 0.75)
            y += 4
        }
        rule(layout.accentColour, lineWidth: 1.5, spaceBefore: 10, spaceAfter: 14)
        if let url = cover.teamURL, let qr = cover.teamQR { writeTeamPage(url, qr) }

        var facts: [(String, String)] = []
        let words = document.words
        if let window = cover.window {
            facts.append((words.text("sheet.when"), window + "\n" + words.text("sheet.zone-time", ["zone": words.zoneName(cover.timezoneName)])))
        }
        facts.append(
            (
                words.text("sheet.tasks-label"),
                words.text(
                    "sheet.tasks-total",
                    [
                        "tasks": words.text("sheet.tasks", count: cover.taskCount),
                        "points": words.text("page.points", count: cover.totalPoints)
                    ])
            ))
        writeFacts(facts, labelWidth: 70, labelStyle: kicker, valueStyle: body, gap: 10)

        if !cover.rules.isEmpty {
            sectionHeading(words.text("sheet.rules"))
            for paragraph in cover.rules { flow(paragraph, body, spaceAfter: layout.bodySizePoints * 0.6) }
        }
        sectionHeading(words.text("sheet.scoring"))
        for line in cover.scoring { bullet(line) }
        if !cover.rewards.isEmpty {
            sectionHeading(words.text("sheet.rewards"))
            var pointsStyle = body
            pointsStyle.bold = true
            pointsStyle.colour = layout.accentColour
            writeFacts(
                cover.rewards.map { (words.text("sheet.points", count: $0.points), $0.reward) }, labelWidth: 70, labelStyle: pointsStyle,
                valueStyle: body, gap: 5)
        }
    }

    /// The team's page: its QR code (twice a card's, to scan from across a table) beside how to use it.
    func writeTeamPage(_ url: String, _ qr: QRCode) {
        let size = layout.qrSizePoints * 1.6
        ensure(size + 8)
        let top = y
        canvas.draw(qr, x: left, y: top, sizePoints: size, colour: layout.textColour)
        canvas.link(SheetRect(x: left, y: top, width: size, height: size), to: url)
        let textX = left + size + 14, textWidth = width - size - 14
        var below = top
        for (text, style) in [(document.words.text("sheet.send-photos"), kicker), (document.words.text("sheet.scan"), body), (url, small)] {
            canvas.draw(text, style, x: textX, y: below, widthPoints: textWidth)
            below += canvas.measure(text, style, widthPoints: textWidth) + 4
        }
        y = max(top + size, below) + 14
    }

    func bullet(_ text: String) {
        let indent = 14.0
        let height = canvas.measure(text, body, widthPoints: width - indent)
        ensure(min(height, 3 * layout.bodySizePoints * 1.4))
        var dot = body
        dot.colour = layout.accentColour
        canvas.draw("•", dot, x: left + 2, y: y, widthPoints: indent)
        flow(text, body, indent: indent, spaceAfter: 4)
    }

    /// Label–value rows, each kept whole; a long value flows on.
    func writeFacts(
        _ facts: [(String, String)], labelWidth: Double, labelStyle: TextStyle, valueStyle: TextStyle,
        gap: Double, valueWidth: Double? = nil
    ) {
        let valueWidth = valueWidth ?? (width - labelWidth)
        for (label, value) in facts {
            let labelHeight = canvas.measure(label, labelStyle, widthPoints: labelWidth - 6)
            let valueHeight = canvas.measure(value, valueStyle, widthPoints: valueWidth)
            ensure(min(max(labelHeight, valueHeight), bottom - top))
            // Small labels sit on the first line of the value.
            let offset = max(0, (valueStyle.sizePoints - labelStyle.sizePoints) * 0.9)
            canvas.draw(label, labelStyle, x: left, y: y + offset, widthPoints: labelWidth - 6)
            if valueHeight <= bottom - y {
                canvas.draw(value, valueStyle, x: left + labelWidth, y: y, widthPoints: valueWidth)
                y += max(labelHeight, valueHeight) + gap
                pageIsEmpty = false
            } else {
                pageIsEmpty = false
                flow(value, valueStyle, indent: labelWidth, trailing: width - labelWidth - valueWidth, spaceAfter: gap)
            }
        }
    }

    // MARK: Task cards

    /// How a card's parts measure at the page width.
    struct CardMetrics {
        var textX, textWidth, titleWidth, pillWidth: Double
        var kickerHeight, titleHeight, detailsHeight, hintHeight, qrBlockHeight: Double
    }

    var measured: [Int: (CardMetrics, Double)] = [:]
    /// The team whose cards are being written: each card names it, so a card cut out still says
    /// whose it is. Its measures are kept per team (`measured` is emptied when it changes).
    var cardTeam: String? { didSet { if cardTeam != oldValue { measured = [:] } } }
    var cardPadding: Double { 6 }
    var checkboxGutter: Double { layout.showCheckbox ? 24 : 0 }
    var pointsStyle: TextStyle {
        TextStyle(
            family: layout.bodyFont, sizePoints: layout.smallSizePoints + 1, bold: true, colour: layout.accentColour,
            alignment: .centre)
    }
    var hintStyle: TextStyle {
        TextStyle(family: layout.bodyFont, sizePoints: layout.smallSizePoints + 0.5, italic: true, colour: layout.mutedColour)
    }

    /// The caption's style, shrunk until the URI fits on one line under the code.
    func captionStyle(_ uri: String) -> TextStyle {
        var style = mono
        let natural = canvas.naturalWidth(uri, style)
        if natural > layout.qrSizePoints { style.sizePoints = max(4, style.sizePoints * layout.qrSizePoints / natural * 0.98) }
        return style
    }

    func kickerText(_ card: SheetDocument.TaskCard, continued: Bool = false) -> String {
        var parts = [document.words.text("sheet.task-number", ["number": String(card.number)])]
        if layout.showTaskID { parts.append(card.id) }
        if layout.showTags && !card.tags.isEmpty { parts.append(card.tags.joined(separator: ", ")) }
        if let cardTeam { parts.append(cardTeam) }
        return parts.joined(separator: "  ·  ") + (continued ? "  ·  " + document.words.text("sheet.continued") : "")
    }

    func hintText(_ card: SheetDocument.TaskCard) -> String? {
        guard let hint = card.hint else { return nil }
        switch document.hints {
        case .upsideDown: return document.words.text("sheet.hint", ["hint": hint])
        case .separate: return document.words.text("sheet.hint-separate", ["number": String(card.number)])
        case .hidden: return nil
        }
    }

    func metrics(_ card: SheetDocument.TaskCard) -> CardMetrics {
        let hasQR = card.qr != nil
        let qrColumn = hasQR ? layout.qrSizePoints + 14 : 0
        let textX = left + checkboxGutter
        let textWidth = max(60, width - checkboxGutter - qrColumn)
        let pillWidth = layout.showPoints ? canvas.naturalWidth(card.pointsLabel, pointsStyle) + 14 : 0
        let titleWidth = max(40, textWidth - (pillWidth > 0 ? pillWidth + 8 : 0))
        let details = card.details.map { detailMark + $0 }.joined(separator: "\n")
        let detailsHeight = details.isEmpty ? 0 : canvas.measure(details, small, widthPoints: textWidth) + 6
        let hint = hintText(card).map { canvas.measure($0, hintStyle, widthPoints: textWidth) + 13 } ?? 0
        let caption =
            layout.showQRCaption && hasQR
            ? canvas.measure(card.geoURI ?? "", captionStyle(card.geoURI ?? ""), widthPoints: layout.qrSizePoints) + 2 : 0
        return CardMetrics(
            textX: textX, textWidth: textWidth, titleWidth: titleWidth, pillWidth: pillWidth,
            kickerHeight: canvas.measure(kickerText(card), kicker, widthPoints: titleWidth) + 2,
            titleHeight: canvas.measure(card.title, heading, widthPoints: titleWidth),
            detailsHeight: detailsHeight, hintHeight: hint,
            qrBlockHeight: hasQR ? layout.qrSizePoints + caption : 0)
    }

    func writeCards(_ cards: [SheetDocument.TaskCard]) {
        var previousOnPage = false
        for card in cards {
            // Every team's section has the same cards: measure each once.
            let (m, clueHeight) =
                measured[card.number]
                ?? {
                    let m = metrics(card)
                    let measuredCard = (m, card.clue.map { canvas.measure($0, body, widthPoints: m.textWidth) + 5 } ?? 0)
                    measured[card.number] = measuredCard
                    return measuredCard
                }()
            let textHeight = m.kickerHeight + m.titleHeight + clueHeight + m.detailsHeight + m.hintHeight
            let height = max(textHeight, m.qrBlockHeight) + 2 * cardPadding
            let gap = layout.cardGapPoints
            if y + (previousOnPage ? gap : 0) + height > bottom && !pageIsEmpty {
                newPage()
                previousOnPage = false
            }
            if previousOnPage {
                cutLine(at: y + gap / 2)
                y += gap
            }
            if height <= bottom - y {
                drawCard(card, m, clue: card.clue, first: true, last: true, height: height)
                y += height
                pageIsEmpty = false
            } else {
                writeTallCard(card, m)
            }
            previousOnPage = true
        }
    }

    /// A card taller than a page: its clue breaks between lines over as many parts as it needs.
    func writeTallCard(_ card: SheetDocument.TaskCard, _ m: CardMetrics) {
        let clue = card.clue ?? ""
        let bytes = Array(clue.utf8)
        var lines = canvas.lines(clue, body, widthPoints: m.textWidth)
        var first = true
        while true {
            let header = m.kickerHeight + m.titleHeight + 5 + 2 * cardPadding
            var available = bottom - y - header
            let tail = m.detailsHeight + m.hintHeight
            var count = 0
            if let base = lines.first?.topPoints {
                while count < lines.count && lines[count].bottomPoints - base <= available { count += 1 }
                if count == 0 && pageIsEmpty { count = 1 }
            }
            if count == 0 && !lines.isEmpty { newPage(); continue }
            let used = count == 0 ? 0 : lines[count - 1].bottomPoints - lines[0].topPoints
            available -= used
            let last = count == lines.count && (tail <= available || pageIsEmpty && count == 0)
            var part: String?
            if count > 0 {
                let range = lines[0].byteRange.lowerBound..<min(bytes.count, lines[count - 1].byteRange.upperBound)
                part = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .newlines)
            }
            var height = header + (count > 0 ? used + 5 : 0) + (last ? tail : 0)
            if first { height = max(height, m.qrBlockHeight + 2 * cardPadding) }
            drawCard(card, m, clue: part, first: first, last: last, height: height)
            y += height
            pageIsEmpty = false
            lines.removeFirst(count)
            first = false
            if last { break }
            newPage()
        }
    }

    func drawCard(_ card: SheetDocument.TaskCard, _ m: CardMetrics, clue: String?, first: Bool, last: Bool, height: Double) {
        pages[pages.count - 1].append("card:\(card.number)" + (first ? "" : ":continued"))
        let cardTop = y
        var cursor = y + cardPadding
        if first && layout.showCheckbox {
            let box = 13.0
            canvas.stroke(
                SheetRect(x: left + 1, y: cursor + m.kickerHeight + 1.5, width: box, height: box), layout.textColour,
                lineWidth: 1.1, cornerRadius: 2)
        }
        canvas.draw(kickerText(card, continued: !first), kicker, x: m.textX, y: cursor, widthPoints: m.titleWidth)
        if layout.showPoints {
            let pill = SheetRect(
                x: m.textX + m.textWidth - m.pillWidth, y: cursor, width: m.pillWidth,
                height: pointsStyle.sizePoints * 1.25 + 6)
            canvas.fill(pill, layout.tintColour, cornerRadius: pill.height / 2)
            canvas.draw(card.pointsLabel, pointsStyle, x: pill.x, y: pill.y + 3, widthPoints: pill.width)
        }
        cursor += m.kickerHeight
        cursor += canvas.draw(card.title, heading, x: m.textX, y: cursor, widthPoints: m.titleWidth)
        if let clue, !clue.isEmpty {
            cursor += 5
            cursor += canvas.draw(clue, body, x: m.textX, y: cursor, widthPoints: m.textWidth)
        }
        if last {
            if !card.details.isEmpty {
                cursor += 6
                cursor += canvas.draw(
                    card.details.map { detailMark + $0 }.joined(separator: "\n"), small, x: m.textX, y: cursor,
                    widthPoints: m.textWidth)
            }
            if let hint = hintText(card) {
                // Upside-down hints sit at the foot of the card, below a dotted fold line.
                let hintHeight = canvas.measure(hint, hintStyle, widthPoints: m.textWidth)
                let hintTop = max(cursor + 13, cardTop + height - cardPadding - hintHeight)
                canvas.line(
                    from: (m.textX, hintTop - 6), to: (m.textX + m.textWidth, hintTop - 6), layout.ruleColour,
                    lineWidth: 0.6, dash: [1, 2])
                canvas.draw(
                    hint, hintStyle, x: m.textX, y: hintTop, widthPoints: m.textWidth,
                    upsideDown: document.hints == .upsideDown)
            }
        }
        if first, let qr = card.qr {
            let qrX = right - layout.qrSizePoints
            canvas.draw(qr, x: qrX, y: cardTop + cardPadding, sizePoints: layout.qrSizePoints, colour: layout.textColour)
            if let uri = card.geoURI {
                canvas.link(SheetRect(x: qrX, y: cardTop + cardPadding, width: layout.qrSizePoints, height: layout.qrSizePoints), to: uri)
                if layout.showQRCaption {
                    canvas.draw(uri, captionStyle(uri), x: qrX, y: cardTop + cardPadding + layout.qrSizePoints, widthPoints: layout.qrSizePoints)
                }
            }
        }
    }

    func cutLine(at lineY: Double) {
        guard layout.cutLines else {
            canvas.line(from: (left, lineY), to: (right, lineY), layout.ruleColour, lineWidth: 0.5)
            return
        }
        var scissors = small
        scissors.sizePoints = layout.smallSizePoints + 3
        scissors.colour = layout.mutedColour
        let glyphHeight = canvas.measure("✂", scissors, widthPoints: 20)
        canvas.draw("✂", scissors, x: left - 2, y: lineY - glyphHeight / 2, widthPoints: 20)
        canvas.line(from: (left + 16, lineY), to: (right, lineY), layout.mutedColour, lineWidth: 0.5, dash: [4, 3])
    }

    // MARK: Hints on their own page

    func writeHintPage(_ section: SheetDocument.PlayerSection) {
        newPage()
        canvas.addOutline(document.words.text("sheet.hints") + (section.teamName.map { " — \($0)" } ?? ""))
        pages[pages.count - 1].append("hints")
        flow(document.words.text("sheet.hints-kicker"), kicker, spaceAfter: 4)
        flow(document.words.text("sheet.hints-heading"), heading, spaceAfter: 4)
        flow(document.words.text("sheet.hints-fold"), small, spaceAfter: 6)
        rule(layout.accentColour, lineWidth: 1.5, spaceBefore: 2, spaceAfter: 10)
        var label = body
        label.bold = true
        for card in section.hintPage {
            guard let hint = card.hint else { continue }
            let titleLine = "\(card.number). \(card.title)"
            ensure(canvas.measure(titleLine, label, widthPoints: width) + min(canvas.measure(hint, body, widthPoints: width - 14), 40))
            flow(titleLine, label, spaceAfter: 2)
            flow(hint, body, indent: 14, spaceAfter: 10)
        }
    }

    // MARK: Posters

    /// A code task's poster, a page of its own: the hunt's name, the task's title, the code as
    /// large as the page's width allows, what to do with it, and the QR code that fills it in on
    /// the scanning phone's team page. It names no team.
    func write(_ poster: SheetDocument.Poster) {
        beginSection(document.huntTitle, bookmark: poster.title)
        pages[pages.count - 1].append("poster:" + poster.id)
        var huntStyle = kicker
        huntStyle.alignment = .centre
        huntStyle.sizePoints = layout.bodySizePoints * 1.3
        flow(document.huntTitle, huntStyle, spaceAfter: 10)
        var titleStyle = title
        titleStyle.alignment = .centre
        titleStyle.sizePoints = layout.titleSizePoints * 1.4
        flow(poster.title, titleStyle, spaceAfter: 14)
        rule(layout.accentColour, lineWidth: 1.5, spaceBefore: 0, spaceAfter: 30)
        // A monospaced face tells 0 from O; the code fills the width, never more.
        var codeStyle = TextStyle(family: layout.monoFont, sizePoints: 110, bold: true, colour: layout.textColour, alignment: .centre)
        let natural = canvas.naturalWidth(poster.code, codeStyle)
        if natural > width * 0.95 { codeStyle.sizePoints *= width * 0.95 / natural }
        flow(poster.code, codeStyle, spaceAfter: 24)
        var line = body
        line.alignment = .centre
        line.sizePoints = layout.bodySizePoints * 1.8
        flow(document.words.text("sheet.poster.type"), line, spaceAfter: 30)
        guard let qr = poster.qr, let url = poster.url else { return }
        var scan = body
        scan.alignment = .centre
        scan.colour = layout.mutedColour
        scan.sizePoints = layout.bodySizePoints * 1.2
        let scanHeight = canvas.measure(document.words.text("sheet.poster.scan"), scan, widthPoints: width)
        let size = min(width * 0.45, bottom - y - scanHeight - 10)
        guard size >= 72 else { return }
        let x = left + (width - size) / 2
        canvas.draw(qr, x: x, y: y, sizePoints: size, colour: layout.textColour)
        canvas.link(SheetRect(x: x, y: y, width: size, height: size), to: url)
        y += size + 10
        flow(document.words.text("sheet.poster.scan"), scan)
    }

    // MARK: The answer key

    func write(_ key: SheetDocument.AnswerKey) {
        let words = document.words
        let hunt = SheetDocument.isolated(key.huntTitle, words, name: true)
        beginSection(words.text("sheet.key.footer", ["hunt": hunt]), bookmark: words.text("sheet.key.heading"))
        pages[pages.count - 1].append("key")
        var warning = kicker
        warning.colour = SheetColour(red: 0.70, green: 0.15, blue: 0.12)
        flow(words.text("sheet.key.warning"), warning, spaceAfter: 6)
        flow(words.text("sheet.key.heading"), title, spaceAfter: 6)
        flow(key.huntTitle, heading, spaceAfter: 8)
        writeFacts(key.facts.map { ($0.label, $0.value) }, labelWidth: 70, labelStyle: kicker, valueStyle: body, gap: 6)
        rule(layout.accentColour, lineWidth: 1.5, spaceBefore: 6, spaceAfter: 12)
        for (index, entry) in key.entries.enumerated() {
            writeEntry(entry)
            if index < key.entries.count - 1 { rule(spaceBefore: 4, spaceAfter: 10) }
        }
    }

    func writeEntry(_ entry: SheetDocument.AnswerEntry) {
        let labelWidth = 70.0
        let qrColumn = entry.qr != nil ? layout.qrSizePoints + 14 : 0
        let valueWidth = width - labelWidth - qrColumn
        var value = body
        value.sizePoints = layout.bodySizePoints - 0.5
        let headerText = "\(entry.number). \(entry.title)"
        let headerHeight = canvas.measure(headerText, heading, widthPoints: width - 60 - qrColumn)
        var total = headerHeight + 6
        for fact in entry.facts { total += max(canvas.measure(fact.value, value, widthPoints: valueWidth), 10) + 3 }
        total += entry.places.isEmpty ? 0 : canvas.measure(entry.places.joined(separator: "\n"), small, widthPoints: width - 14) + 8
        if let hint = entry.hint { total += canvas.measure(hint, value, widthPoints: valueWidth) + 3 }
        if let reveal = entry.reveal { total += canvas.measure(reveal, value, widthPoints: valueWidth) + 10 }
        total = max(total, entry.qr != nil ? layout.qrSizePoints + 10 : 0)
        // Keep an entry on one page when it fits on one; otherwise let it flow.
        ensure(min(total, bottom - top))

        let entryTop = y
        pages[pages.count - 1].append("entry:\(entry.number)")
        canvas.draw(headerText, heading, x: left, y: y, widthPoints: width - 60 - qrColumn)
        var pts = pointsStyle
        pts.alignment = .right
        canvas.draw(entry.pointsLabel, pts, x: right - qrColumn - 60, y: y + 2, widthPoints: 60)
        y += headerHeight + 6
        pageIsEmpty = false
        if let qr = entry.qr {
            canvas.draw(qr, x: right - layout.qrSizePoints, y: entryTop, sizePoints: layout.qrSizePoints, colour: layout.textColour)
        }
        var label = small
        label.bold = true
        writeFacts(
            entry.facts.map { ($0.label, $0.value) }, labelWidth: labelWidth, labelStyle: label, valueStyle: value,
            gap: 3, valueWidth: valueWidth)
        if !entry.places.isEmpty {
            for place in entry.places { flow("• " + place, small, indent: labelWidth, trailing: qrColumn, spaceAfter: 1) }
            space(4)
        }
        if let hint = entry.hint {
            writeFacts(
                [(document.words.text("sheet.key.label.hint"), hint)], labelWidth: labelWidth, labelStyle: label, valueStyle: value, gap: 3,
                valueWidth: valueWidth)
        }
        if let reveal = entry.reveal {
            space(3)
            var revealStyle = value
            revealStyle.italic = true
            var revealLabel = label
            revealLabel.colour = layout.accentColour
            let height = canvas.measure(reveal, revealStyle, widthPoints: valueWidth)
            ensure(min(height, 3 * revealStyle.sizePoints * 1.3))
            canvas.draw(document.words.text("sheet.key.label.reveal"), revealLabel, x: left, y: y + 1, widthPoints: labelWidth - 6)
            flow(reveal, revealStyle, indent: labelWidth, trailing: qrColumn, spaceAfter: 4, bar: layout.accentColour)
        }
        if entry.qr != nil { y = max(y, entryTop + layout.qrSizePoints) }
    }
}
