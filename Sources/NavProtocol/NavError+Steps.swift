public import NavigationCore

extension NavError {
    /// The error with its `apply` steps named, innermost first, as the wire says them:
    /// `step 0 (nav.apply): step 1 (nav.route): …`, `data.step` the outermost index and
    /// `data.stepOp` the method of the step that failed.
    public func namingSteps(of operation: NavOperation) -> NavError {
        guard !steps.isEmpty else { return self }
        var named: [(index: Int, method: RPCMethod)] = []
        var current = operation
        for index in steps {
            guard case .apply(let operations, _) = current, operations.indices.contains(index) else { break }
            current = operations[index]
            named.append((index, RPCMethod(current)))
        }
        var error = self
        error.steps = []
        for step in named.reversed() { error = error.atStep(step.index, step.method.rawValue) }
        return error
    }
}

