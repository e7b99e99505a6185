import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileUI

/// Settings that change while the session runs: the configuration file read again when it
/// changes (a reload never throws away what was tuned), the tuning panel (opened by a finger held
/// in the screen's corner, or F5), the A/B flip between two named variants (a two-finger tap
/// beside the phone, or F6), and the settings lines a replay hands over. Every change goes to the
/// next frame record and the log (`settings`), so a reader never pools two settings epochs.
public final class SettingsStage: HostStage {
    /// The session served (set when the session takes the stage).
    weak var session: HostSession?
    private var s: HostSession { session! }
    /// The tuning panel, the A/B flip and the settings changes they and reloads make.
    var live: LiveSettings
    private var nextConfigurationCheck = Time.zero

    public init(overlays: TactileConfiguration.Overlays) { live = LiveSettings(overlays: overlays) }

    public func stepBegan(_ step: inout StageStep) {
        if let reloaded = pollConfiguration(now: step.now) { step.frame.commands.append(.configurationChanged(reloaded)) }
        stepLiveSettings(outside: step.context.outsideInput, now: step.now, into: &step.frame)
    }

    public func take(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        guard let held = takeCornerHold(input, now: step.now) else { return input }
        // The finger that opened the tuning panel is the panel's: the editor never saw it (held
        // back in `route`), so it is no touch of the participant's and no miss.
        if s.labGestures { step.frame.commands.append(.showPanel(live.isTuningOpen)) }
        if heldBack.finger == held.id { heldBack = (nil, []) }
        panelFingers.insert(held.id)
        return input
    }

    /// Fingers whose hold opened the tuning panel: the rest of each (its moves, its lift) is the
    /// panel's too.
    private var panelFingers: Set<PointerID> = []

    /// A finger in the tuning corner, held back from the editor until it is known not to be
    /// the corner's hold (it moved or lifted first: then the editor gets all of it, in order).
    private var heldBack: (finger: PointerID?, events: [InputEvent]) = (nil, [])

    public func route(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        let holding = s.takesCornerHold ? live.cornerHold.holding : nil
        var out: [InputEvent] = []
        for e in input {
            // While a variant is renamed, the keyboard types its name, not into the editor.
            if live.picker?.renaming != nil, typeName(e, now: step.now) { continue }
            if case let .touch(id, phase, _) = e.kind, panelFingers.contains(id) {
                if phase == .up || phase == .cancel { panelFingers.remove(id) }
                continue
            }
            if e.kind == .focusLost { panelFingers.removeAll() }
            guard case let .touch(id, _, _) = e.kind, id == holding || id == heldBack.finger else {
                if e.kind == .focusLost, heldBack.finger != nil { out += heldBack.events; heldBack = (nil, []) }
                out.append(e)
                continue
            }
            if id == holding {
                heldBack = (id, heldBack.finger == id ? heldBack.events + [e] : [e])
            } else {
                // No longer the corner's hold: the editor gets the finger from its start.
                out += heldBack.events + [e]
                heldBack = (nil, [])
            }
        }
        if let finger = heldBack.finger, finger != holding {
            out = heldBack.events + out
            heldBack = (nil, [])
        }
        return out
    }

    public func decorate(_ picture: inout DrawList, now: Time, session: HostSession) {
        guard !session.overlays.panelOutside, let badge = live.badge else { return }
        VariantBadge.draw(badge, into: &picture, width: session.state.viewport.width, centred: true, theme: session.theme, measurer: session.editor.measurer)
    }

    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? {
        var candidates: [(time: Time, reason: String)] = []
        if session.services.configurationWatcher != nil { candidates.append((nextConfigurationCheck, "configuration file")) }
        if let hold = nextWork(after: now, session: session) { candidates.append(hold) }
        if live.flipRequested { candidates.append((now, "flip")) }
        // A panel to draw again (a name typed on the keyboard).
        if live.isTuningOpen && live.picture == nil { candidates.append((now, "tuning panel")) }
        return candidates.min { $0.time < $1.time }
    }

    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? {
        guard session.takesCornerHold, let hold = live.cornerHold.due else { return nil }
        return (hold, "tuning corner")
    }

