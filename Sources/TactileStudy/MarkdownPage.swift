import Foundation

/// A report's Markdown (our own: headings, bullet lists, pipe tables, paragraphs) as one HTML
/// page that needs nothing beside it: for `tactile report SESSION --html`, where a designer
/// reads the settings compared, the latency and the knobs' numbers in a browser. Every piece of
/// text is escaped; numbers in table cells are aligned right.
public enum MarkdownPage {
    /// The page for `markdown`, titled `title`.
    public static func html(_ markdown: String, title: String) -> String {
        var body: [String] = []
        var list: [String] = [], table: [[String]] = [], paragraph: [String] = []
        func flush() {
            if !list.isEmpty { body.append("<ul>" + list.map { "<li>\(inline($0))</li>" }.joined() + "</ul>"); list = [] }
            if !paragraph.isEmpty { body.append("<p>\(inline(paragraph.joined(separator: " ")))</p>"); paragraph = [] }
            if let head = table.first {
                let rows = table.dropFirst().map { row in
                    "<tr>" + row.map { cell in "<td\(isNumber(cell) ? " class=\"n\"" : "")>\(inline(cell))</td>" }.joined() + "</tr>"
                }
                body.append("<table><thead><tr>" + head.map { "<th>\(inline($0))</th>" }.joined() + "</tr></thead><tbody>" + rows.joined() + "</tbody></table>")
                table = []
            }
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("|") {
                if !list.isEmpty || !paragraph.isEmpty { let kept = table; table = []; flush(); table = kept }
                let cells = line.dropFirst().dropLast(line.hasSuffix("|") ? 1 : 0).split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                // The row under the header (---, ---:) only says how to align.
                if !cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } && !$0.isEmpty }) { table.append(cells) }
                continue
            }
            if !table.isEmpty { flush() }
            if line.isEmpty {
                flush()
            } else if let level = (1...3).last(where: { line.hasPrefix(String(repeating: "#", count: $0) + " ") }) {
                flush()
                body.append("<h\(level)>\(inline(String(line.dropFirst(level + 1))))</h\(level)>")
            } else if line.hasPrefix("- ") {
                if !paragraph.isEmpty { flush() }
                list.append(String(line.dropFirst(2)))
            } else {
                if !list.isEmpty { flush() }
                paragraph.append(line)
            }
        }
        flush()
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1d1d1f; }
            table { border-collapse: collapse; margin: 0.8em 0; font-size: 13px; }
            th, td { border: 1px solid #d2d2d7; padding: 0.3em 0.55em; text-align: left; vertical-align: top; }
            th { background: #f5f5f7; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
            code { background: #f5f5f7; padding: 0 0.2em; }
            </style></head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    /// Whether a cell holds a figure ("12.5", "0.10 / 0.70", "–").
    static func isNumber(_ cell: String) -> Bool {
        !cell.isEmpty && cell.allSatisfy { "0123456789.,-–/ +%".contains($0) } && cell.contains { $0.isNumber || $0 == "–" }
    }

    /// `text` escaped, with `code` spans kept as code.
    static func inline(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { i, part in
            i % 2 == 1 ? "<code>\(escape(String(part)))</code>" : escape(String(part))
        }.joined()
    }

    static func escape(_ text: String) -> String { StudyReport.escape(text) }
}
