import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileSDL
import TactileUI

extension ConfigurationSchema {
    /// Tactile's configuration: every section, assembled here above the modules that own them,
    /// in the order a file, `tactile config` and Docs/Configuration.md list them. The owners:
    /// the editor (layout, timeline, editing, overlays, session, feel, export), input (input,
    /// touchscreen), the UI (cues, theme), the SDL backend (window), kiosk mode (kiosk), the
    /// host (study: the frustration signals it counts) and Core (media, shared by the decoders,
    /// the editor and the sound). `feel.preset` lays a platform's touch values under a file.
    public static let tactile = ConfigurationSchema(
        sections: tactileSections,
        preset: ConfigurationPreset(section: "feel", key: "preset", names: FeelPreset.allCases.map(\.rawValue)) { name in
            FeelPreset(rawValue: name).map { preset in
                var c = ConfigurationSchema(sections: tactileSections).defaults
                preset.apply(to: &c)
                return c
            }
        })

    private static let tactileSections: [any ConfigurationSection.Type] = [
        TactileConfiguration.Layout.self, TactileConfiguration.Input.self, TactileConfiguration.Timeline.self,
        TactileConfiguration.Window.self, TactileConfiguration.Editing.self, TactileConfiguration.Cues.self,
        TactileConfiguration.Media.self, TactileConfiguration.Appearance.self, TactileConfiguration.Touchscreen.self,
        TactileConfiguration.Overlays.self, TactileConfiguration.Session.self, TactileConfiguration.Kiosk.self,
        TactileConfiguration.Feel.self, TactileConfiguration.Study.self, TactileConfiguration.Export.self,
    ]
}
