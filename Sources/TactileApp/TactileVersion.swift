/// Tactile's version, as `/health` and the Debian package give it.
public enum TactileVersion {
    public static let string = "0.15.0"
}
