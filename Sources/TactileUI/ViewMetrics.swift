import TactileCore

/// Sizes the views draw with that a study does not tune (the ones it does live in
/// `TactileConfiguration`): kept here, named and documented, so no view holds a number of its own.
/// In points unless a name says otherwise; scaled with the text by `--ui-scale` where they size text.
public struct ViewMetrics: Hashable, Sendable {
    /// The preview canvas.
    public struct Canvas: Hashable, Sendable {
        /// How round the picture's corners are. 8 pt.
        public var cornerRadius = 8.0
        /// Space above and below the picture inside the canvas's area. 10 pt.
        public var verticalInset = 10.0
        /// Horizontal inset of the offline and base-picture text. 12 pt.
        public var textInset = 12.0
        /// How far the offline title sits above the centre, and the reason below it. 12 pt, 14 pt.
        public var offlineTitleLift = 12.0, offlineReasonDrop = 14.0
        /// Stripes of a generated clip's base picture. 6.
        public var baseBands = 6
        /// A generated clip's title on the canvas. 22 pt bold.
        public var baseTitleFont = Font(size: 22, weight: .bold)
        /// How far the title sits above the centre, and the source line below it (and its height). 10, 12, 18 pt.
        public var baseTitleLift = 10.0, baseSourceDrop = 12.0, baseSourceHeight = 18.0
        /// Overlays at their natural size (scale 1), as shares of the picture's shorter side: a
        /// text's font size, a sticker's size, a picture's width. 0.1, 0.26, 0.53.
        public var textShare = 0.1, stickerShare = 0.26, pipShare = 0.53
        /// A text overlay's weight (its size comes from `textShare`), its line height as a multiple
        /// of the size, its side padding and its shadow's offset as shares of the size. Bold, 1.4, 0.3, 0.07.
        public var textFont = Font(size: 20, weight: .bold)
        public var textLineHeight = 1.4, textPadding = 0.3, textShadowShare = 0.07
        /// The picture height the base picture's and placeholders' point sizes are for (the
        /// canvas's in the default portrait window); a taller picture, as in export, scales them. 206 pt.
        public var baseReferenceHeight = 206.0
        /// Texts wrap to this share of the picture's width, up to this many lines; a text's box
        /// (its background style) rounds its corners by this share of the font size. 0.9, 12, 0.3.
        public var textWrapShare = 0.9, textMaximumLines = 12, textBoxRadius = 0.3
        /// A picture-in-picture clip without a picture yet: its box's corner radius and its title's side inset. 4 pt.
        public var pipPlaceholderRadius = 4.0
        /// A selected overlay's frame: its line width, its distance outside the overlay's box and its corner radius. 2, 6, 6 pt.
        public var overlaySelectionStroke = 2.0, overlaySelectionPadding = 6.0, overlaySelectionRadius = 6.0
        /// The trim preview's timecode pill: height, distance of its top from the bottom, text padding, corner radius. 28, 40, 24, 14 pt.
        public var pillHeight = 28.0, pillFromBottom = 40.0, pillPadding = 24.0, pillRadius = 14.0
        /// The trim preview's frame line. 2 pt.
        public var previewStroke = 2.0
        public init() {}
    }

    /// Kiosk mode's overlay and PIN pad.
    public struct Kiosk: Hashable, Sendable {
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
        /// Line heights of the PIN pad's title and message as multiples of their fonts' sizes, and
        /// the line width of an empty dot. 1.4, 1.3, 1.5 pt.
        public var pinTitleLineHeight = 1.4, pinMessageLineHeight = 1.3, pinDotLine = 1.5
        public init() {}
    }

