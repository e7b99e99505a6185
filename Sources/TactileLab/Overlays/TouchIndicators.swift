import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Touch indicators, as iOS's "show touches" draws them: a soft circle under each finger and a
/// short trail that fades behind it; a lifted finger's circle fades out where it left. Fed the
/// same input events as the editor, drawn over its frame: live (`--show-touches`), in exported
/// videos and in the kiosk's attract loop.
public struct TouchIndicators: Sendable {
    public struct Finger: Sendable {
        /// Where the finger is (or lifted).
        public var position: Point
        /// Where it was lately, oldest first.
        public var trail: [(point: Point, time: Time)]
        public var lifted: Time?
    }

    private var fingers: [PointerID: Finger] = [:]
    private var order: [PointerID] = []
    private let trailDuration: Time
    private let fadeDuration: Time
    private let radius: Double

    public init(configuration: TactileConfiguration.Overlays) {
        trailDuration = .seconds(configuration.trailDuration)
        fadeDuration = .seconds(configuration.liftFadeDuration)
        radius = configuration.touchRadius
    }

    /// Follows `events` (touches and focus loss).
    public mutating func update(with events: [InputEvent]) {
        for e in events {
            switch e.kind {
            case let .touch(id, phase, p):
                switch phase {
                case .down:
                    fingers[id] = Finger(position: p, trail: [(p, e.time)], lifted: nil)
                    order.removeAll { $0 == id }; order.append(id)
                case .move:
                    guard fingers[id]?.lifted == nil, fingers[id] != nil else { continue }
                    fingers[id]!.trail.append((p, e.time))
                    fingers[id]!.position = p
                case .up, .cancel:
                    guard fingers[id] != nil else { continue }
                    fingers[id]!.trail.append((p, e.time))
                    fingers[id]!.position = p
                    fingers[id]!.lifted = e.time
                }
            case .focusLost:
                for id in fingers.keys where fingers[id]!.lifted == nil { fingers[id]!.lifted = e.time }
            case .key, .text, .voice, .mediaFolder, .projects:
                break
            }
        }
    }

    /// Forgets trail points and lifted fingers that have faded by `now`.
    public mutating func prune(at now: Time) {
        for id in Array(fingers.keys) {
            fingers[id]!.trail.removeAll { now - $0.time > trailDuration }
            if let lifted = fingers[id]!.lifted, now - lifted >= fadeDuration { fingers[id] = nil }
        }
        order.removeAll { fingers[$0] == nil }
    }

    /// Whether anything is on show (and frames are needed to fade it).
    public var isShowing: Bool { !fingers.isEmpty }

    /// Draws the indicators at `now` into the top layer of `list`.
    public func draw(into list: inout DrawList, now: Time, color: Color) {
        list.inLayer(.topmost) { list in
            for id in order {
                guard let f = fingers[id] else { continue }
                let fade = f.lifted.map { max(0, 1 - (now - $0).seconds / max(fadeDuration.seconds, 0.001)) } ?? 1
                // The trail: segments thinning and fading with age.
                let trail = f.trail.filter { now - $0.time <= trailDuration }
                if trail.count > 1 {
                    for i in 1..<trail.count {
                        let age = (now - trail[i].time).seconds / max(trailDuration.seconds, 0.001)
                        let k = max(0, 1 - age) * fade
                        guard k > 0 else { continue }
                        list.add(.line(from: trail[i - 1].point, to: trail[i].point, color.opacity(0.45 * k), width: radius * 0.7 * k + 1))
                    }
                }
                list.add(.fillCircle(center: f.position, radius: radius, color.opacity(0.28 * fade)))
                list.add(.strokeCircle(center: f.position, radius: radius, color.opacity(0.75 * fade), width: 2))
            }
        }
    }
}
