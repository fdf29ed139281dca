import Foundation

/// The seed of a randomized test: `NAVD_TEST_SEED` when set (to replay a failure), else a
/// fresh one. Printed either way, so every failure can be reproduced.
public func testSeed(_ name: String) -> UInt64 {
    let seed = ProcessInfo.processInfo.environment["NAVD_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1 ... .max)
    print("\(name): seed \(seed) (NAVD_TEST_SEED=\(seed) repeats it)")
    return seed
}