    /// The timeline: clips' labels, the trimmed clip's ghost, the snap guide, the playhead's knob,
    /// the cue ripples, the ruler; and the selected clip's frame and handles.
    public struct Timeline: Hashable, Sendable {
        /// A clip's title: inset from the clip's left edge, room kept at its right, from its top,
        /// its height; the second line's drop (scaled by `--ui-scale`). 8, 4, 6, 16, 18 pt.
        public var labelInset = 8.0, labelTrailing = 4.0, labelTop = 6.0, labelHeight = 16.0, secondLineDrop = 18.0
        /// The chip behind a title over pictures: its padding round the text and corner radius. 4, 10, 4 pt.
        public var chipPadding = 4.0, chipTextPadding = 10.0, chipRadius = 4.0
        /// The ghost of a trimmed clip's source: line width, dash and gap. 1.5, 6, 4 pt.
        public var ghostLine = 1.5, ghostDash = 6.0, ghostGap = 4.0
        /// The snap guide: line width, dash and gap. 1.5, 4, 3 pt.
        public var snapLine = 1.5, snapDash = 4.0, snapGap = 3.0
        /// The playhead's knob on the ruler: width, height, radius, and the least ruler height that shows it. 10, 12, 3, 8 pt.
        public var knobWidth = 10.0, knobHeight = 12.0, knobRadius = 3.0, knobMinimumRuler = 8.0
        /// A cue's ripple: its first radius, how much it grows, its line width. 10, 26, 2.5 pt.
        public var rippleRadius = 10.0, rippleGrowth = 26.0, rippleLine = 2.5
        /// The ruler: a label's width, a dot's radius, and the gap a label keeps from the playhead's
        /// knob before it starts to fade. 60, 1.5, 4 pt.
        public var rulerLabelWidth = 60.0, rulerDot = 1.5, rulerKnobGap = 4.0
        /// The selection: the frame's corner radius, the handles' corner radius and the squared
        /// seam where they meet the clip, the grooves' half width and depth, and how far it may draw
        /// past the tracks' top and bottom. 3, 6, 6, 4, 5, 6 pt.
        public var selectionRadius = 3.0, handleRadius = 6.0, handleSeam = 6.0, grooveHalfWidth = 4.0, grooveDepth = 5.0
        public var selectionOverhang = 6.0
        /// The duration pill: height, text padding, distance from the clip's right and bottom, corner
        /// radius, and the room it needs past the clip's start. 16, 12, 18, 20, 8, 4 pt.
        public var pillHeight = 16.0, pillPadding = 12.0, pillRight = 18.0, pillBottom = 20.0, pillRadius = 8.0, pillClearance = 4.0
        /// The junction button at a cut between two clips: its drawn size, its hit area (a
        /// finger's reach), corner radius, and the least room each clip must show either side
        /// for it to appear; its outline; at most this share of the row's height; the sign's
        /// inset as a share of its size. 20, 44, 5, 12, 1.5 pt, 0.6, 0.28.
        public var junctionSize = 20.0, junctionHit = 44.0, junctionRadius = 5.0, junctionClearance = 12.0, junctionOutline = 1.5
        public var junctionRowShare = 0.6, junctionSignInset = 0.28
        public init() {}
    }

    /// The bars round the canvas: the player bar, the scrub bar, the toolbar and its captioned
    /// buttons, the banner.
    public struct Bars: Hashable, Sendable {
        /// How far the play and fold buttons sit outside the margin, towards the screen's edges. 6 pt.
        public var buttonNudge = 6.0
        /// The timecode's greatest width, and the gap round it. 160, 4 pt.
        public var timecodeWidth = 160.0, timecodeGap = 4.0
        /// The scrub bar's track: thickness and corner radius; the thumb's radius at rest and while
        /// a finger holds the bar; the speed label's height above the bar; the least bar height that
        /// draws at all. 4, 2, 6, 9, 16, 8 pt.
        public var trackThickness = 4.0, trackRadius = 2.0, thumbRadius = 6.0, heldThumbRadius = 9.0, speedLabelHeight = 16.0
        public var minimumScrubBarHeight = 8.0
        /// The toolbar: its top separator's thickness and the buttons' inset from its top and bottom. 1, 4 pt.
        public var separator = 1.0, toolbarButtonInset = 4.0
        /// A captioned button, drawn at `captionedDesignHeight` and scaled to the button's height:
        /// the icon's top and height, the caption's top and height. 56; 6, 26, 36, 14 pt.
        public var captionedDesignHeight = 56.0, iconTop = 6.0, iconHeight = 26.0, captionTop = 36.0, captionHeight = 14.0
        /// A plain icon button: its icon's inset as a share of its size, and the pressed
        /// highlight's inset. 0.22, 2 pt.
        public var iconInset = 0.22, pressInset = 2.0
        /// Banners and the task card: their distance below the canvas's top and the gap between
        /// them. 8, 8 pt.
        public var cardTop = 8.0, cardGap = 8.0
        /// A banner: its line height as a multiple of the font's size, its corner radius. 1.3, 12 pt.
        public var bannerLineHeight = 1.3, bannerRadius = 12.0
        /// The thin bar under the Export button's percentage while an export runs. 3 pt.
        public var exportProgressHeight = 3.0
        public init() {}
    }

