import TactileInput

/// The trace kiosk mode's attract loop plays unless `kiosk.attractTrace` names another: a short
/// tour of the editor (select, trim over a snap, zoom, scrub, play) at the default 390×844 pt
/// viewport. The file is `Assets/Traces/attract.jsonl`, embedded in the binary when it is built
/// (a package resource, `.embedInCode`), so an installed kiosk needs no data files and the tour
/// is written down once.
public enum AttractTour {
    /// The tour's text, as the file holds it.
    public static var text: String { String(decoding: PackageResources.attract_jsonl, as: UTF8.self) }

    /// The tour as a trace.
    public static func builtIn() throws -> Trace { try Trace.parse(text) }
}
