import Foundation
import TactileCore
import TactileUI

/// A movie's size and place in words, for the export sheet and the banner when it is done.
extension Strings {
    /// A file's size in megabytes, to a tenth below 100 MB ("24.3 MB", "٢٤٫٣ ميغابايت").
    public func megabytes(_ bytes: Int64) -> String {
        let mb = Double(bytes) / 1_000_000
        let text = mb < 100 ? String(format: "%.1f", mb) : "\(Int(mb.rounded()))"
        return format(.megabytes, ["size": digits(text)])
    }

    /// Where a finished movie went, said as a person would: its name and the folder it is in —
    /// "your home folder", a folder in it by its path from there ("Videos", "Videos/Tactile"),
    /// else the folder's whole path — and its size.
    public func savedIn(_ path: String, bytes: Int64, home: String?) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().standardizedFileURL.path
        var place = folder
        if let home, !home.isEmpty {
            let h = URL(fileURLWithPath: home).standardizedFileURL.path
            if folder == h {
                place = self[EditorText.homeFolder]
            } else if folder.hasPrefix(h + "/") {
                place = String(folder.dropFirst(h.count + 1))
            }
        }
        // A size not known (a trace from before sizes were kept) is left out, not said as 0.
        guard bytes > 0 else { return format(.exportSavedInNoSize, ["file": url.lastPathComponent, "folder": place]) }
        return format(.exportSavedIn, ["file": url.lastPathComponent, "folder": place, "size": megabytes(bytes)])
    }
}
