import Foundation

/// File names of movies within the file system's limit: NAME_MAX is 255 bytes, and a movie's
/// hidden partial file (`.NAME.partial.mp4`) adds 13 bytes to its name.
public enum MovieNames {
    /// The longest movie file name, in bytes of UTF-8.
    public static let longestMovieName = 255 - 13

    /// `text` cut to at most `limit` bytes of UTF-8, at the edge of a character (a letter with
    /// its accents, an emoji with its modifiers), trailing spaces dropped.
    public static func cut(_ text: String, toBytes limit: Int) -> String {
        var out = ""
        var bytes = 0
        for character in text {
            let size = String(character).utf8.count
            guard bytes + size <= limit else { break }
            out.append(character)
            bytes += size
        }
        while out.last == " " { out.removeLast() }
        return out
    }
}
