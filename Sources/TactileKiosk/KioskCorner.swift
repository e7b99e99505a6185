import TactileCore

/// The corners of the screen a kiosk's exit sequence is tapped in (`kiosk.exitCornerSequence`).
public enum KioskCorner: String, SettingChoice {
    case topLeft, topRight, bottomLeft, bottomRight
}
