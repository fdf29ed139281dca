/// A promise of navd that an input broke: printed with what libFuzzer needs to show it, then
/// a trap, which libFuzzer records as a crash (the input is saved under the artifact prefix).
public func broken(_ promise: String, _ detail: @autoclosure () -> String = "") -> Never {
    let text = detail()
    fatalError("navd fuzz: broken promise: \(promise)" + (text.isEmpty ? "" : "\n\(text)"))
}

/// `broken` unless `condition` holds.
public func expect(_ condition: Bool, _ promise: String, _ detail: @autoclosure () -> String = "") {
    if !condition { broken(promise, detail()) }
}
