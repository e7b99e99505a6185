/// The kinds of test `Scripts/test` sorts the suite by. A test class says its kind by adopting one
/// of these on its class line (`final class OneWriterTests: XCTestCase, StartsPrograms`); the script
/// finds them there, and names no class itself. A class that adopts neither is a test of pure logic
/// or a headless one on the virtual clock, run in the parallel part.
///
/// Tests that start programs (`tactile`, Chromium, Prometheus), bind ports, open windows or work
/// on both cores themselves: run in the second part, never beside one another (a headless part
/// runs beside them).
public protocol StartsPrograms {}

/// Tests that time something on the real clock, hold a real window's timing, or make what every
/// other part reads (the demo media): run first, alone, with the cores to themselves.
public protocol RunsAlone {}
