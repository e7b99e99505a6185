import TactileCore
import TactileUI

extension ViewMetrics {
    /// The kiosk's sizes (see `Kiosk`).
    public var kiosk: Kiosk {
        get { self[group: Kiosk.self] }
        set { self[group: Kiosk.self] = newValue }
    }

    /// Kiosk mode's overlay and PIN pad.
    public struct Kiosk: ViewMetricsGroup {
        /// The attract loop's invitation pill: most width, least side margin, height, font, and its
        /// centre as a share of the screen's height.
        public var invitationWidth = 280.0, invitationMargin = 24.0, invitationHeight = 48.0, invitationCentre = 0.3
        public var invitationFont = Font(size: 17, weight: .semibold)
        /// The invitation pill's opacity in the bright and the dim half of its pulse. 0.92, 0.6.
        public var invitationBright = 0.92, invitationDim = 0.6
        /// The exit hold's ring: radius, line width, the dark disc's margin round it, segments of a
        /// full ring, the label's gap, height and font.
        public var ringRadius = 44.0, ringWidth = 6.0, ringBackdrop = 10.0, ringSegments = 72, ringLabelGap = 18.0, ringLabelHeight = 24.0
        public var ringLabelFont = Font(size: 15, weight: .semibold)
        /// The PIN pad: its title's font and distance above the keys, the dots' size and gap and
        /// their line, the digits' and the other keys' fonts.
        public var pinTitleFont = Font(size: 20, weight: .semibold)
        public var pinTitleAboveKeys = 110.0, pinDotsBelowTitle = 56.0, pinMessageBelowTitle = 72.0
        public var pinDot = 14.0, pinDotGap = 14.0
        public var pinDigitFont = Font(size: 28, weight: .regular), pinKeyFont = Font(size: 17, weight: .medium)
        /// The PIN pad's keys: room kept above them for the title and dots, the least margin round
        /// them, the smallest a key may shrink to on a short screen, the gap between keys as a
        /// share of a key (the Cancel and Delete labels spill into it), how far the keys sit below
        /// the title's room at least and below the screen's centre. 120, 16, 24 pt, 0.25, 20, 40 pt.
        public var pinTitleRoom = 120.0, pinMargin = 16.0, pinMinimumKey = 24.0, pinGapShare = 0.25, pinKeysBelowTitle = 20.0
        public var pinKeysBelowCentre = 40.0
        /// Keys under the title smaller than this in landscape stand beside it instead. 44 pt.
        public var pinSideBySideBelow = 44.0
        /// Line heights of the PIN pad's title and message as multiples of their fonts' sizes, and
        /// the line width of an empty dot. 1.4, 1.3, 1.5 pt.
        public var pinTitleLineHeight = 1.4, pinMessageLineHeight = 1.3, pinDotLine = 1.5
        public init() {}
    }
}