    public func adopt(_ change: ConfigurationChange, session: HostSession) {
        let new = change.new
        live.picture = nil // the tuning panel shows the new values
        // Unsaved: the settings that differ from the live variant as loaded or saved (a slider
        // moved back where it was is no change), whichever way the settings changed.
        live.unsaved = session.services.schema.map { ConfigurationSchema.dotted($0.changes(from: live.baseline, to: new)).count } ?? 0
    }

    /// Names the variant the session started with (nil: the file's own settings) and the other
    /// one an A/B flip switches to (nil: none until the tuning panel saves one).
    public func startVariants(live name: String?, other: String?, now: Time = .zero) {
        live.variant = name ?? SettingsChange.baseVariant
        live.pair = (live.variant, other == live.variant ? nil : other)
        // Said at the first step, on its clock: a line stamped now could come before input that
        // arrives before that step, and a trace must never go back in time.
        live.announceStart = name != nil || other != nil || s.labGestures
    }

    public func toggleTuning() {
        guard s.kiosk == nil else { return }
        live.isTuningOpen.toggle()
        live.picture = nil
        live.picker = nil
        live.variantNames = nil
        s.needsPresent = true
    }

    public func flipVariant() {
        guard s.kiosk == nil else { return }
        live.flipRequested = true
    }

    /// Changes the settings as a recorded settings line says, at the next step (a replay).
    public func replay(_ change: SettingsChange) { live.replays.append(change) }

    /// The tuning panel's pass over the touches outside the phone, a flip asked for by key or by a
    /// two-finger tap there, and the settings lines a replay hands over, at the start of a step.
    func stepLiveSettings(outside: [InputEvent], now: Time, into frame: inout ShellFrame) {
        if live.announceStart {
            live.announceStart = false
            note(SettingsChange(time: now, source: .start, variant: live.variant, changes: .object([])))
        }
        for change in live.replays {
            // Logged as recorded, so the replay's log still matches; a line whose changes cannot
            // be laid over these settings (a key this Tactile lacks, a value out of range) is said.
            note(change)
            live.variant = change.variant
            guard let schema = s.services.schema else { continue }
            do {
                let new = try schema.applying(change.changes, to: s.configuration)
                // What the live session loaded or saved is what Revert and "unsaved" measure from
                // (a reload's kept tuning counts as loaded: its line does not tell them apart).
                if [.save, .flip, .reload].contains(change.source) { live.loaded(new) }
                if new != s.configuration {
                    frame.commands.append(.configurationChanged(s.adopt(new)))
                }
            } catch {
                s.post(banner: "A recorded settings change cannot be replayed: \(ErrorWords.reason(error))", isError: true)
            }
        }
        live.replays.removeAll()
        let touches = outside.filter {
            if case .touch = $0.kind { return true }; return $0.kind == .focusLost
        }
        live.flipTaps.longest = .seconds(s.configuration.overlays.flipTapDuration)
        if s.labGestures && live.flipTaps.feed(touches) > 0 { live.flipRequested = true }
        if live.flipRequested {
            live.flipRequested = false
            flip(now: now, into: &frame)
        }
        guard live.isTuningOpen else { return }
        // A new figure of the monitor's or the arena's draws the panel again.
        let figures = s.overlays.tuningFigures(pair: live.pair, live: live.variant)
        if figures != live.figures { live.picture = nil }
        guard !touches.isEmpty || live.picture == nil, let size = s.panelSize else { return }
        live.figures = figures
        let pickerBefore = live.picker
        let actions = tuningPass(touches, size: size, now: now)
        for action in actions {
            switch action {
            case let .set(setting, value):
                guard let schema = s.services.schema else { continue }
                do {
                    let new = try schema.applying(setting.changes(to: value), to: s.configuration)
                    if record(change: .tuning, to: new, variant: live.variant, now: now) {
                        frame.commands.append(.configurationChanged(s.adopt(new)))
                    }
                } catch {
                    s.post(banner: "\(setting.label): \(ErrorWords.reason(error))", isError: true)
                }
            case .save: saveVariant(now: now)
            case .revert:
                if record(change: .revert, to: live.baseline, variant: live.variant, now: now) {
                    frame.commands.append(.configurationChanged(s.adopt(live.baseline)))
                }
            case .flip: flip(now: now, into: &frame)
            case .close:
                toggleTuning()
                frame.commands.append(.showPanel(false))
            case let .choose(side, name): choose(side, name)
            case let .rename(old, new): rename(old, to: new, now: now)
            case let .delete(name): delete(name)
            }
        }
        // Drawn again as the actions left it (a value moved, a variant saved, the picker opened,
        // a name typed).
        if !actions.isEmpty || live.picker != pickerBefore { _ = tuningPass([], size: size, now: now) }
        s.needsPresent = true
    }

