import TactileCore
import TactileUI

/// The `tactile inspect` document (see Docs/Formats.md, "Inspect").
public enum InspectDocument {
    /// `uiScale`: the scale the chrome was drawn at (`--ui-scale`, or less where the screen holds no more).
    public static func json(viewport: Size, scale: Double, uiScale: Double = 1, elements: [UIElement]) -> JSONValue {
        func rect(_ r: Rect) -> JSONValue {
            .object([("x", .number(r.x)), ("y", .number(r.y)), ("w", .number(r.width)), ("h", .number(r.height))])
        }
        func value(_ v: ElementValue) -> JSONValue {
            switch v {
            case let .bool(b): return .bool(b)
            case let .number(n): return .number(n)
            case let .string(s): return .string(s)
            }
        }
        return .object([
            (
                "viewport",
                .object([
                    ("width", .number(viewport.width)), ("height", .number(viewport.height)), ("scale", .number(scale)), ("uiScale", .number(uiScale)),
                ])
            ),
            (
                "elements",
                .array(
                    elements.map { e in
                        .object([
                            ("id", .string(e.id)), ("role", .string(e.role)), ("label", .string(e.label)),
                            ("frame", rect(e.frame)), ("hitFrame", rect(e.hitFrame)),
                            ("state", .object(e.state.sorted { $0.key < $1.key }.map { ($0.key, value($0.value)) })),
                        ])
                    })
            ),
        ])
    }
}
