import TactileCore

/// One surface as the layout check reads it (`tactile lint-layout`): what its UI passes put on
/// it — elements and touch targets, later ones on top — and the picture drawn.
public struct ScreenLayout {
    /// Which surface: "phone" (the session's viewport) or "lab panel" (beside it).
    public var name: String
    public var size: Size
    public var elements: [UIElement]
    public var targets: [TouchTarget]
    public var picture: DrawList
    /// The scroll views on it: the check scrolls each to its end and looks again.
    public var scrollViews: [ScrollView]

    public init(
        name: String, size: Size, elements: [UIElement] = [], targets: [TouchTarget] = [], picture: DrawList = DrawList(), scrollViews: [ScrollView] = []
    ) {
        self.name = name; self.size = size; self.elements = elements; self.targets = targets; self.picture = picture; self.scrollViews = scrollViews
    }

    /// This surface with `pass`'s elements and targets on top of its own.
    public func covered(by pass: ScreenLayout?) -> ScreenLayout {
        guard let pass else { return self }
        var out = self
        out.elements += pass.elements
        out.targets += pass.targets
        out.scrollViews += pass.scrollViews
        return out
    }
}

extension UIContext {
    /// What this pass put on its viewport, for the layout check.
    public func laidOut(as name: String = "phone") -> ScreenLayout {
        ScreenLayout(name: name, size: viewport, elements: elements, targets: touchTargets, picture: draw, scrollViews: scrollViews)
    }
}

/// A session whose surfaces the layout check can read.
public protocol LaysOutScreens: ShellSession {
    /// What is on each surface at `now`: the phone first, then a lab panel beside it when one shows.
    func screenLayouts(at now: Time) -> [ScreenLayout]
}
