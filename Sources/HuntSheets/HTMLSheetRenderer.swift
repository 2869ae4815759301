import Foundation
import HuntKit
import Mustache

/// Writes sheets as one self-contained, printable HTML page from a Mustache template: styles
/// inline, QR codes as inline SVG, no scripts, nothing fetched.
///
/// Every string from the hunt goes through `{{ }}`, which HTML-escapes it; only the SVG this
/// renderer makes is inserted raw (`{{{qrSVG}}}`).
public struct HTMLSheetRenderer: SheetRenderer {
    public var layout: SheetLayout
    /// The Mustache source and where it came from, for error messages.
    public var template: String
    public var templatePath: String

    public init(layout: SheetLayout = .standard, template: String, templatePath: String) {
        self.layout = layout
        self.template = template
        self.templatePath = templatePath
    }

    public func render(_ document: SheetDocument) throws(SheetError) -> [UInt8] {
        let compiled: MustacheTemplate
        do {
            compiled = try MustacheTemplate(string: template)
        } catch let error as MustacheTemplate.ParserError {
            throw .template(
                path: "\(templatePath):\(error.context.lineNumber):\(error.context.columnNumber)",
                reason: "the Mustache template does not parse (\(error.error)): \(error.context.line)")
        } catch {
            throw .template(path: templatePath, reason: "the Mustache template does not parse: \(error)")
        }
        return Array(compiled.render(context(document)).utf8)
    }

    /// What the template sees. Names are documented in Templates/sheets/default/sheets.html.mustache.
    func context(_ document: SheetDocument) -> [String: Any] {
        let size = document.paper.sizePoints
        var result: [String: Any] = [
            "title": document.kind == .answerKey
                ? document.words.text("sheet.key.title", ["hunt": document.huntTitle])
                : document.kind == .posters ? "\(document.huntTitle) — posters" : document.huntTitle,
            "huntTitle": document.huntTitle,
            "isAnswerKey": document.kind == .answerKey,
            "paper": document.paper.cssName,
            "pageWidth": "\(css(size.width))pt",
            "pageHeight": "\(css(size.height))pt",
            "margins": [layout.marginTopPoints, layout.marginRightPoints, layout.marginBottomPoints, layout.marginLeftPoints]
                .map { "\(css($0))pt" }.joined(separator: " "),
            "bodyFont": cssFont(layout.bodyFont), "headingFont": cssFont(layout.headingFont), "monoFont": cssFont(layout.monoFont),
            "titleSize": "\(css(layout.titleSizePoints))pt", "headingSize": "\(css(layout.headingSizePoints))pt",
            "bodySize": "\(css(layout.bodySizePoints))pt", "smallSize": "\(css(layout.smallSizePoints))pt",
            "textColour": layout.textColour.description, "accentColour": layout.accentColour.description,
            "mutedColour": layout.mutedColour.description, "ruleColour": layout.ruleColour.description,
            "tintColour": layout.tintColour.description,
            "qrSize": "\(css(layout.qrSizePoints))pt", "cardGap": "\(css(layout.cardGapPoints))pt",
            "cutLines": layout.cutLines, "showCover": layout.showCover, "showPoints": layout.showPoints,
            "showCheckbox": layout.showCheckbox, "showQRCaption": layout.showQRCaption,
            "lang": document.language, "dir": document.isRightToLeft ? "rtl" : "ltr", "w": Self.words(document.words)
        ]
        result["sections"] = document.sections.map { section -> [String: Any] in
            [
                "teamName": section.teamName ?? "",
                "hasTeam": section.teamName != nil,
                "cover": cover(section.cover, words: document.words),
                "cards": section.cards.map { card($0, hints: document.hints, words: document.words) },
                "hints": section.hintPage.map { ["number": $0.number, "title": $0.title, "hint": $0.hint ?? ""] as [String: Any] },
                "hasHintPage": !section.hintPage.isEmpty
            ]
        }
        result["posters"] = document.posters.map { poster -> [String: Any] in
            [
                "id": poster.id, "title": poster.title, "code": poster.code, "url": poster.url ?? "", "huntTitle": document.huntTitle,
                "qrSVG": poster.qr.map { Self.svg($0, label: poster.url ?? "") } ?? ""
            ]
        }
        if let key = document.answerKey {
            result["answerKey"] =
                [
                    "window": key.window ?? "",
                    "hasWindow": key.window != nil,
                    "hasTeams": !key.teams.isEmpty,
                    "timezone": key.timezoneName,
                    "taskCount": key.entries.count,
                    "teams": SheetDocument.teamList(key.teams, document.words),
                    "facts": key.facts.map { ["label": $0.label, "value": $0.value] },
                    "entries": key.entries.map(entry)
                ] as [String: Any]
        }
        return result
    }

