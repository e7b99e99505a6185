import TactileCore

/// How a finger's position is predicted for the moment a frame will be shown (`feel.prediction`).
public enum PredictionMethod: String, SettingChoice {
    /// No prediction: the picture shows where the finger was.
    case off
    /// The last position moved on by the velocity tracker's velocity (a straight line).
    case linear
    /// A constant-velocity Kalman filter per axis (as Android's motion predictor uses one):
    /// smoother on noisy panels, slower to follow a sudden turn.
    case kalman
}
