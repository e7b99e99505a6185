import TactileCore
import TactileInput
import TactileUI

/// What happened in a session, as every reader of the interaction log sees it: the editor, the
/// host's stages and the study write these, and the task tally, frustration signals, report,
/// heatmaps, clips and the observer feed read them. The wire form (one JSON line with `t`,
/// `kind` and the fields) is `InteractionEventWire`'s alone, so a writer and its readers cannot
/// disagree on a name; a line this version does not know reads as `unknown` and writes back as
/// it was.
public enum InteractionEvent: Hashable, Sendable {
    // MARK: The timeline and the player
    case select(clip: String)
    case deselect(clip: String)
    case play(at: Double)
    case pause(at: Double)
    case playbackEnded
    /// Scrubbing began, from `source` ("bar", "timeline").
    case scrubBegan(source: String)
    case scrubEnded(at: Double)
    /// Fine scrubbing changed speed (1, 0.5, 0.25 …).
    case scrubSpeed(Double)
    /// A finger caught the coasting timeline at `point`, which was moving at `speed` pt/s.
    case scrollCaught(Point, speed: Double)
    /// A tap that only stopped a coasting scroll.
    case tapStoppedScroll(Point)
    case snap(Snap)
    /// A snap let go: the dragged edge left the point it sat on (`distance`: how far the edge,
    /// as the finger alone would put it, then was from the point, in points).
    case snapEscaped(Snap)
    /// A fling's coast ended: how fast the finger let go, how far and how long the timeline
    /// coasted, and what stopped it.
    case coastEnded(Coast)
    case zoomToFit(pointsPerSecond: Double)
    /// A haptic-like cue and why it was given.
    case cue(String, reason: String)
    case collapseTimeline
    case expandTimeline
    /// The window turned: its new size in points.
    case rotate(width: Double, height: Double)

    // MARK: Sheets and pickers
    /// The media browser opened on `media` ("video", "image", "audio"). (Until this model, the
    /// field was written as a second `kind`, which every reader took for the event's kind.)
    case openBrowser(media: String)
    case closeBrowser
    case openStickers
    case closeStickers
    case openExport
    case closeExport
    case openFormats
    case closeFormats
    case openTransitions(clip: String)
    case closeTransitions
    case openClipSheet(clip: String)
    case closeClipSheet(clip: String)
    case openVoiceOver(at: Double)
    case closeVoiceOver
    case voiceOverCountIn(at: Double)
    case voiceOverStart(at: Double)
    case voiceOverStop(seconds: Double)
    case voiceOverCancel
    case textEditBegan(clip: String)
    case textEditEnded(clip: String)

    // MARK: Edits
    case edit(Edit)
    case undo(Restore)
    case redo(Restore)
    /// An edit the editor refused, in words.
    case error(String)
    /// A problem found in what was opened (a project, media), in words.
    case problem(String)
    /// A transition the editor changed on its own (a cut moved under it), in words.
    case transitionChanged(String)
    /// The lengths of `files` media files became known.
    case mediaLengths(files: Int)

    // MARK: Export
    case exportChoice(MovieSettings)
    case exportStart(MovieSettings)
    case exportCancel
    case exportEnd(ExportEnd)
    case reveal(path: String)

    // MARK: Projects
    /// The project list: opened, closed, or a project opened, made, copied, renamed, deleted or brought back.
    case projects(ProjectListAction, project: String?)

    // MARK: Touch
    case gesture(Gesture)
    case miss(Miss)
    case arenaDecided(Arena)

    // MARK: Tasks and questionnaires
    case taskBegan(task: String, index: Int, prompt: String)
    /// A sealed plan's task about to begin from the plan's starting project, nothing open or
    /// selected, nothing to undo.
    case taskReset(task: String)
    case taskEnded(TaskEnd)
    case taskError(TaskError)
    case taskFinished(tasks: Int)
    case questionnaireBegan(questionnaire: String, items: Int, task: String?)
    case answer(Answer)
    case questionnaireDone(QuestionnaireDone)

    // MARK: The lab and the study
    case signal(Signal)
    /// Settings changed: by what (`SettingsChange.Source`), the live variant, and the keys changed
    /// with their values ("feel.addedLatency 100, input.tapSlop 10").
    case settings(source: SettingsChange.Source, variant: String, changes: String)
    /// The participant agreed (or, never written, declined).
    case consent(participant: String?, agreed: Bool)
    /// The researcher chose the participant.
    case participant(String)
    case partBegan(part: String, variant: String)
    case partEnded(part: String)
    case partStopped(part: String, reason: String)
    /// A participant's run went on after a stop; `restarted` names the folder the interrupted
    /// part was kept under.
    case resumed(part: String, restarted: String?)
    case marker(Marker)
    /// The observer page connected; `local`: it runs on the study machine (its drawing competes
    /// with the participant's window).
    case observerPage(local: Bool)
    case studyFinished