    /// The sheets' fixed words (the catalog's `sheet.` keys) by name without the prefix, `-` as
    /// `_` (`w.send_photos`), for a template.
    static func words(_ words: PlayerCatalog) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: words.entries(prefix: "sheet.").keys.map { key in
                (String(key.dropFirst(6)).replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: ".", with: "_"), words.text(key))
            })
    }

    private func cover(_ cover: SheetDocument.Cover, words: PlayerCatalog) -> [String: Any] {
        [
            "zoneTime": words.text("sheet.zone-time", ["zone": words.zoneName(cover.timezoneName)]),
            "tasksTotal": words.text(
                "sheet.tasks-total",
                [
                    "tasks": words.text("sheet.tasks", count: cover.taskCount),
                    "points": words.text("page.points", count: cover.totalPoints)
                ]),
            "huntTitle": cover.huntTitle,
            "teamName": cover.teamName ?? "",
            "hasTeam": cover.teamName != nil,
            "members": cover.teamMembers.joined(separator: ", "),
            "hasMembers": !cover.teamMembers.isEmpty,
            "window": cover.window ?? "",
            "hasWindow": cover.window != nil,
            "timezone": cover.timezoneName,
            "rules": cover.rules,
            "hasRules": !cover.rules.isEmpty,
            "scoring": cover.scoring,
            "rewards": cover.rewards.map {
                ["points": $0.points, "pointsLabel": words.text("sheet.points", count: $0.points), "reward": $0.reward] as [String: Any]
            },
            "hasRewards": !cover.rewards.isEmpty,
            "taskCount": cover.taskCount,
            "totalPoints": cover.totalPoints,
            "teamURL": cover.teamURL ?? "",
            "hasTeamURL": cover.teamURL != nil,
            "teamQRSVG": cover.teamQR.map { Self.svg($0, label: cover.teamURL ?? "") } ?? ""
        ]
    }

    private func card(_ card: SheetDocument.TaskCard, hints: SheetSettings.HintStyle, words: PlayerCatalog) -> [String: Any] {
        var result: [String: Any] = [
            "taskLabel": words.text("sheet.task-number", ["number": String(card.number)]),
            "number": card.number, "id": card.id, "title": card.title,
            "points": card.points, "pointsLabel": card.pointsLabel,
            "details": card.details, "hasDetails": !card.details.isEmpty, "tags": card.tags.joined(separator: ", "), "hasTags": !card.tags.isEmpty
        ]
        if let clue = card.clue { result["clue"] = clue }
        if let hint = card.hint {
            result["hint"] = hint
            result["hintLine"] = words.text("sheet.hint", ["hint": hint])
            result["hintSeparateLine"] = words.text("sheet.hint-separate", ["number": String(card.number)])
            result["hintUpsideDown"] = hints == .upsideDown
            result["hintSeparate"] = hints == .separate
        }
        if let uri = card.geoURI, let qr = card.qr {
            result["geoURI"] = uri
            result["qrSVG"] = Self.svg(qr, label: uri)
        }
        return result
    }

    private func entry(_ entry: SheetDocument.AnswerEntry) -> [String: Any] {
        var result: [String: Any] = [
            "number": entry.number, "id": entry.id, "title": entry.title,
            "pointsLabel": entry.pointsLabel,
            "facts": entry.facts.map { ["label": $0.label, "value": $0.value] },
            "places": entry.places, "hasPlaces": !entry.places.isEmpty
        ]
        if let hint = entry.hint { result["hint"] = hint }
        if let reveal = entry.reveal { result["reveal"] = reveal }
        if let uri = entry.geoURI { result["geoURI"] = uri }
        if let qr = entry.qr, let uri = entry.geoURI { result["qrSVG"] = Self.svg(qr, label: uri) }
        return result
    }

    /// A QR code as an SVG path of its outlines (non-zero fill, SVG's default), with the four-module quiet zone in its viewBox.
    static func svg(_ code: QRCode, label: String) -> String {
        let side = code.size + 8
        var path = ""
        for loop in code.outlines {
            for (index, corner) in loop.enumerated() { path += "\(index == 0 ? "M" : "L")\(corner.x + 4) \(corner.y + 4)" }
            path += "z"
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" shape-rendering=\"crispEdges\" "
            + "role=\"img\" aria-label=\"QR code: \(MarkupText.escape(label))\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path d=\"\(path)\"/></svg>"
    }

    private func css(_ points: Double) -> String {
        String(format: "%.2f", points).replacingOccurrences(of: ".00", with: "")
    }

    /// A font family for CSS, without anything that could end the declaration or need escaping
    /// (inside `<style>` entities are not decoded). The template quotes it.
    private func cssFont(_ family: String) -> String {
        family.filter { !"\"'<>&;{}\\".contains($0) && !$0.isNewline }
    }
}
