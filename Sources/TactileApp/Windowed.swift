import TactileCore
import TactileEditor
import TactileSDL
import TactileMedia

/// `tactile run`: the editor in a window.
public enum Windowed {
    public static func run(project path: String?, files: [String] = [], scale: Double?, fill: Bool, fullscreen: Bool, size: String?,
                           uiScale: Double? = nil, mediaDir: String? = nil) throws {
        MediaMemory.returnLargeBuffersToTheSystem()
        let (project, notices) = try Inputs.opening(project: path, files: files)
        let library = try MediaFolder.library(mediaDir)
        let options = WindowOptions(viewport: try Inputs.size(size) ?? TactileConfiguration().layout.viewport,
                                    scale: try Inputs.scale(scale), fill: fill, fullscreen: fullscreen)
        do { try WindowHost(options: options, configuration: try Inputs.configuration(uiScale: uiScale)).run(project: project, notices: notices, library: library) } catch let e as SDLError {
            throw CommandError(e.message)
        }
    }
}
