import Foundation

/// Where a file that is not valid JSON goes wrong, as a person looks for it in an editor: the
/// line and column (Foundation's parser names a character index at best, or only that the text
/// ended early).
public enum JSONSyntaxProblem {
    /// "line 4, column 1: the text ends before the JSON does", "line 1, column 9: a value cannot
    /// start here", or the parser's own words when it names no place.
    public static func describe(_ error: Error, in data: Data) -> String {
        let said = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if said.hasPrefix("Unexpected end of file") || said.contains("end of data") {
            return "\(place(of: data.count, in: data)): the text ends before the JSON does (a missing } or ], or a file cut short)"
        }
        if let range = said.range(of: #"around (line \d+, column \d+|character \d+)"#, options: .regularExpression) {
            let what = said[..<range.lowerBound].trimmingCharacters(in: .whitespaces).lowercased()
            let words = what.isEmpty ? "not valid here" : what
            let around = said[range].dropFirst("around ".count)
            if around.hasPrefix("character"), let index = Int(around.split(separator: " ").last ?? "") {
                return "\(place(of: index, in: data)): \(words)"
            }
            return "\(around): \(words)"
        }
        return said.trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }

    /// "line L, column C" of the byte at `index` (1-based, columns counted in characters).
    static func place(of index: Int, in data: Data) -> String {
        let before = data.prefix(max(0, min(index, data.count)))
        let text = String(decoding: before, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return "line \(lines.count), column \((lines.last?.count ?? 0) + 1)"
    }
}