    /// The test plan's task card.
    public struct TaskCard: Hashable, Sendable {
        /// The card's height and corner radius. 64, 14 pt.
        public var height = 64.0, radius = 14.0
        /// The tinted stripe at its left: inset from top and bottom, width, radius. 12, 4, 2 pt.
        public var stripeInset = 12.0, stripeWidth = 4.0, stripeRadius = 2.0
        /// The text: inset from the left, room kept at the right, gap before the Skip button. 16, 12, 8 pt.
        public var textInset = 16.0, textTrailing = 12.0, textGap = 8.0
        /// The caption's top and height, the prompt's top and height. 8, 16, 26, 28 pt.
        public var captionTop = 8.0, captionHeight = 16.0, promptTop = 26.0, promptHeight = 28.0
        /// The Skip button: width, inset from the right, inset from top and bottom, corner radius,
        /// and how far its touch area reaches past it sideways and vertically. 56, 8, 10, 10, 4, 6 pt.
        public var skipWidth = 56.0, skipRight = 8.0, skipInset = 10.0, skipRadius = 10.0, skipReachX = 4.0, skipReachY = 6.0
        public init() {}
    }

    /// The media browser sheet.
    public struct Browser: Hashable, Sendable {
        /// The sheet: corner radius, and how far it draws below the screen (so its bottom corners
        /// never show). 16, 24 pt.
        public var sheetRadius = 16.0, sheetOverhang = 24.0
        /// The grabber: width, height, top. 36, 5, 6 pt.
        public var grabberWidth = 36.0, grabberHeight = 5.0, grabberTop = 6.0
        /// The header's title: its top, and its and the folder line's shares of the header. 12 pt, 0.45, 0.3.
        public var titleTop = 12.0, titleShare = 0.45, folderShare = 0.3
        /// Cancel: width, and the top of its touch area (it stands level with the title). 84, 10 pt.
        public var cancelWidth = 84.0, cancelTop = 10.0
        /// The empty folder's message height. 80 pt.
        public var emptyHeight = 80.0
        /// A tile: its picture's corner radius, the caption's side inset and gap under the picture,
        /// the name's and the detail line's shares of the caption. 10, 2, 4 pt, 0.55, 0.45.
        public var tileRadius = 10.0, captionInset = 2.0, captionGap = 4.0, nameShare = 0.55, detailShare = 0.45
        /// A tile's length pill: width, height, inset from the picture's corner, radius. 46, 20, 6, 6 pt.
        public var pillWidth = 46.0, pillHeight = 20.0, pillInset = 6.0, pillRadius = 6.0
        /// A sound's poster waveform: side inset, vertical inset as a share, column pitch, bar width. 10 pt, 0.2, 3, 2 pt.
        public var waveInset = 10.0, waveInsetShare = 0.2, waveColumn = 3.0, waveBar = 2.0
        public init() {}
    }

    /// What a clip shows inside: waveform and offline hatching.
    public struct ClipContent: Hashable, Sendable {
        /// The waveform band: its share of a video clip's height (at the bottom); for sound-only
        /// clips its top and bottom insets (scaled by `--ui-scale`) and least height. 0.32, 24, 4, 4 pt.
        public var videoWaveShare = 0.32, audioWaveTop = 24.0, audioWaveBottom = 4.0, minimumWaveHeight = 4.0
        /// Waveform bars: column pitch, bar width as a share of it, tallest bar as a share of the band. 2 pt, 0.6, 0.9.
        public var waveColumn = 2.0, waveBarShare = 0.6, wavePeakShare = 0.9
        /// Offline hatching: stripe pitch and width. 12, 3 pt.
        public var hatchPitch = 12.0, hatchWidth = 3.0
        public init() {}
    }

