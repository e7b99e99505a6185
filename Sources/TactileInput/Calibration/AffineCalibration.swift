import Foundation
import TactileCore

/// The affine map from where a panel reports touches to where they belong, fitted by least
/// squares from taps on known targets (`tactile calibrate`): x' = a·x + b·y + c,
/// y' = d·x + e·y + f, in fractions of the window — so it turns, mirrors, shears, scales and
/// moves, as libinput's `LIBINPUT_CALIBRATION_MATRIX` does, in the same order.
public struct AffineCalibration: Hashable, Sendable {
    /// [a, b, c, d, e, f].
    public var matrix: [Double]

    public init(matrix: [Double]) { self.matrix = matrix }

    public static let identity = AffineCalibration(matrix: [1, 0, 0, 0, 1, 0])

    public func apply(_ p: Point) -> Point {
        Point(x: matrix[0] * p.x + matrix[1] * p.y + matrix[2], y: matrix[3] * p.x + matrix[4] * p.y + matrix[5])
    }

    /// The least-squares fit taking `reported[i]` to `targets[i]`; nil with fewer than three
    /// pairs or when the reported points lie on a line or nearly (their spread across it under
    /// `minimumSpread` of the panel): nothing can be told about the other axis.
    public static func fit(reported: [Point], targets: [Point], minimumSpread: Double = 0.05) -> AffineCalibration? {
        guard reported.count == targets.count, reported.count >= 3 else { return nil }
        // The reported points' spread along their narrowest direction (the covariance's smaller eigenvalue).
        let n0 = Double(reported.count)
        let mx = reported.map(\.x).reduce(0, +) / n0, my = reported.map(\.y).reduce(0, +) / n0
        var cxx = 0.0, cyy = 0.0, cxy = 0.0
        for p in reported { cxx += (p.x - mx) * (p.x - mx); cyy += (p.y - my) * (p.y - my); cxy += (p.x - mx) * (p.y - my) }
        cxx /= n0; cyy /= n0; cxy /= n0
        let half = (cxx - cyy) / 2
        let narrowest = (cxx + cyy) / 2 - (half * half + cxy * cxy).squareRoot()
        guard narrowest.isFinite, narrowest.squareRoot() >= minimumSpread else { return nil }
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sx = 0.0, sy = 0.0
        var sxu = 0.0, syu = 0.0, su = 0.0, sxv = 0.0, syv = 0.0, sv = 0.0
        for (p, t) in zip(reported, targets) {
            sxx += p.x * p.x; sxy += p.x * p.y; syy += p.y * p.y; sx += p.x; sy += p.y
            sxu += p.x * t.x; syu += p.y * t.x; su += t.x
            sxv += p.x * t.y; syv += p.y * t.y; sv += t.y
        }
        let n = Double(reported.count)
        let m = [[sxx, sxy, sx], [sxy, syy, sy], [sx, sy, n]]
        guard let (a, b, c) = solve(m, [sxu, syu, su]), let (d, e, f) = solve(m, [sxv, syv, sv]) else { return nil }
        let fitted = AffineCalibration(matrix: [a, b, c, d, e, f])
        return fitted.matrix.allSatisfy(\.isFinite) ? fitted : nil
    }

    /// How far each reported point lands from its target once calibrated, in the same fractions.
    public func residuals(reported: [Point], targets: [Point]) -> [Double] {
        zip(reported, targets).map { apply($0).distance(to: $1) }
    }

    /// Solves the 3×3 system `m · x = r` by Cramer's rule; nil when it is singular.
    private static func solve(_ m: [[Double]], _ r: [Double]) -> (Double, Double, Double)? {
        func det(_ a: [[Double]]) -> Double {
            let p1: Double = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            let p2: Double = a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            let p3: Double = a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
            return p1 - p2 + p3
        }
        let d = det(m)
        let scale = m.flatMap { $0 }.map(abs).max() ?? 1
        guard abs(d) > 1e-12 * scale * scale * scale else { return nil }
        func replaced(_ column: Int) -> [[Double]] { m.enumerated().map { i, row in row.enumerated().map { j, v in j == column ? r[i] : v } } }
        return (det(replaced(0)) / d, det(replaced(1)) / d, det(replaced(2)) / d)
    }

    /// The targets of a calibration, in fractions of the screen: the four corners or a 3 × 3
    /// grid, `inset` from the edges.
    public static func targets(count: Int, inset: Double) -> [Point] {
        let lo = inset, hi = 1 - inset
        if count >= 9 {
            return [lo, 0.5, hi].flatMap { y in [lo, 0.5, hi].map { x in Point(x: x, y: y) } }
        }
        return [Point(x: lo, y: lo), Point(x: hi, y: lo), Point(x: hi, y: hi), Point(x: lo, y: hi)]
    }

    /// The udev rule that gives libinput the same calibration (for other programs on the stand).
    public var udevRule: String {
        // Fixed decimals, never exponents: libinput reads each value with its safe_atod, which
        // takes only digits, a sign and a point ("9.8e-05" would void the whole matrix).
        let values = matrix.map { v -> String in
            var text = String(format: "%.6f", (v * 1_000_000).rounded() / 1_000_000)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        }.joined(separator: " ")
        return "ENV{LIBINPUT_CALIBRATION_MATRIX}=\"\(values)\""
    }
}
