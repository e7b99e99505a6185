import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileUI

/// The lab's side of a host session: the lab panel beside the phone, the tuning panel, the live
/// variant and the A/B flip (`SettingsStage` does the work).
extension HostSession {
    /// The lab panel's width when a monitor, the arena or pointer location is on, or the tuning
    /// panel is open (`OverlaysMetrics.panelWidth`); nil otherwise.
    public var panelWidth: Double? { overlays.wantsPanel || isTuningOpen ? editor.labTheme.metrics.overlays.panelWidth : nil }

    /// Draws the overlays' words in the lab panel outside the phone (true) or over the phone's
    /// picture (false, the default: headless pictures, a window with no room).
    public func placePanel(outside: Bool, width: Double? = nil) {
        guard outside != overlays.panelOutside || width != panelDrawnWidth else { return }
        overlays.panelOutside = outside
        panelDrawnWidth = width
        settings?.live.picture = nil
        needsPresent = true
    }

    /// Shows an older (`back` > 0) or newer touch in the lab panel's per-touch timeline.
    public func showTouch(back: Int) {
        overlays.showTouch(back: back)
        needsPresent = true
    }

    /// The lab panel's picture at `now`, as tall as the viewport, when it is drawn outside.
    public func panelPicture(at now: Time) -> DrawList? {
        guard overlays.panelOutside, let size = panelSize else { return nil }
        if isTuningOpen, let tuning = settings?.live.picture { return tuning }
        let comparison = overlays.comparison(pair: flipPair, live: variantLabel)
        var list = overlays.panel(at: now, size: size, theme: editor.labTheme, measurer: editor.measurer, comparison: comparison) ?? DrawList()
        if let badge = settings?.live.badge { VariantBadge.draw(badge, into: &list, width: size.width, theme: editor.labTheme, measurer: editor.measurer) }
        return list
    }

    /// The lab panel's size as drawn, when it is wanted.
    var panelSize: Size? {
        panelWidth.map { Size(width: min($0, panelDrawnWidth ?? $0), height: state.viewport.height) }
    }

    /// The variant live now (`SettingsChange.baseVariant`: the configuration file's own settings).
    public var liveVariant: String { settings?.live.variant ?? SettingsChange.baseVariant }
    /// What the frames made now are made under, as the report names it: the live variant, or
    /// "base (tuned, unsaved)" while tuning not yet saved is in force.
    public var variantLabel: String { unsavedChanges > 0 ? SettingsChange.unsavedLabel(of: liveVariant) : liveVariant }
    /// The two variants an A/B flip switches between (B nil until one is saved or named).
    public var flipPair: (a: String, b: String?) { settings?.live.pair ?? (SettingsChange.baseVariant, nil) }
    /// Whether the tuning panel is open.
    public var isTuningOpen: Bool { settings?.live.isTuningOpen ?? false }
    /// How many settings differ, after tuning, from the live variant as loaded or saved.
    public var unsavedChanges: Int { settings?.live.unsaved ?? 0 }
    /// What the phone and the lab panel show at `now`, for the layout check: the editor's last
    /// frame with the PIN pad's pass over it; the lab panel (the tuning panel, or the overlays'
    /// words) when it is drawn outside the phone.
    public func screenLayouts(at now: Time) -> [ScreenLayout] {
        let output = lastOutput
        let phone = ScreenLayout(
            name: "phone", size: state.viewport, elements: output?.elements ?? [], targets: output?.touchTargets ?? [], picture: picture(at: now),
            scrollViews: output?.scrollViews ?? [])
        var out = [phone.covered(by: kioskStage?.pinLayout)]
        if let size = panelSize, let picture = panelPicture(at: now) {
            let live = isTuningOpen ? settings?.live : nil
            out.append(ScreenLayout(name: "lab panel", size: size, elements: live?.elements ?? [], targets: live?.targets ?? [], picture: picture))
        }
        return out
    }

    /// The tuning panel's elements as last drawn, in the lab panel's points (empty when closed).
    public var tuningElements: [UIElement] { isTuningOpen ? settings?.live.elements ?? [] : [] }

    /// Names the variant the session started with (nil: the file's own settings) and the other
    /// one an A/B flip switches to (nil: none until the tuning panel saves one).
    public func startVariants(live name: String?, other: String?, now: Time = .zero) {
        settings?.startVariants(live: name, other: other, now: now)
    }

    public func toggleTuning() { settings?.toggleTuning() }

    public func flipVariant() { settings?.flipVariant() }

    /// Changes the settings as a recorded settings line says, at the next step (a replay).
    public func replay(_ change: SettingsChange) { settings?.replay(change) }

    /// What became of tuning not yet saved when the session ends.
    public enum TuningKept: Equatable {
        /// Kept as a variant of its own: "tuned-2 in tactile.json".
        case saved(String)
        /// Could not be saved: why, in words.
        case lost(String)
    }

    /// At the end of a session, tuning not yet saved is kept as a variant of its own (as a flip
    /// keeps it), so nothing tuned is lost; nil when there is none, or no configuration file to
    /// keep it in (the panel said so when the tuning began).
    public func keepUnsavedTuning() -> TuningKept? { settings?.keepUnsavedTuning() }
}