    /// One pass of the tuning panel over `touches` (its picture kept); returns what was done.
    func tuningPass(_ touches: [InputEvent], size: Size, now: Time) -> [TuningPanel.Action] {
        guard let schema = s.services.schema else { return [] }
        let ui = UIContext(memory: live.memory, touches: touches, now: now, viewport: size, measurer: s.editor.measurer, theme: s.editor.labTheme)
        let wasPicking = live.picker != nil
        let drawn = TuningPanel(ui: ui, theme: s.editor.labTheme).draw(
            object: schema.jsonObject(of: s.configuration), live: live.variant, pair: live.pair, unsaved: live.unsaved, offset: live.scroll,
            size: size, figures: live.figures, variants: variantNames, picker: &live.picker)
        // The list shows the other thing now (settings or variants): from its top.
        if wasPicking != (live.picker != nil) { live.scroll = 0 }
        live.memory = ui.finish()
        live.picture = ui.draw
        live.elements = ui.elements
        live.targets = ui.touchTargets
        for g in drawn.scrolls {
            switch g.phase {
            case .began: live.scrollAnchor = live.scroll
            case .changed: if let anchor = live.scrollAnchor { live.scroll = min(max(0, anchor - g.translation.y), max(0, drawn.height - drawn.room)) }
            default: live.scrollAnchor = nil
            }
        }
        return drawn.actions
    }

    /// A finger held in the screen's corner long enough to open or close the tuning panel.
    func takeCornerHold(_ input: [InputEvent], now: Time) -> (id: PointerID, at: Point)? {
        guard s.takesCornerHold else {
            live.cornerHold.reset() // turned off mid-hold: nothing stays due
            return nil
        }
        live.cornerHold.corner = s.configuration.overlays.tuningCorner
        live.cornerHold.hold = .seconds(s.configuration.overlays.tuningHold)
        guard let held = live.cornerHold.feed(input, now: now) else { return nil }
        if s.labGestures { toggleTuning() }
        return held
    }

    /// Saves the settings in force as a new variant, which becomes B of the A/B pair and live.
    /// Returns why it could not be saved (the banner shown), nil when it was.
    @discardableResult
    func saveVariant(now: Time, announce: Bool = true) -> String? {
        guard let store = s.services.variants else {
            let why = "Variants cannot be saved in this session (no configuration file)"
            s.post(banner: why, isError: true)
            return why
        }
        do {
            // An edit saved in the person's editor but not yet read stays to be read.
            let editPending = s.services.configurationWatcher?.hasChanged ?? false
            let saved = try store.save(s.configuration)
            live.variantNames = nil
            live.variant = saved.name
            live.pair = (live.pair.a == saved.name ? SettingsChange.baseVariant : live.pair.a, saved.name)
            live.loaded(s.configuration)
            s.services.configurationWatcher?.variant = saved.name
            if !editPending && saved.place == .file { s.services.configurationWatcher?.acceptCurrent() }
            note(SettingsChange(time: now, source: .save, variant: saved.name, changes: .object([])))
            if announce {
                s.post(
                    banner:
                        "Saved as \(saved.name) in \(saved.url.lastPathComponent)\(saved.place == .sidecar ? " (beside the configuration file)" : ""). \(pairWords)",
                    isError: false)
            }
            return nil
        } catch {
            let why = "The variant could not be saved: \(ErrorWords.sentence(error))"
            s.post(banner: why, isError: true)
            return why
        }
    }

    // MARK: The variant picker

    /// A key typed while a variant is renamed: text is added to the name, backspace takes a
    /// character off, return saves it, escape cancels (space comes as text). Whether it was taken.
    func typeName(_ event: InputEvent, now: Time) -> Bool {
        guard var picker = live.picker, let old = picker.renaming else { return false }
        switch event.kind {
        case let .text(text): picker.typed = String((picker.typed + text).prefix(80))
        case .key(.backspace): if !picker.typed.isEmpty { picker.typed.removeLast() }
        case .key(.escape): picker.renaming = nil
        case .key(.space): return true
        case .key(.enter):
            rename(old, to: picker.typed, now: now)
            live.picture = nil
            return true
        default: return false
        }
        live.picker = picker
        live.picture = nil
        return true
    }