    /// A line of a kind (or with fields) this version does not know, kept as it was.
    case unknown(kind: String, fields: [String: ElementValue])
}

extension InteractionEvent {
    /// A snapping: to what ("clip:beach.end", "playhead"), at which time on the timeline, and the
    /// overlay clip snapped (nil on the timeline).
    public struct Snap: Hashable, Sendable {
        public var to: String
        public var time: Double?
        public var clip: String?
        /// On the timeline: how far the dragged edge was from the point when it was pulled on
        /// (or, escaping, when it let go), in points.
        public var distance: Double?
        public init(to: String, time: Double? = nil, clip: String? = nil, distance: Double? = nil) {
            self.to = to; self.time = time; self.clip = clip; self.distance = distance
        }
    }

    /// A fling's coast, from the lift to its stop.
    public struct Coast: Hashable, Sendable {
        /// What stopped it: it slowed to rest, it reached an end of the timeline (and sprang
        /// back), or a finger caught it.
        public enum End: String, Hashable, Sendable, CaseIterable { case rest, edge, caught }
        /// "horizontal" (the time axis) or "vertical" (the tracks).
        public var axis: String
        /// The finger's speed as it let go, in points per second.
        public var speed: Double
        /// How far the content coasted, in points, and for how long, in seconds.
        public var distance: Double, seconds: Double
        public var end: End
        public init(axis: String, speed: Double, distance: Double, seconds: Double, end: End) {
            self.axis = axis; self.speed = speed; self.distance = distance; self.seconds = seconds; self.end = end
        }
    }

    /// What an undo or redo changed: the clips it touched, the clip counts on either side, and
    /// the composition's aspect when that changed.
    public struct Restore: Hashable, Sendable {
        public var clips: [String]
        public var beforeClips: Int
        public var afterClips: Int
        public var format: String?
        public init(clips: [String], beforeClips: Int, afterClips: Int, format: String? = nil) {
            self.clips = clips; self.beforeClips = beforeClips; self.afterClips = afterClips; self.format = format
        }
    }

    /// How an export ended: `finished` (the file, its path and size), `failed` (why) or `cancelled`.
    public struct ExportEnd: Hashable, Sendable {
        public enum Outcome: String, Hashable, Sendable { case finished, failed, cancelled }
        public var outcome: Outcome
        public var file: String?
        public var path: String?
        public var bytes: Double?
        public var reason: String?
        public init(outcome: Outcome, file: String? = nil, path: String? = nil, bytes: Double? = nil, reason: String? = nil) {
            self.outcome = outcome; self.file = file; self.path = path; self.bytes = bytes; self.reason = reason
        }
    }

    /// A touch that did not land on an interactive element: on nothing (`nothing`, with the
    /// nearest element and how far it was, in points) or on an element that takes no tap
    /// (`unanswered`, with the element).
    public struct Miss: Hashable, Sendable {
        public enum Reason: String, Hashable, Sendable { case nothing, unanswered }
        public var reason: Reason
        public var x: Double
        public var y: Double
        public var target: String?
        public var role: String?
        public var nearest: String?
        public var nearestRole: String?
        public var distance: Double?
        public init(
            reason: Reason, x: Double, y: Double, target: String? = nil, role: String? = nil, nearest: String? = nil,
            nearestRole: String? = nil, distance: Double? = nil
        ) {
            self.reason = reason; self.x = x; self.y = y; self.target = target; self.role = role
            self.nearest = nearest; self.nearestRole = nearestRole; self.distance = distance
        }
        public var point: Point { Point(x: x, y: y) }
    }

    /// A gesture as it began, ended, was cancelled or was recognised: where it was recognised
    /// (`x`, `y`; `dx`, `dy` from there at its end), where the finger went down (`downX`, `downY`;
    /// `downDx`, `downDy`), for a pinch the zoom and turn it left, and — for a tap a researcher
    /// counts as a miss — which kind of miss.
    public struct Gesture: Hashable, Sendable {
        /// A tap that counts as a miss: on the empty space behind the controls, or on an element
        /// the task did not need.
        public enum MissMark: String, Hashable, Sendable { case background, offTask }
        public var phase: GesturePhase
        public var gesture: GestureKind
        public var target: String
        public var role: String?
        public var x: Double
        public var y: Double
        public var downX: Double?
        public var downY: Double?
        public var dx: Double?
        public var dy: Double?
        public var downDx: Double?
        public var downDy: Double?
        public var scale: Double?
        public var rotation: Double?
        /// As it ended: the finger's velocity when it lifted, in points per second.
        public var vx: Double?
        public var vy: Double?
        public var miss: MissMark?
        public init(phase: GesturePhase, gesture: GestureKind, target: String, role: String? = nil, x: Double, y: Double) {
            self.phase = phase; self.gesture = gesture; self.target = target; self.role = role; self.x = x; self.y = y
        }
        public var point: Point { Point(x: x, y: y) }
        /// A recognised tap.
        public var isTap: Bool { phase == .recognized && gesture == .tap }
    }

