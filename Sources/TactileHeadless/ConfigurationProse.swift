/// The words of Docs/Configuration.md around the tables the declarations make
/// (`ConfigurationDocs`): what a file is, a feel study step by step, the feel presets' sources.
enum ConfigurationProse {
    /// What a configuration file is, variants, where the sections live.
    static let intro = #"""
        # Configuration

        Every tunable number of Tactile lives in one configuration. A file (JSON) names only the keys it
        changes; the rest keep the defaults below. `tactile run --config FILE` applies edits to the file
        within a second while Tactile runs; a file with a mistake shows a banner naming the key and the
        settings in use stay. `tactile config` prints every key with its default; `tactile config --check
        FILE [--variant B]` checks a file.

        Every number has a valid range (the *Valid* column): `config --check`, the start and every live
        reload refuse a value outside it with the key named (a reload keeps the settings in use and shows
        a banner), so no setting can crash or hang the editor. `tactile config --ranges` prints them as JSON.

        Named variants let a study compare two settings: `--variant B` lays `variants.B` over the rest.

        ```json
        {
          "timeline": { "snapThreshold": 8 },
          "layout": { "handleHitMultiplier": 3 },
          "variants": {
            "A": {},
            "B": { "timeline": { "snapThreshold": 2 }, "input": { "tapSlop": 10 } }
          }
        }
        ```

        Each section is owned by the module whose feature it tunes and declared there, in
        `Sources/<Module>/Configuration/<Name>Section.swift` with its settings and rules;
        `ConfigurationSchema.tactile` (TactileHeadless) lists them. Each setting is declared once there
        (`@Setting`: its default, range and words), and this file is generated from those declarations
        by `tactile config --docs` (`Scripts/config-docs` writes it); a test checks that it is up to date.
        """#

    /// After the `feel` table: a feel study, step by step.
    static let feelStudy = #"""
        ### A feel study, step by step

        Each variant changes one thing and leaves the rest; `tactile run --config feel.json --variant late50
        --record DIR` runs one, and `tactile report DIR…` compares the sessions (input-to-present latency
        per gesture, prediction error, misses, edits, time on task). Set `--monitor` to watch the latency
        as it happens and `--arena` to see which gesture won each touch and why.

        ```json
        {
          "variants": {
            "baseline": {},
            "late25":  { "feel": { "addedLatency": 25 } },
            "late50":  { "feel": { "addedLatency": 50 } },
            "late100": { "feel": { "addedLatency": 100 } },
            "predicted": { "feel": { "prediction": "kalman" } },
            "android": { "feel": { "preset": "android" } },
            "magnetic": { "feel": { "movePolicy": "ripple" } },
            "tearing": { "window": { "vsync": false } }
          }
        }
        ```

        What each knob changes, for the person at the screen:

        - `addedLatency` delays every touch before the editor sees it (the touch indicators of
          `--show-touches` still follow the finger, so the lag shows). Studies found people notice about
          24 ms on taps and under 10 ms on drags.
        - `prediction` draws drags, scrolls, trims and scrubs where the finger will be when the picture
          reaches the screen, hiding most of the lag on smooth drags; it never changes the project.
        - `preset` takes a platform's slops and timings: on `android` a 450 ms hold is already a long
          press; on `ios` it is not.
        - `maxFrameRate` caps animation frames (fling, springs, sheets) at 120, 60 or 30 a second.
        - `movePolicy`, `snapVisibleOnly`, `snapGuide`, `snapCue`, `handlesInside`, `timecodeRounding`,
          `timecodeFrames`, `rulerDots` switch the trimming article's design choices, so a study can
          measure what each is worth.
        - `window.vsync` off shows each picture as soon as it is drawn: less latency, some tearing.
        """#

    /// At the end: the feel presets and where each number comes from.
    static let presets = #"""
        ## Feel presets

