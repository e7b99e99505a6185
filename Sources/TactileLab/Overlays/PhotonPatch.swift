import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Photon mode (`overlays.photon`): a square that flips between white and black on every
/// touch-down the editor sees, at the finger or in a corner, for an external latency measurement
/// (WALT, a photodiode, a high-speed camera) to line up with the frame that showed each flip
/// (`LatencySample.photonFlip`). Drawn over the picture, never into it, so a session replays the
/// same with it on or off.
public struct PhotonPatch: Sendable {
    /// How many times it has flipped: odd is white.
    public private(set) var flips = 0
    /// Where the last finger went down (the patch's centre when it follows the finger).
    private var finger: Point?
    private let place: TactileConfiguration.Overlays.PhotonPlace
    private let size: Double

    public init(configuration: TactileConfiguration.Overlays) {
        place = configuration.photonPlace
        size = configuration.photonSize
    }

    /// Follows the input the editor got in a frame; whether the patch flipped. It flips once a
    /// frame however many fingers landed in it (two fingers of a pinch), so every logged flip
    /// is a change of colour on the screen.
    public mutating func follow(_ events: [InputEvent]) -> Bool {
        var flipped = false
        for e in events {
            if case let .touch(_, .down, p) = e.kind {
                if !flipped { flips += 1 }
                finger = p
                flipped = true
            }
        }
        return flipped
    }

    /// Carries on from `old`'s flips and place (a reloaded configuration keeps counting).
    public mutating func carry(from old: PhotonPatch) {
        flips = old.flips
        finger = old.finger
    }

    /// Whether the patch shows white now.
    public var isWhite: Bool { flips % 2 == 1 }

    /// Where the patch is on a screen of `viewport`, or nil before the first touch when it
    /// follows the finger.
    public func frame(viewport: Size) -> Rect? {
        let half = size / 2
        switch place {
        case .topLeft: return Rect(x: 0, y: 0, width: size, height: size)
        case .topRight: return Rect(x: viewport.width - size, y: 0, width: size, height: size)
        case .bottomLeft: return Rect(x: 0, y: viewport.height - size, width: size, height: size)
        case .bottomRight: return Rect(x: viewport.width - size, y: viewport.height - size, width: size, height: size)
        case .finger: return finger.map { Rect(x: $0.x - half, y: $0.y - half, width: size, height: size) }
        }
    }

    /// Draws the patch into the top layer of `list`.
    public func draw(into list: inout DrawList, viewport: Size) {
        guard let frame = frame(viewport: viewport) else { return }
        list.inLayer(.topmost) { $0.add(.fillRect(frame, isWhite ? .white : .black, cornerRadius: 0)) }
    }
}