    /// The pair in words, for a banner: "A is base, B is tuned-2" (and the live one when it is neither).
    var pairWords: String {
        let pair = "A is \(live.pair.a), B is \(live.pair.b ?? "none yet")"
        return live.variant == live.pair.a || live.variant == live.pair.b ? pair : pair + "; \(live.variant) is live (a flip goes to A)"
    }

    /// Makes `name` one side of the A/B pair (the side it held before, if any, swaps).
    func choose(_ side: TuningPanel.Side, _ name: String) {
        var pair = live.pair
        switch side {
        case .a:
            if pair.b == name { pair.b = pair.a }
            pair.a = name
        case .b:
            if pair.a == name { pair.a = pair.b ?? SettingsChange.baseVariant }
            pair.b = name
        }
        if pair.b == pair.a { pair.b = nil }
        live.pair = pair
        s.post(banner: pairWords, isError: false)
    }

    /// Renames a saved variant in the file, and wherever the session names it (live, A, B): a
    /// live variant's new name goes to the trace and the log as a save of the same settings.
    func rename(_ old: String, to new: String, now: Time) {
        guard let store = s.services.variants else { return }
        let name = new.trimmingCharacters(in: .whitespaces)
        do {
            try ownWrite { try store.rename(old, to: name) }
        } catch {
            s.post(banner: "\(old) could not be renamed: \(ErrorWords.reason(error))", isError: true)
            return
        }
        live.picker?.renaming = nil
        if live.pair.a == old { live.pair.a = name }
        if live.pair.b == old { live.pair.b = name }
        if live.variant == old {
            live.variant = name
            if s.services.configurationWatcher?.variant == old { s.services.configurationWatcher?.variant = name }
            note(SettingsChange(time: now, source: .save, variant: name, changes: .object([])))
        }
        s.post(banner: "\(old) is now called \(name) in \(store.url.lastPathComponent). \(pairWords)", isError: false)
    }

    /// Runs `write`, a change of the configuration file's variants, which the file's watcher then
    /// takes as read (it is no edit of the person's to reload), unless an edit of theirs was
    /// already waiting to be read.
    private func ownWrite(_ write: () throws -> Void) rethrows {
        let editPending = s.services.configurationWatcher?.hasChanged ?? false
        try write()
        live.variantNames = nil
        if !editPending { s.services.configurationWatcher?.acceptCurrent() }
    }

    /// The saved variants' names for the panel, read from the file once and kept until a variant
    /// is saved, renamed or deleted (not on every pass: the panel draws again at every new figure).
    private var variantNames: [String] {
        if let names = live.variantNames { return names }
        let names = s.services.variants?.names ?? []
        live.variantNames = names
        return names
    }

    /// Deletes a saved variant from the file (never the live one: flip away from it first).
    func delete(_ name: String) {
        guard let store = s.services.variants else { return }
        guard name != live.variant else {
            s.post(banner: "\(name) is live: flip to another variant before deleting it", isError: true)
            return
        }
        do {
            try ownWrite { try store.delete(name) }
        } catch {
            s.post(banner: "\(name) could not be deleted: \(ErrorWords.reason(error))", isError: true)
            return
        }
        if live.pair.a == name { live.pair.a = SettingsChange.baseVariant }
        if live.pair.b == name || live.pair.b == live.pair.a { live.pair.b = nil }
        s.post(banner: "Deleted \(name) from \(store.url.lastPathComponent). \(pairWords)", isError: false)
    }

    /// At the end of a session, tuning not yet saved is kept as a variant of its own (as a flip
    /// keeps it), so nothing tuned is lost; nil when there is none, or no configuration file to
    /// keep it in (the panel said so when the tuning began).
    public func keepUnsavedTuning() -> HostSession.TuningKept? {
        guard live.unsaved > 0, s.kiosk == nil, s.services.variants != nil else { return nil }
        let changes = live.unsaved
        if let why = saveVariant(now: s.lastStep) { return .lost("\(changes) tuned setting\(changes == 1 ? "" : "s") (\(why))") }
        return .saved(live.variant)
    }

