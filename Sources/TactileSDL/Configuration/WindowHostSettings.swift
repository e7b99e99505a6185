import TactileCore
import TactileInput
import TactileUI

/// The part of the configuration a window reads: its device frame and timing, the touch panel,
/// the cue and sound devices, and the appearance its chrome is drawn in.
public struct WindowHostSettings: Hashable, Sendable {
    public var window: TactileConfiguration.Window
    public var touchscreen: TactileConfiguration.Touchscreen
    public var cues: TactileConfiguration.Cues
    public var media: TactileConfiguration.Media
    public var theme: TactileConfiguration.Appearance

    /// The window's slice of `configuration`.
    public init(_ configuration: TactileConfiguration) {
        window = configuration.window
        touchscreen = configuration.touchscreen
        cues = configuration.cues
        media = configuration.media
        theme = configuration.theme
    }
}

extension TactileConfiguration {
    /// The part of it a window reads.
    public var windowSettings: WindowHostSettings { WindowHostSettings(self) }
}