    /// The diagnostic overlays: the frame monitor's panel and the pointer-location overlay.
    public struct Overlays: Hashable, Sendable {
        /// The caption size the monitor panel is drawn at; it scales with the theme's caption font
        /// (`--ui-scale`). 10 pt.
        public var monitorDesignCaption = 10.0
        /// The panel: inset from the corner, most width, height, padding, corner radius. 8, 184, 176, 6, 8 pt.
        public var monitorInset = 8.0, monitorWidth = 184.0, monitorHeight = 176.0, monitorPadding = 6.0, monitorRadius = 8.0
        /// Its lines: the frame rate's height, a graph row's height and its graph's, the label
        /// column's width and gap, the latency and waiting lines' height. 16, 30, 26, 52, 4, 14 pt.
        public var monitorRateHeight = 16.0, monitorRowHeight = 30.0, monitorGraphHeight = 26.0, monitorLabelWidth = 52.0
        public var monitorLabelGap = 4.0, monitorWaitingHeight = 14.0
        /// Graph bars: the least slot width that leaves a 1 pt gap between bars, the guide's line width. 3, 1 pt.
        public var monitorBarGapFrom = 3.0, monitorBarGap = 1.0, monitorGuideLine = 1.0
        /// The arena debugger: inset from the screen's edges, padding in its chips and panel, their
        /// corner radius, line height (× the caption font), the gap between a finger and its chip.
        /// 8, 4, 6 pt, 1.4, 18 pt.
        public var arenaInset = 8.0, arenaPadding = 4.0, arenaRadius = 6.0, arenaLineHeight = 1.4, arenaLabelOffset = 18.0
        /// Its lines: slop circles, the finger's path, a timer's ring and its largest radius, the
        /// finger's dot radius. 1.5, 2, 3, 30, 4 pt.
        public var arenaSlopLine = 1.5, arenaPathLine = 2.0, arenaTimerLine = 3.0, arenaTimerRadius = 30.0, arenaDot = 4.0
        /// The dashes of the line from a finger to its predicted position: dash and gap. 3, 2 pt.
        public var arenaDash = 3.0, arenaGap = 2.0
        /// Pointer location: the trail's and the crosshair's line widths, the finger dot's radius,
        /// a lifted finger's ring width. 2, 1, 4, 1.5 pt.
        public var pointerTrailLine = 2.0, pointerCrosshairLine = 1.0, pointerDot = 4.0, pointerRingLine = 1.5
        /// Its header bar: height and side inset as multiples of the caption font's size. 1.8, 0.6.
        public var pointerHeaderHeight = 1.8, pointerHeaderInset = 0.6
        public init() {}
    }

    /// The composition format button in the title bar and the picker it opens.
    public struct FormatPicker: Hashable, Sendable {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The title bar's button: width, inset from the bar's top and bottom, corner radius, the
        /// aspect glyph's box and line width, the gap between glyph and label. 64, 8, 8, 14, 1.5, 6 pt.
        public var buttonWidth = 64.0, buttonInset = 8.0, buttonRadius = 8.0, buttonGlyph = 14.0, glyphLine = 1.5, buttonGap = 6.0
        /// The picker: its gap below the title bar, padding, corner radius; an option's width,
        /// height, corner radius, glyph box and label height. 4, 8, 14, 68, 76, 10, 34, 18 pt.
        public var panelGap = 4.0, panelPadding = 8.0, panelRadius = 14.0
        public var optionWidth = 68.0, optionHeight = 76.0, optionRadius = 10.0, optionGlyph = 34.0, optionLabelHeight = 18.0
        /// The chosen option's outline width. 2 pt.
        public var chosenLine = 2.0
        public init() {}
    }

    /// The sticker picker: a panel of shapes above the toolbar.
    public struct StickerPicker: Hashable, Sendable {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// Shapes per row. 4.
        public var columns = 4
        /// The panel: its gap above the toolbar, padding, corner radius, the title's height. 8, 10, 18, 30 pt.
        public var panelGap = 8.0, panelPadding = 10.0, panelRadius = 18.0, titleHeight = 30.0
        /// An option: its height (its width shares the panel), corner radius, the shape's box, the label's height. 84, 12, 44, 18 pt.
        public var optionHeight = 84.0, optionRadius = 12.0, optionGlyph = 44.0, optionLabelHeight = 18.0
        public init() {}
    }

    /// The selected clip's sound controls in the timeline: level line, fade handles, track buttons.
    public struct Sound: Hashable, Sendable {
        /// The level line's and ramps' width, and the height of the strip round the line that takes drags. 2, 24 pt.
        public var lineWidth = 2.0, lineHit = 24.0
        /// A fade handle's radius, its distance below the row's top, the width of its hit area and
        /// the share of the row's height it takes (from the top; the level line takes the rest). 5, 3, 36 pt, 0.5.
        public var handleRadius = 5.0, handleTop = 3.0, handleHit = 36.0, handleHitShare = 0.5
        /// How far the fade handles and level line keep from the clip's edges at least (further
        /// when the trim handles' hit areas reach further in). 8 pt.
        public var edgeClearance = 8.0
        /// The level's label: height, text padding, gap from the line. 16, 12, 3 pt.
        public var labelHeight = 16.0, labelPadding = 12.0, labelGap = 3.0
        /// The band at the clip's top the level line stays below (the clip's title). 20 pt.
        public var lineTopReserve = 20.0
        /// The track's mute and duck buttons: size (their hit area is `handleHit` square), inset from the timeline's edge, gap. 26, 4, 6 pt.
        public var trackButton = 26.0, trackButtonInset = 4.0, trackButtonGap = 6.0
        public init() {}
    }