    /// An arena decision (`ArenaDecision`) as the log keeps it: times in seconds, places rounded.
    public struct Arena: Hashable, Sendable {
        public var candidates: [GestureKind]
        public var winner: GestureKind?
        public var rule: String
        public var sinceDown: Double
        public var target: String
        public var x: Double
        public var y: Double
        public var finger: Int?
        public var offered: [GestureKind]
        public var why: [GestureKind: String]
        public init(
            candidates: [GestureKind], winner: GestureKind?, rule: String, sinceDown: Double, target: String, x: Double, y: Double,
            finger: Int? = nil, offered: [GestureKind] = [], why: [GestureKind: String] = [:]
        ) {
            self.candidates = candidates; self.winner = winner; self.rule = rule; self.sinceDown = sinceDown; self.target = target
            self.x = x; self.y = y; self.finger = finger; self.offered = offered; self.why = why
        }
    }

    /// The end of a task: how, after how many seconds, what it counted, and the settle time the
    /// judgement waited.
    public struct TaskEnd: Hashable, Sendable {
        public var task: String
        public var outcome: TaskRun.Outcome
        public var seconds: Double
        public var misses: Int
        public var errors: Int
        public var undos: Int
        public var offTask: Int
        public var settle: Double?
        public init(
            task: String, outcome: TaskRun.Outcome, seconds: Double, misses: Int = 0, errors: Int = 0, undos: Int = 0, offTask: Int = 0,
            settle: Double? = nil
        ) {
            self.task = task; self.outcome = outcome; self.seconds = seconds; self.misses = misses; self.errors = errors
            self.undos = undos; self.offTask = offTask; self.settle = settle
        }
    }

    /// An error a task counted: why, in which task, and the clip or the distances to the rule.
    public struct TaskError: Hashable, Sendable {
        public var reason: TaskPlan.ErrorKind
        public var task: String
        public var clip: String?
        public var before: Double?
        public var after: Double?
        public init(reason: TaskPlan.ErrorKind, task: String, clip: String? = nil, before: Double? = nil, after: Double? = nil) {
            self.reason = reason; self.task = task; self.clip = clip; self.before = before; self.after = after
        }
    }

    /// One questionnaire item answered: the value (1 … the scale's count), the seconds it took,
    /// the option's words for a choice, the task it was about, and whether it was a revision.
    public struct Answer: Hashable, Sendable {
        public var questionnaire: String
        public var item: String
        public var number: Int
        public var value: Int
        public var seconds: Double
        public var choice: String?
        public var task: String?
        public var revised: Bool
        public init(
            questionnaire: String, item: String, number: Int, value: Int, seconds: Double, choice: String? = nil, task: String? = nil,
            revised: Bool = false
        ) {
            self.questionnaire = questionnaire; self.item = item; self.number = number; self.value = value; self.seconds = seconds
            self.choice = choice; self.task = task; self.revised = revised
        }
    }

    /// A questionnaire finished: its answers in order, the task it was about and its score.
    public struct QuestionnaireDone: Hashable, Sendable {
        public var questionnaire: String
        public var answers: [Int]?
        public var task: String?
        public var score: Double?
        public init(questionnaire: String, answers: [Int]? = nil, task: String? = nil, score: Double? = nil) {
            self.questionnaire = questionnaire; self.answers = answers; self.task = task; self.score = score
        }
    }

    /// A frustration signal (`FrustrationSignals`) or a freeze, with where, on what, and in which task.
    public struct Signal: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable { case rage, dead, nearMiss, unresponsive, freeze }
        public var kind: Kind
        public var x: Double?
        public var y: Double?
        public var task: String?
        public var target: String?
        public var role: String?
        /// Taps in a rage burst.
        public var taps: Int?
        /// A near miss's distance, in points.
        public var distance: Double?
        /// An unresponsive drag's travel.
        public var dx: Double?
        public var dy: Double?
        /// A freeze's frame time in milliseconds, and the gesture it served.
        public var ms: Double?
        public var gesture: String?
        public init(_ kind: Kind, at point: Point? = nil, task: String? = nil) {
            self.kind = kind; self.x = point?.x; self.y = point?.y; self.task = task
        }
    }

    /// An observer's marker or note: the key that made it, its category, where it came from
    /// (keyboard, page), its words, its id, how long it waited in the page's outbox, and the
    /// task and part on show when it was made.
    public struct Marker: Hashable, Sendable {
        /// The key that made it ("m", "n", "1" … "9"); nil on a line that does not say.
        public var key: String?
        public var category: String
        public var source: String
        public var note: String?
        public var id: String?
        public var queued: Double?
        public var task: String?
        public var part: String?
        public init(key: String?, category: String, source: String) { self.key = key; self.category = category; self.source = source }
    }
}