        `feel.preset` lays a platform's published touch values under the file: the file's own keys (and a
        variant's) still win, so a variant can start from `ios` or `android` and change one key. Where a
        platform publishes no number, the value kept and why are said. dp are taken as points.

        | Key | `tactile` | `ios` | `android` |
        |---|---|---|---|
        | `input.tapSlop` | 18 pt (Flutter's kTouchSlop) | 10 pt — not published by Apple; measured on iOS 16 [C] | 8 dp — TOUCH_SLOP [A1, A2] |
        | `input.longPressSlop` | 10 pt | 10 pt — UILongPressGestureRecognizer.allowableMovement [I1] | 8 dp — a long press ends at the touch slop [A3] |
        | `input.doubleTapSlop` | 40 pt | 40 pt — not published; Tactile's kept | 100 dp — DOUBLE_TAP_SLOP [A1] |
        | `input.tapMaximumDuration` | 0.5 s | 0.5 s — a press that long is a long press [I1] | 0.4 s — a press lasting the long-press timeout is no tap [A3] |
        | `input.longPressDuration` | 0.5 s | 0.5 s — minimumPressDuration [I1] | 0.4 s — DEFAULT_LONG_PRESS_TIMEOUT (500 ms before Android 12) [A1] |
        | `input.doubleTapInterval` | 0.3 s | 0.3 s — not published; as Compose Multiplatform on iOS [C] | 0.3 s — DOUBLE_TAP_TIMEOUT [A1] |
        | `input.maximumFlingSpeed` | 8,000 pt/s | 8,000 pt/s — not published; Flutter's kMaxFlingVelocity [F1] | 8,000 dp/s — MAXIMUM_FLING_VELOCITY [A1, A2] |
        | `timeline.physics.decelerationRate` | 0.998 / ms | 0.998 / ms — UIScrollView.DecelerationRate.normal [I2] | 0.997 / ms — OverScroller's spline (friction 0.015) matched in distance for 2,000–3,000 dp/s flings [A4] |
        | `timeline.physics.rubberBandCoefficient` | 0.55 | 0.55 — UIScrollView's rubber band (1 − 1/(x·c/d + 1))·d [I3] | 0.2 — not published: how hard the stretch resists, chosen so a pull of half the screen stretches the content by about a tenth, as Android 12 looks [A5] |
        | `timeline.physics.overscroll` | bounce | bounce — the content moves past its end on the rubber band [I3] | stretch — OVERSCROLL_DISTANCE 0 dp: the content's end stays put and the content stretches away from it (EdgeEffect's stretch, Android 12) [A1, A5] |
        | `timeline.physics.flingAcceleration` | none | momentum — repeated flings accelerate: sign·min(0.000816·\|v\|^1.967, 40000) carried, as Flutter models UIScrollView [F2] | flywheel — a fling during a coast the same way adds the speed still left (OverScroller's mFlywheel) [A4] |
        | `timeline.physics.bounceResponse` | 0.4 s | 0.44 s — Flutter's iOS bounce spring, mass 0.5, stiffness 100 (2π/ω) [F2] | 0.255 s — EdgeEffect's stretch spring, ω 24.657 rad/s (2π/ω) [A5] |

        Sources: [A1] AOSP `frameworks/base/core/java/android/view/ViewConfiguration.java`;
        [A2] AOSP `core/res/res/values/config.xml`; [A3] AOSP `core/java/android/view/GestureDetector.java`;
        [A4] AOSP `core/java/android/widget/OverScroller.java`; [A5] AOSP `core/java/android/widget/EdgeEffect.java`;
        [I1] developer.apple.com/documentation/uikit/uilongpressgesturerecognizer (minimumPressDuration, allowableMovement);
        [I2] developer.apple.com/documentation/uikit/uiscrollview/decelerationrate (the values as UIKit reports them at run time);
        [I3] the UIScrollView rubber-band formula (gist.github.com/originell/6961057);
        [C] JetBrains compose-multiplatform-core pull request 700 (iOS 16 measurements);
        [F1] Flutter `packages/flutter/lib/src/gestures/constants.dart`; [F2] Flutter `widgets/scroll_physics.dart`.
        """#
}
