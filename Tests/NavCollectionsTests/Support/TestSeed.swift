import Foundation

/// A random seed for a randomized test, printed so that a failure can be replayed:
/// `NAVD_TEST_SEED=<seed>` runs the same operations again.
func testSeed(_ name: String) -> UInt64 {
    let seed = ProcessInfo.processInfo.environment["NAVD_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1 ... .max)
    print("\(name): seed \(seed) (NAVD_TEST_SEED=\(seed) repeats it)")
    return seed
}

/// A small deterministic generator (SplitMix64): the same seed, the same operations.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
