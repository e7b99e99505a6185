import TactileCore
import TactileStudy
import TactileMedia

extension TestPattern {
    /// Reads the frame index back from decoded pixels (upright; `writtenWidth` is the width the
    /// frame was written at when it has been scaled since): how tests and benchmarks tell that a
    /// decoder gave the exact frame.
    public static func readStamp(_ image: RGBAImage, writtenWidth: Int? = nil) -> Int {
        let k = Double(image.width) / Double(writtenWidth ?? image.width)
        var value = 0
        for bit in 0..<stampBits {
            let p = image.pixel(x: Int(Double(bit * blockSize + blockSize / 2) * k), y: Int(Double(blockSize / 2) * k))
            let luma = (Int(p.r) * 299 + Int(p.g) * 587 + Int(p.b) * 114) / 1000
            value = value << 1 | (luma > 128 ? 1 : 0)
        }
        return value
    }
}
