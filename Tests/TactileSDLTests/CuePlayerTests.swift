import CSDL2
import XCTest
import TactileTestSupport
import TactileCore
import TactileUI
import TactileInput
import Foundation
@testable import TactileSDL

final class CuePlayerTests: XCTestCase, StartsPrograms {
    func testCuesQueueSoundOnAnAudioDevice() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let player = CuePlayer(configuration: TactileConfiguration().cues)
        guard player.hasSound else { throw XCTSkip("SDL has no audio device here, not even the dummy one") }
        player.play(.success)
        XCTAssertGreaterThan(player.queuedBytes, 0)
        XCTAssertEqual(player.played, 1)
    }

    func testSoundCanBeSwitchedOff() {
        var c = TactileConfiguration().cues
        c.soundEnabled = false
        let player = CuePlayer(configuration: c)
        player.play(.error)
        XCTAssertFalse(player.hasSound)
        XCTAssertEqual(player.queuedBytes, 0)
    }
}
