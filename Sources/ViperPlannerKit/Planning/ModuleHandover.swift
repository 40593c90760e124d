/// What the builder's PR does besides wiring: the presenter becomes the interactor's output (the
/// view controller's stand-in since the Interactor PRs), and with it the loading state.
extension ModulePlanner {
    /// The interactor's output moves from the view controller (its stand-in since the Interactor PRs)
    /// to the presenter when the builder wires them: per use case, the presenter's output method
    /// with a line per outcome it forwards to the view (~3 + 1 each), the view controller's
    /// conformance method of the same size deleted, and a presenter test case (~6).
    func handover(_ module: TargetModule, name: String, prefix: String) -> [EstimatePart] {
        let n = module.interactorInputs.count
        guard n > 0, index.resolve(prefix + "Presenter") == nil else { return [] }
        let outcomes = module.interactorInputs.reduce(0) { $0 + max(1, $1.handlers) }
        let shown = Self.loadingUseCases(module)
        let loading = Self.hasLoadingState(module) ? [EstimatePart(2 * max(1, shown.count) + 4, "`displayLoading(_:)` called by the presenter around the use cases that show it (~2 each) and shown by the view (~4)")] : []
        return [EstimatePart(12 * n + 2 * outcomes, "the output of \(n) use case\(n == 1 ? "" : "s") (\(outcomes) outcome\(outcomes == 1 ? "" : "s")) moved from \(name) to `\(prefix)Presenter`, which becomes the interactor's output: per use case its output method forwarding each outcome to the view (~3 + 1 each), the view controller's conformance of the same size deleted, and a presenter test case (~6)")] + loading
    }

    /// The builder's estimate parts that hand the interactor's output to the presenter (with the
    /// loading state it turns on and off): a PR of their own when the builder is too large for one.
    static func isHandover(_ part: EstimatePart) -> Bool {
        part.label.contains(", which becomes the interactor's output") || part.label.hasPrefix("`\(loadingOutput)` called by the presenter")
    }

    /// The module's loading state: the view shows a loading screen while a use case runs.
    static func hasLoadingState(_ module: TargetModule) -> Bool { module.presenterOutputs.contains { $0.name == loadingOutput } }
    static let loadingOutput = "displayLoading(_:)"

    /// What the builder's PR does with the loading state: the presenter, now the interactor's output,
    /// turns it on when it calls a use case and off with its result ("" without one).
    static func loadingHandover(_ module: TargetModule) -> String {
        guard hasLoadingState(module), !module.interactorInputs.isEmpty,
              let output = module.presenterOutputs.first(where: { $0.name == loadingOutput }) else { return "" }
        let useCases = loadingUseCases(module)
        let around = useCases.isEmpty ? "the work of \(TaskGrouping.list(output.members.map { "`\($0)`" }))"
            : TaskGrouping.list(useCases.map { "`\($0)`" })
        return " The presenter calls `\(loadingOutput)` with `true` when it starts \(around) and `false` with \(useCases.count == 1 ? "its" : "their") result, as the view shows the loading screen today for that work only (the other use cases keep the view's own busy state); the view's `\(loadingOutput)` presents and dismisses it."
    }

    /// The use cases whose members show the loading screen today.
    static func loadingUseCases(_ module: TargetModule) -> [String] {
        guard let output = module.presenterOutputs.first(where: { $0.name == loadingOutput }) else { return [] }
        let members = Set(output.members)
        return module.interactorInputs.filter { !members.isDisjoint(with: $0.members) }.map(\.name)
    }
}