    /// The Export sheet the title bar's Export button opens: a panel above the toolbar.
    public struct ExportSheet: Hashable, Sendable {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The panel: its gap above the toolbar, padding, corner radius, the title's height. 8, 12, 18, 30 pt.
        public var panelGap = 8.0, panelPadding = 12.0, panelRadius = 18.0, titleHeight = 30.0
        /// A row of choices: its label's height, the choices' height, corner radius and gap, the gap under the row. 18, 36, 10, 6, 8 pt.
        public var labelHeight = 18.0, choiceHeight = 36.0, choiceRadius = 10.0, choiceGap = 6.0, rowGap = 8.0
        /// The Export / Cancel buttons' height and corner radius; the progress bar's height and the line under it. 44, 12, 8, 22 pt.
        public var buttonHeight = 44.0, buttonRadius = 12.0, progressHeight = 8.0, progressLabelHeight = 22.0
        public init() {}
    }

    /// The transition picker a cut's junction button opens: a panel of kinds above the toolbar.
    public struct TransitionPicker: Hashable, Sendable {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// Kinds per row. 3.
        public var columns = 3
        /// The panel: its gap above the toolbar, padding, corner radius, the title's height. 8, 10, 18, 30 pt.
        public var panelGap = 8.0, panelPadding = 10.0, panelRadius = 18.0, titleHeight = 30.0
        /// An option: its height, corner radius, the preview strip's box (width, height), the label's height. 84, 12, 78 × 30, 18 pt.
        public var optionHeight = 84.0, optionRadius = 12.0, previewWidth = 78.0, previewHeight = 30.0, optionLabelHeight = 18.0
        /// The preview strip: the moments it shows (shares of the transition), the gap between
        /// them, and the mark inside each tile as a share of its height (so a zoom shows). 0.2, 0.5, 0.8; 3 pt; 0.45.
        public var previewMoments = [0.2, 0.5, 0.8], previewGap = 3.0, previewMark = 0.45
        /// The chosen kind's outline width. 2 pt.
        public var chosenLine = 2.0
        /// The duration row under the kinds: its height (a finger's reach), the label's width,
        /// the track's thickness and the knob's radius (larger while held). 44, 96, 4, 9, 12 pt.
        public var durationRowHeight = 44.0, durationLabelWidth = 96.0, durationTrack = 4.0, durationKnob = 9.0, durationKnobHeld = 12.0
        public init() {}
    }

    /// The on-screen keyboard.
    public struct Keyboard: Hashable, Sendable {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// A row's height (the keys' hit areas fill it), the gap drawn between keys, the
        /// keyboard's padding, a key's corner radius. 50, 6, 4, 6 pt.
        public var rowHeight = 50.0, keyGap = 6.0, padding = 4.0, keyRadius = 6.0
        /// A letter's size on its key; an accent's least width in the long-press row. 20, 36 pt.
        public var letterFont = 20.0, accentWidth = 36.0
        public init() {}
    }

    /// Editing a text: the field, Done and the style row above the keyboard.
    public struct TextEditor: Hashable, Sendable {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// A row's height (the field, the styles), the padding around and between them, Done's
        /// width, the field's corner radius and text inset. 44, 8, 72, 10, 12 pt.
        public var barHeight = 44.0, padding = 8.0, doneWidth = 72.0, fieldRadius = 10.0, fieldInset = 12.0
        /// The caret: width, and height as a multiple of the field's font size. 2 pt, 1.3.
        public var caretWidth = 2.0, caretHeight = 1.3
        /// A style button's width, the medium "A"'s size, the gap before the colours, a colour's
        /// dot, outlines. 44, 16, 8, 26, 1.5 pt.
        public var styleSlot = 44.0, sizeGlyph = 16.0, groupGap = 8.0, swatch = 26.0, outline = 1.5
        public init() {}
    }