    /// Switches to the other variant of the A/B pair (unsaved tuning is saved as a variant first,
    /// so nothing tuned is lost, and becomes B).
    func flip(now: Time, into frame: inout ShellFrame) {
        guard s.kiosk == nil else { return }
        var said: String?
        if live.unsaved > 0 {
            // The tuning is kept as a variant of its own, and takes the place in the pair of the
            // side it was tuned from, so the flip compares it with the other side and back to it
            // again (when there is no B yet, the saved tuning becomes B).
            let pair = live.pair, from = live.variant
            guard saveVariant(now: now, announce: false) == nil else { return }
            let saved = live.variant
            if let b = pair.b {
                live.pair = from == b ? (pair.a, saved) : (saved, b)
                said = "Your tuning of \(from) is saved as \(saved), now \(from == b ? "B" : "A")"
            } else {
                said = "Your tuning is saved as \(saved), now B"
            }
        }
        if live.pair.b == nil, let last = s.services.variants?.names.last(where: { $0 != live.pair.a }) {
            // A pair never chosen: B is the variant saved last in the file.
            live.pair.b = last
        }
        guard let b = live.pair.b else {
            s.post(banner: "Nothing to flip to yet: save a variant in the tuning panel (F5), or start with --flip A,B", isError: false)
            return
        }
        guard let store = s.services.variants else { return }
        let target = live.variant == live.pair.a ? b : live.pair.a
        do {
            let new = try store.configuration(variant: target)
            record(change: .flip, to: new, variant: target, now: now, always: true)
            live.variant = target
            live.loaded(new)
            s.services.configurationWatcher?.variant = target == SettingsChange.baseVariant ? nil : target
            frame.commands.append(.configurationChanged(s.adopt(new)))
            let flipped = "Variant \(target == live.pair.a ? "A" : "B"): \(target)"
            s.post(banner: said.map { "\($0). \(flipped)" } ?? flipped, isError: false)
        } catch {
            s.post(banner: "Cannot flip to \(target): \(ErrorWords.reason(error))", isError: true)
        }
    }

    /// Hands `change` to the next frame record (a trace line) and the log (a `settings` event).
    func note(_ change: SettingsChange) {
        live.pending.append(change)
        s.addToNextFrameLog(change.logEvent)
    }

    /// Notes a change of the settings to `new` (a trace line at the next frame, a `settings`
    /// event in the log); false when nothing changes.
    @discardableResult
    func record(change source: SettingsChange.Source, to new: TactileConfiguration, variant: String, now: Time, always: Bool = false) -> Bool {
        guard let schema = s.services.schema else { return new != s.configuration }
        let changes = schema.changes(from: s.configuration, to: new)
        guard always || changes != .object([]) else { return false }
        note(SettingsChange(time: now, source: source, variant: variant, changes: changes))
        return true
    }

    // MARK: Parts of a step

    /// The change a reloaded configuration made, when the watched file changed and is good; a banner either way.
    func pollConfiguration(now: Time) -> ConfigurationChange? {
        guard let watcher = s.services.configurationWatcher, now >= nextConfigurationCheck else { return nil }
        nextConfigurationCheck = now + .seconds(s.configuration.session.configurationPollInterval)
        switch watcher.poll() {
        case var .success(new)?:
            s.services.adjustReloaded?(&new)
            // Tuning not yet saved is laid back over the file's new settings: a reload never
            // throws away what was tuned.
            var inForce = new
            if live.unsaved > 0, let schema = s.services.schema,
                let laid = try? schema.applying(schema.changes(from: live.baseline, to: s.configuration), to: new)
            {
                inForce = laid
            }
            record(change: .reload, to: inForce, variant: live.variant, now: now)
            live.loaded(new)
            live.variantNames = nil // the person may have changed the variants too
            let change = s.adopt(inForce)
            let kept = live.unsaved
            new = inForce
            s.state.banner = Banner(
                message: "Settings reloaded from \(watcher.url.lastPathComponent)"
                    + (kept > 0 ? " (\(kept) tuned value\(kept == 1 ? "" : "s") kept, not saved)" : ""), isError: false,
                until: now + .seconds(new.editing.bannerDuration))
            s.needsPresent = true
            return change
        case let .failure(error)?:
            s.state.banner = Banner(
                message: "\(watcher.url.lastPathComponent): \(ErrorWords.reason(error)) — keeping the settings in use", isError: true,
                until: now + .seconds(s.configuration.editing.bannerDuration))
            s.needsPresent = true
            return nil
        case nil:
            return nil
        }
    }
}
