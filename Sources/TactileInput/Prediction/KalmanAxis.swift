import TactileCore

/// A constant-velocity Kalman filter on one axis: the state is position and velocity, the
/// finger's unknown acceleration is white noise of spectral density `processNoise`
/// (pt²/s³), and each sample is the position with `measurementNoise` variance (pt²).
struct KalmanAxis: Sendable, Hashable {
    private(set) var position: Double
    private(set) var velocity = 0.0
    /// The state's covariance [[p, pv], [pv, v]].
    private var p = 1.0, pv = 0.0, v = 1e6
    let processNoise: Double
    let measurementNoise: Double

    init(position: Double, processNoise: Double, measurementNoise: Double) {
        self.position = position
        self.processNoise = processNoise
        self.measurementNoise = measurementNoise
        p = measurementNoise
    }

    /// Moves the state on by `dt` seconds, then corrects it with the sample `z`.
    mutating func update(_ z: Double, after dt: Double) {
        if dt > 0 {
            // Predict: x = F x, P = F P Fᵀ + Q (F = [[1, dt], [0, 1]]).
            position += velocity * dt
            let q = processNoise
            let dt2 = dt * dt, dt3 = dt2 * dt
            let np = p + 2 * dt * pv + dt2 * v + q * dt3 / 3
            let npv = pv + dt * v + q * dt2 / 2
            let nv = v + q * dt
            p = np; pv = npv; v = nv
        }
        // Correct with the position measured (H = [1, 0]).
        let s = p + measurementNoise
        let k0 = p / s, k1 = pv / s
        let innovation = z - position
        position += k0 * innovation
        velocity += k1 * innovation
        let np = (1 - k0) * p, npv = (1 - k0) * pv, nv = v - k1 * pv
        p = np; pv = npv; v = nv
    }

    /// Where the axis will be `h` seconds on.
    func predicted(after h: Double) -> Double { position + velocity * h }
}