    /// The phone's status bar over the top inset: the clock's font and its distance from the
    /// leading edge, its height from the top. 15 pt semibold, 28 pt, 14 pt.
    public struct StatusBar: Hashable, Sendable {
        public var clockFont = Font(size: 15, weight: .semibold)
        public var clockInset = 28.0, clockTop = 14.0, clockHeight = 20.0, clockWidth = 64.0
        public init() {}
    }

    /// `tactile calibrate`: the targets' cross (arm length, line width) and ring, the
    /// instructions' font and height, the buttons (width, height ≥ 44 pt, gap, font), the test
    /// grid's dot and the dot of a touch, and how far the targets sit in from the edges (a share
    /// of the screen). 22, 2, 10 pt; 17 pt; 64 pt; 120 × 52, 16 pt; 3, 7 pt; 0.1.
    public struct Calibration: Hashable, Sendable {
        public var crossArm = 22.0, crossLine = 2.0, ringRadius = 10.0
        public var font = Font(size: 17, weight: .semibold), captionFont = Font(size: 13, weight: .medium)
        public var instructionsHeight = 64.0
        public var buttonWidth = 120.0, buttonHeight = 52.0, buttonGap = 16.0, buttonRadius = 12.0
        public var gridDot = 3.0, touchDot = 7.0, gridLine = 1.0, distanceWidth = 60.0, distanceHeight = 20.0
        /// The test grid: so many dots a side, spread over the screen. 5.
        public var gridCount = 5
        public var targetInset = 0.1
        /// The farthest a tapped target may land from its cross once fitted before the wizard asks
        /// for the taps again (a tap aimed elsewhere). 20 pt.
        public var acceptableError = 20.0
        public init() {}
    }

    /// A full-screen form: a questionnaire's item, and a study's own screens (participant number,
    /// consent, the part about to begin, thanks). Its panel's margin, padding and corner radius
    /// (12, 16, 18 pt); the heading, progress and body text (13 pt semibold, 13 pt, 20 pt
    /// semibold question, 15 pt body, lines 1.3 em apart); answer buttons at least `minimumTarget`
    /// a side (44 pt, a finger's reach) and at most `largestAnswer` (64 pt), `answerGap` apart
    /// (4 pt), with the scale's end words under them (32 pt high); choices 52 pt high, 8 pt
    /// apart; the Back and Next buttons 52 × 120 pt, 12 pt apart; the scrim's darkness (0.55).
    public struct Form: Hashable, Sendable {
        public var margin = 12.0, padding = 16.0, radius = 18.0
        public var headingFont = Font(size: 13, weight: .semibold), progressFont = Font(size: 13, weight: .regular)
        public var questionFont = Font(size: 20, weight: .semibold), bodyFont = Font(size: 15, weight: .regular)
        public var headingHeight = 18.0, progressHeight = 18.0, lineHeight = 1.3, questionMaximumLines = 6, bodyGap = 12.0, questionGap = 24.0
        public var minimumTarget = 44.0, largestAnswer = 64.0, answerGap = 4.0, answerRadius = 12.0
        public var answerFont = Font(size: 17, weight: .semibold), endFont = Font(size: 12, weight: .medium), endHeight = 32.0
        public var choiceHeight = 52.0, choiceGap = 8.0, choiceInset = 16.0
        public var buttonHeight = 52.0, buttonWidth = 120.0, buttonGap = 12.0, buttonRadius = 14.0
        public var scrim = 0.55
        /// The participant-number keypad: keys 64 pt a side at most, 10 pt apart; the number 34 pt.
        public var keyMaximum = 64.0, keyGap = 10.0, numberFont = Font(size: 34, weight: .semibold), numberHeight = 48.0
        public init() {}
    }

    public var form = Form()
    public var calibration = Calibration()
    public var canvas = Canvas()
    public var statusBar = StatusBar()
    public var textEditor = TextEditor()
    public var keyboard = Keyboard()
    public var stickerPicker = StickerPicker()
    public var transitionPicker = TransitionPicker()
    public var exportSheet = ExportSheet()
    public var sound = Sound()
    public var kiosk = Kiosk()
    public var timeline = Timeline()
    public var bars = Bars()
    public var taskCard = TaskCard()
    public var browser = Browser()
    public var clipContent = ClipContent()
    public var overlays = Overlays()
    public var formatPicker = FormatPicker()
    public init() {}
}
