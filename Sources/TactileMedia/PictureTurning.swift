import CFFmpeg
import TactileCore

extension DecodedPicture {
    /// The picture stood upright: its planes turned by `rotation` (phone video recorded held
    /// upright carries a turn in its display matrix), so an export places it in YUV like any
    /// other picture instead of drawing the frame. Itself when it needs no turn; nil for formats
    /// other than YUV 4:2:0 (those are drawn).
    public func turnedUpright() throws -> DecodedPicture? {
        let turn = ((rotation % 360) + 360) % 360
        guard turn != 0 else { return self }
        guard canBeCut, turn % 90 == 0 else { return nil }
        let source = frame
        let sw = Int(source.pointee.width), sh = Int(source.pointee.height)
        let sideways = turn != 180
        let out = try Self.newFrame(
            format: AVPixelFormat(rawValue: source.pointee.format), width: sideways ? sh : sw,
            height: sideways ? sw : sh, like: source)
        let sar = source.pointee.sample_aspect_ratio
        if sideways && sar.num > 0 && sar.den > 0 { out.pointee.sample_aspect_ratio = AVRational(num: sar.den, den: sar.num) }
        let from = [source.pointee.data.0, source.pointee.data.1, source.pointee.data.2]
        let fromStrides = [source.pointee.linesize.0, source.pointee.linesize.1, source.pointee.linesize.2]
        let to = [out.pointee.data.0, out.pointee.data.1, out.pointee.data.2]
        let toStrides = [out.pointee.linesize.0, out.pointee.linesize.1, out.pointee.linesize.2]
        for plane in 0..<3 {
            guard let s = from[plane], let d = to[plane] else { continue }
            let (w, h) = plane == 0 ? (sw, sh) : ((sw + 1) / 2, (sh + 1) / 2)
            Self.turn(s, stride: Int(fromStrides[plane]), width: w, height: h, by: turn, into: d, stride: Int(toStrides[plane]))
        }
        return DecodedPicture(frame: out, time: time, rotation: 0, width: width, height: height)
    }

    /// Turns a plane of `width` × `height` samples clockwise by `turn` (90, 180 or 270) into
    /// `target`, tile by tile so both sides stay in the cache.
    static func turn(
        _ source: UnsafePointer<UInt8>, stride ss: Int, width w: Int, height h: Int, by turn: Int,
        into target: UnsafeMutablePointer<UInt8>, stride ts: Int
    ) {
        // Where the sample at (x, y) lands once turned: target[x * step + y * skip + origin].
        let (step, skip, origin): (Int, Int, Int)
        switch turn {
        case 90: (step, skip, origin) = (ts, -1, h - 1)
        case 180: (step, skip, origin) = (-1, -ts, (h - 1) * ts + (w - 1))
        default: (step, skip, origin) = (-ts, 1, (w - 1) * ts)
        }
        let tile = 32
        for ty in Swift.stride(from: 0, to: h, by: tile) {
            for tx in Swift.stride(from: 0, to: w, by: tile) {
                for y in ty..<min(ty + tile, h) {
                    let row = source + y * ss
                    var at = target + origin + y * skip + tx * step
                    for x in tx..<min(tx + tile, w) {
                        at.pointee = row[x]
                        at += step
                    }
                }
            }
        }
    }
}
