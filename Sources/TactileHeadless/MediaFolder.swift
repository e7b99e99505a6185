import Foundation
import TactileEditor
import TactileMedia

/// The media folder behind the add buttons (`--media-dir`, default the demo media).
public enum MediaFolder {
    /// Extensions of the files offered (video, sound, pictures); others in the folder are left out.
    static let extensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "mts", "m2ts", "ts", "3gp", "mpg", "mpeg", "flv",
        "wmv", "ogv", "m4a", "mp3", "wav", "aac", "flac", "ogg", "oga", "opus", "aif", "aiff", "caf",
        "png", "jpg", "jpeg", "gif", "bmp", "tif", "tiff", "webp",
    ]

    /// The library of `folder` (nil: the demo media, made if missing): its media files, sorted by
    /// name. Throws a `CommandError` when the folder cannot be listed.
    /// `makingDemo`: the demo media are being made behind the window (a first start): the
    /// library lists them as they will be, without waiting for them.
    public static func library(_ folder: String?, makingDemo: Bool = false) throws -> MediaLibrary {
        guard let folder else {
            let demo = DemoMedia.defaultFolder()
            var library: MediaLibrary
            if makingDemo {
                let paths = DemoMedia.planned(in: demo).paths.values.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
                library = MediaLibrary(folder: demo.path, files: paths)
            } else {
                _ = try? DemoMedia.ensure(in: demo)
                library = (try? scan(demo)) ?? MediaLibrary(folder: demo.path)
            }
            library.name = "Demo media"
            return library
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.badInput("--media-dir \(folder): no such folder")
        }
        do { return try scan(URL(fileURLWithPath: folder)) } catch {
            throw CommandError.badInput("--media-dir \(folder): cannot be listed (\(CommandError.reason(error)))")
        }
    }

    /// The media files in `folder` now, sorted by name (the media sheet's order); nil when it
    /// cannot be listed. A window lists the folder again with it each time the sheet opens.
    public static func files(in folder: String) -> [String]? { try? scan(URL(fileURLWithPath: folder)).files }

    static func scan(_ folder: URL) throws -> MediaLibrary {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let files = names.filter { !$0.hasPrefix(".") && extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
            .map { folder.appendingPathComponent($0).path }
        return MediaLibrary(folder: folder.path, files: files)
    }
}
