import TactileCore
import TactileInput
import TactileUI

/// The part of the configuration the editor reads: its own sections and those of the modules
/// beneath it, never the study's, the kiosk's, the window's or the server's. The editor, its
/// state and the exporter that draws its pictures get this slice (as a child store in TCA gets
/// its `Scope`), so what they may read is written in one place.
public struct EditorSettings: Hashable, Sendable {
    public var layout: TactileConfiguration.Layout
    public var timeline: TactileConfiguration.Timeline
    public var editing: TactileConfiguration.Editing
    public var feel: TactileConfiguration.Feel
    public var input: TactileConfiguration.Input
    public var media: TactileConfiguration.Media
    public var export: TactileConfiguration.Export
    public var theme: TactileConfiguration.Appearance
    public var session: TactileConfiguration.Session
    public var overlays: TactileConfiguration.Overlays

    /// The editor's slice of `configuration`.
    public init(_ configuration: TactileConfiguration) {
        layout = configuration.layout
        timeline = configuration.timeline
        editing = configuration.editing
        feel = configuration.feel
        input = configuration.input
        media = configuration.media
        export = configuration.export
        theme = configuration.theme
        session = configuration.session
        overlays = configuration.overlays
    }

    /// Every setting at its default.
    public init() { self.init(TactileConfiguration()) }

    /// The settings with every size of text and touch targets multiplied by `layout.uiScale`
    /// (viewport, insets and margins stay; touch targets never below their designed size).
    public func scaledForUI() -> EditorSettings {
        var s = self
        s.layout = layout.scaledForUI()
        return s
    }
}

extension TactileConfiguration {
    /// The part of it the editor reads.
    public var editorSettings: EditorSettings { EditorSettings(self) }
}
