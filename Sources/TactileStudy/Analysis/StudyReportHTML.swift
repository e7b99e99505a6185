import Foundation

/// The study report as one self-contained HTML page: the findings, the tables, and the plots
/// embedded as PNG images (no file beside it, nothing fetched).
extension StudyReport {
    /// The page; `plots` are (caption, PNG) pairs (`StudyPlots.all()`); `heatmaps` each screen's
    /// touches over that screen (caption, PNG); `clip` the address of a marker's clip, if cut.
    public func html(
        plots: [(title: String, png: Data)], heatmaps: [(title: String, png: Data)] = [], clip: (MarkerRow) -> String? = { _ in nil }
    ) -> String {
        let title = Self.escape("Study report: " + (results.title.isEmpty ? results.folder.lastPathComponent : results.title))
        var body = ["<h1>\(title)</h1>", "<p>\(Self.escape(overview))</p>"]
        if !results.problems.isEmpty {
            body.append("<ul class=\"problems\">" + results.problems.map { "<li>Left out: \(Self.escape($0))</li>" }.joined() + "</ul>")
        }
        if !comparisons.isEmpty {
            body.append(
                "<h2>Findings</h2><ul>"
                    + orderedComparisons.map { c in
                        "<li class=\"\((c.p ?? 1) < 0.05 ? "clear" : "unclear")\">\(Self.escape(c.sentence))</li>"
                    }.joined() + "</ul>")
        }
        for (caption, png) in plots {
            body.append(
                "<figure><img alt=\"\(Self.escape(caption))\" src=\"data:image/png;base64,\(png.base64EncodedString())\">"
                    + "<figcaption>\(Self.escape(caption))</figcaption></figure>")
        }
        body.append(
            "<h2>Tasks</h2>"
                + Self.table(
                    [
                        "Task", "Variant", "Attempts", "Success (95 % CI)", "Time of successes, geometric mean (95 % CI)", "Errors per attempt",
                        "Attempts with an error (95 % CI)", "Misses per attempt", "SEQ (95 % CI)",
                    ],
                    cells.map { c in
                        [
                            c.task, c.variant, "\(c.attempts)", Self.rateText(c), Self.timeText(c.time), Self.number(c.meanErrors), Self.errorRateText(c),
                            Self.number(c.meanMisses), Self.scoreText(c.seq, n: c.seqValues.count),
                        ]
                    }) + "<p class=\"note\">\(Self.escape(Self.missesAndErrorsNote))</p>")
        if !sus.isEmpty {
            body.append(
                "<h2>System Usability Scale</h2>"
                    + Self.table(
                        ["Variant", "Participants", "SUS (95 % CI)", "Grade"],
                        susByVariant.filter { $0.n > 0 }.map {
                            [$0.variant, "\($0.n)", Self.scoreText($0.estimate, n: $0.n), $0.estimate.map { SUSGrade.of($0.value).text } ?? "–"]
                        }))
            body.append("<p>\(SUSGrade.note)</p>")
            body.append(
                Self.table(
                    ["Participant"] + results.variants,
                    results.participants.map { p in
                        [p.name]
                            + results.variants.map { v in p.scores.last { $0.variant == v && $0.questionnaire == "sus" }.map { Self.number($0.score) } ?? "–" }
                    }))
        }
        let kinds = Self.signalKinds.filter { k in cells.contains { $0.signals[k] != nil } }
        if !kinds.isEmpty {
            body.append(
                "<h2>Frustration signals</h2>"
                    + Self.table(
                        ["Task", "Variant"] + kinds.map(Self.signalName),
                        cells.map { c in [c.task, c.variant] + kinds.map { "\(c.signals[$0] ?? 0)" } }))
        }
        let questions = ownQuestions
        if !questions.isEmpty {
            body.append(
                "<h2>The study's own questions</h2>"
                    + Self.table(
                        ["Question", "Variant", "Answers", "Mean", "Given"],
                        questions.map { q in ["\(q.questionnaire) · \(q.item)", q.variant, "\(q.n)", q.mean.map(Self.number) ?? "–", Self.countsText(q)] }))
        }
        let markers = markerRows
        if !markers.isEmpty {
            body.append(
                "<h2>Markers and notes</h2><p>Times in a block are on the block's clock, which is its video's; the study clock runs from the "
                    + "participant's window opening, as the observer page's ticker shows it.</p>"
                    + Self.table(
                        ["Participant", "Variant", "Block", "Task", "In the video", "Video", "Study clock", "Category", "By", "Note", "Clip"],
                        markers.map { m in
                            [
                                m.participant, m.variant ?? m.part ?? "–", m.block.map(String.init) ?? "–", m.task ?? "–", Self.clock(m.blockSeconds),
                                m.video ?? "–", Self.clock(m.studySeconds), m.category, m.source, m.note ?? "", clip(m).map { "\u{1}" + $0 } ?? "–",
                            ]
                        }, id: "markers"))
        }
        let timelines = timelinesHTML()
        if !timelines.isEmpty { body.append(timelines) }
        if !heatmaps.isEmpty {
            body.append(
                "<h2>Where people touched</h2><p>Each screen's touches over that screen only, replayed from the first block that showed it; "
                    + "dots: touch-downs white, misses cyan, rage taps red, dead taps yellow.</p><div class=\"heatmaps\">"
                    + heatmaps.map {
                        "<figure class=\"heatmap\"><img alt=\"\(Self.escape($0.title))\" src=\"data:image/png;base64,\($0.png.base64EncodedString())\">"
                            + "<figcaption>\(Self.escape($0.title))</figcaption></figure>"
                    }.joined() + "</div>")
        }
        if !latency.isEmpty {
            body.append(
                "<h2>In-app latency</h2><p>From reading the event off the queue to the present returning (not the touch controller, the kernel or the display's scan-out), over every input frame of the blocks recorded in a window (ms).</p>"
                    + Self.table(
                        ["Variant", "Input frames", "p50", "p95", "p99"],
                        latency.map {
                            [
                                $0.variant, "\($0.figures.all.frames)", Self.number($0.figures.all.p50), Self.number($0.figures.all.p95),
                                Self.number($0.figures.all.p99),
                            ]
                        }))
            if let warning = observerWarning {
                body.append("<p role=\"alert\">" + Self.escape(warning).replacingOccurrences(of: "**", with: "") + "</p>")
            }
        }
        if !comparisons.isEmpty {
            body.append(
                "<h2>Tests</h2>"
                    + Self.table(
                        ["Measure", "Task", "Variant vs reference", "Test", "Statistic", "p", "Difference (95 % CI unless said)", "n"],
                        orderedComparisons.map { c in
                            [
                                c.measure, c.task ?? "–", "\(c.variant) vs \(c.reference)", c.test,
                                Self.statisticText(c),
                                c.p.map(Self.pValue) ?? "–", Self.differenceText(c), "\(c.n)",
                            ]
                        }))
        }
        body.append("<h2>Methods</h2><p>\(Self.escape(methods))</p>")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>
            body { font: 15px/1.5 system-ui, sans-serif; max-width: 980px; margin: 2em auto; padding: 0 1em; color: #222; }
            table { border-collapse: collapse; margin: 1em 0; font-size: 14px; }
            th, td { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; }
            td:nth-child(n+3) { font-variant-numeric: tabular-nums; }
            figure { margin: 1.5em 0; } img { max-width: 100%; } figcaption { color: #666; font-size: 13px; }
            li.unclear { color: #555; } .problems { color: #a33; }
            svg.timeline { display: block; margin: 2px 0; overflow: visible; } svg.timeline text { font: 12px system-ui, sans-serif; fill: #333; }
            svg.timeline text.tick { font-size: 10px; fill: #777; } svg.timeline text.span-label { fill: #fff; font-size: 11px; }
            .heatmaps { display: flex; flex-wrap: wrap; gap: 12px; } figure.heatmap { margin: 0; width: 220px; } figure.heatmap img { width: 100%; }
            .legend { font-size: 13px; color: #444; } .legend-item { margin-right: 14px; white-space: nowrap; } .legend svg { vertical-align: -2px; }
            </style></head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    static func table(_ header: [String], _ rows: [[String]], id: String? = nil) -> String {
        "<table\(id.map { " id=\"\($0)\"" } ?? "")><thead><tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>"
            + rows.map { "<tr>" + $0.map { "<td>\(cell($0))</td>" }.joined() + "</tr>" }.joined() + "</tbody></table>"
    }

    /// A cell's text, escaped; one that starts with U+0001 is a link to the address after it.
    static func cell(_ text: String) -> String {
        // Only a clip's address is a link: a relative path or a file URL to an MP4 (a note that
        // starts with the marker is text, whatever it says).
        let target = String(text.dropFirst())
        guard text.hasPrefix("\u{1}"), target.hasSuffix(".mp4"), !target.contains(":") || target.hasPrefix("file://") else {
            return escape(text.replacingOccurrences(of: "\u{1}", with: ""))
        }
        let address = escape(target)
        return "<a class=\"clip\" href=\"\(address)\">▶ clip</a>"
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
