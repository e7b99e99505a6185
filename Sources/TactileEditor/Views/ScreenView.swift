import TactileCore
import TactileUI

/// The whole screen: title bar, canvas, player bar, timeline, toolbar, banner. Returns what
/// the user asked for in this pass.
struct ScreenView {
    let ui: UIContext
    let media: MediaSource
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let timeline: TactileConfiguration.Timeline
    let editing: TactileConfiguration.Editing
    let feel: TactileConfiguration.Feel
    let input: TactileConfiguration.Input
    let mediaSettings: TactileConfiguration.Media
    let export: TactileConfiguration.Export
    let theme: Theme
    /// The sizes and theme at the scale asked for: sheets, pickers, the project list and
    /// questionnaires draw at it (the bars, the timeline and the keyboard at what the screen holds).
    let reading: (sizes: TactileConfiguration.Layout, theme: Theme)

    mutating func draw(_ state: EditorState) -> [EditorIntent] {
        var intents: [EditorIntent] = []
        // The project list is a screen of its own: the editor under it is not drawn (nothing of it
        // takes a touch or shows in `inspect`); a name typed there gets the keyboard over it.
        if state.projectList != nil {
            intents += ProjectListView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).draw(state)
            intents += TextEditorView(ui: ui, layout: layout, input: input, theme: theme).draw(state)
            intents += BannerView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).draw(state)
            return intents
        }
        let formats = FormatPickerView(ui: ui, layout: layout, sizes: sizes, theme: theme)
        let picture = EditorLayout.picture(in: layout.canvas, ratio: state.project.format.ratio, sizes: sizes)
        intents += TitleBarView(ui: ui, frame: layout.titleBar, picture: picture, sizes: sizes, theme: theme).draw(state)
        intents += formats.drawButton(state)
        intents += CanvasView(ui: ui, media: media, frame: layout.canvas, sizes: sizes, timeline: timeline, editing: editing, feel: feel, theme: theme).draw(
            state)
        intents += ScrubBarView(ui: ui, frame: layout.scrubBar, sizes: sizes, theme: theme).draw(state)
        intents += PlayerBarView(ui: ui, frame: layout.playerBar, media: media, sizes: sizes, feel: feel, theme: theme).draw(state)
        intents += TimelineView(ui: ui, media: media, layout: layout, sizes: sizes, timeline: timeline, feel: feel, mediaSettings: mediaSettings, theme: theme)
            .draw(state)
        intents += ToolbarView(ui: ui, frame: layout.toolbar, sizes: sizes, theme: theme).draw(state)
        intents += TaskPromptView(ui: ui, layout: layout, sizes: sizes, theme: theme).draw(state)
        intents += MediaBrowserView(ui: ui, media: media, sizes: reading.sizes, editing: editing, mediaSettings: mediaSettings, theme: reading.theme).draw(
            state)
        intents += FormatPickerView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).drawPicker(state, media: media)
        intents += TextEditorView(ui: ui, layout: layout, input: input, theme: theme).draw(state)
        intents += StickerPickerView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).draw(state)
        intents += TransitionPickerView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).draw(state)
        intents += VoiceOverView(ui: ui, layout: layout, sizes: reading.sizes, editing: editing, theme: reading.theme).draw(state)
        intents += ClipSheetView(ui: ui, layout: layout, media: media, sizes: reading.sizes, theme: reading.theme).draw(state)
        intents += ExportSheetView(ui: ui, layout: layout, sizes: reading.sizes, export: export, theme: reading.theme).draw(state)
        intents += QuestionnaireView(ui: ui, layout: layout, theme: reading.theme, scale: reading.sizes.uiScale).draw(state)
        intents += BannerView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).draw(state)
        LargeContentView(ui: ui, layout: layout, sizes: reading.sizes, theme: reading.theme).draw()
        return intents
    }
}

/// A round icon button (an ordinary `ui.button` drawing an icon, and a caption under it when
/// given); `hitFrame`: where it takes a touch, when more than its drawn frame.
func iconButton(
    _ ui: UIContext, id: String, role: String, label: String, icon: Icon, frame: Rect,
    theme: Theme, enabled: Bool = true, caption: String? = nil, state extra: [String: ElementValue] = [:], hitFrame: Rect? = nil
) -> Bool {
    ui.button(id, role: role, label: label, frame: frame, hitFrame: hitFrame, enabled: enabled, state: extra) { look in
        let color = look.enabled ? theme.textPrimary : theme.textTertiary
        // Held, it shows its icon and name large where the bars draw smaller than the text asked.
        if let since = look.heldSince {
            ui.offerLargeContent(id, label: caption ?? label, heldSince: since, by: look.heldBy) { box, ink in icon.draw(in: box, color: ink, ui: ui) }
        }
        let m = theme.metrics.bars
        if look.pressed { ui.fill(frame.insetBy(dx: m.pressInset, dy: m.pressInset), theme.surfaceRaised, radius: theme.buttonPressRadius) }
        if let caption {
            let k = frame.height / m.captionedDesignHeight
            let iconBox = Rect(x: frame.x, y: frame.y + m.iconTop * k, width: frame.width, height: m.iconHeight * k)
            icon.draw(in: iconBox, color: color, ui: ui)
            // A caption wider than its button gives way in size (whole sizes) rather than to "…".
            var font = theme.captionFont
            while font.size > 1, ui.measurer.measure(caption, font: font).width > frame.width { font.size -= 1 }
            ui.text(
                caption, in: Rect(x: frame.x, y: frame.y + m.captionTop * k, width: frame.width, height: m.captionHeight * k),
                font: font, color: look.enabled ? theme.textSecondary : theme.textTertiary, alignment: .center)
        } else {
            icon.draw(in: frame.insetBy(dx: frame.width * m.iconInset, dy: frame.height * m.iconInset), color: color, ui: ui)
        }
    }
}
