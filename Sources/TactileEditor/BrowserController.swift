import TactileCore
import TactileInput

/// Gestures on the media browser sheet: a vertical pan scrolls its grid (clamped to its
/// content), a tap on a tile adds that file, a tap on the dimmed editor above closes it.
struct BrowserController {
    let sizes: TactileConfiguration.Layout
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    let media: MediaSource
    /// The header's height as the sheet draws it (`MediaBrowserView.headerHeight`).
    let headerHeight: Double
    var actions: EditorActions { EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }

    func apply(_ g: GestureEvent, on target: BrowserTarget, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var browser = state.browser else { return }
        switch (g.kind, g.phase) {
        case (.tap, _):
            switch target {
            case .scrim:
                actions.perform(.closeBrowser, state: &state, now: now, effects: &effects)
            case .sheet:
                break
            case let .tile(path):
                switch media.status(of: path) {
                case let .ready(info):
                    actions.perform(.addMedia(path: path, info: info), state: &state, now: now, effects: &effects)
                case let .offline(reason):
                    actions.showProblems(["\(path.split(separator: "/").last.map(String.init) ?? path): \(reason)"], state: &state, now: now, effects: &effects)
                case .loading:
                    break
                }
            }
        case (.scroll, .began):
            browser.scrollAnchor = browser.scroll
            state.browser = browser
        case (.scroll, .changed):
            guard let anchor = browser.scrollAnchor,
                let (layout, _) = MediaBrowserView.layout(state, media: media, sizes: sizes, editing: editing, now: now, headerHeight: headerHeight)
            else { return }
            browser.scroll = min(max(0, anchor - g.translation.y), layout.maxScroll)
            state.browser = browser
        case (.scroll, _):
            browser.scrollAnchor = nil
            state.browser = browser
        default:
            break
        }
    }
}
