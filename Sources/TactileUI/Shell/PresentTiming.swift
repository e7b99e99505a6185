import TactileCore

/// When the shell turned a step's picture into pixels, on the session's clock: what the latency
/// measurement needs from the renderer (`ShellSession.didPresent`).
public struct PresentTiming: Hashable, Sendable {
    /// When the shell began drawing the step's draw list.
    public var renderBegan: Time
    /// When it called the platform's present (`SDL_RenderPresent`).
    public var presentBegan: Time
    /// When the present returned: the picture is on its way to the display.
    public var presented: Time
    /// The estimated time from the present returning until the picture is lit, on average over
    /// the screen: to the next vertical blank plus half a refresh for the scan-out (see
    /// `ScanOutEstimate`); zero when the shell cannot say (headless).
    public var scanOut: Time

    public init(renderBegan: Time, presentBegan: Time, presented: Time, scanOut: Time = .zero) {
        self.renderBegan = renderBegan; self.presentBegan = presentBegan; self.presented = presented; self.scanOut = scanOut
    }
}
