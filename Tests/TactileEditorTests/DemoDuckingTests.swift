import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileHeadless
import TactileMedia

/// Ducking can be heard on the demo: someone talks over the beach (its file has a voice), and
/// the soundtrack, on a track that ducks, goes down under it — measured in the mix playback and
/// export both use, in the pauses between the voice's phrases, against the same mix undocked.
final class DemoDuckingTests: XCTestCase {
    func testTheDemosSoundtrackGoesDownWhileTheBeachsVoiceTalks() throws {
        let (project, notices) = MediaProject.demo()
        XCTAssertEqual(notices, [])
        let beach = try XCTUnwrap(project.clip(withID: "beach")?.clip.media)
        XCTAssertEqual(MediaProbe.probe(beach).audio?.codec, "aac", "the beach clip talks")
        XCTAssertEqual(project.tracks.first { $0.id == "audio" }?.ducksUnderOtherSound, true)

        func mix(_ p: Project) -> [Float] {
            let mixer = PlaybackMixer(project: p, from: .zero, sampleRate: 48_000) { MediaProbe.probe($0).audio != nil }
            var out: [Float] = []
            for _ in 0..<30 { out += mixer.render(frames: 4_800) } // 0 … 3 s
            return out
        }
        func rms(_ s: [Float], _ from: Double, _ to: Double) -> Double {
            let part = s[(Int(from * 48_000) * 2)..<(Int(to * 48_000) * 2)]
            return (part.reduce(0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
        }
        var undocked = project
        undocked.tracks[undocked.tracks.firstIndex { $0.id == "audio" }!].ducksUnderOtherSound = false
        let ducked = mix(project), plain = mix(undocked)
        // 2.25 … 2.5 s: a pause between the voice's phrases, the soundtrack alone.
        let down = 20 * log10(rms(ducked, 2.25, 2.5) / rms(plain, 2.25, 2.5))
        XCTAssertEqual(down, TactileConfiguration().media.duckDecibels, accuracy: 1.5, "the soundtrack is down by media.duckDecibels")
        XCTAssertGreaterThan(rms(ducked, 1.0, 1.6), rms(ducked, 2.25, 2.5) * 2, "the voice stands out over it")
    }
}
